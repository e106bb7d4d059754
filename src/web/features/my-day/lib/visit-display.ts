// How a visit reads on the phone (docs/rules/team.md#my-day): times on the organization's clock, the map link,
// the phone link and the state line. Wall-clock times are formatted as text, never passed through Date.
import type { MyDayVisit } from '@contracts/my-day';
import { label12h } from '@/lib/time-labels';

/** '2026-11-27T13:30:00' -> '1:30 PM'. */
export function wallTime(wall: string): string {
  return label12h(wall.slice(11, 16));
}

/** '2026-11-27' -> 'Friday, Nov 27'. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The calendar date n days after the date. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** '10:40 AM': an instant on the organization's clock. */
export function clockTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(typeof instant === 'string' ? new Date(instant) : instant)
    .replace(/\u202f/g, ' ');
}

/**
 * The address as a link the phone's map app opens. iPhones and iPads open Apple Maps from maps.apple.com (always
 * installed; `geo:` does nothing there); everything else gets Google's documented cross-platform Maps URL, which
 * Android hands to the Maps app and a desktop opens in the browser.
 */
export function mapsUrl(address: string, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const q = encodeURIComponent(address);
  return /iPhone|iPad|iPod/.test(userAgent) ? `https://maps.apple.com/?q=${q}` : `https://www.google.com/maps/search/?api=1&query=${q}`;
}

/** tel: with the digits and a leading + only, which every phone dialer takes. */
export function telUrl(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** '(555) 555-0123' for ten digits (or +1 and ten); anything else as typed. */
export function phoneLabel(phone: string): string {
  const d = phone.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone;
}

export type VisitStage = 'booked' | 'on-the-way' | 'started' | 'completed' | 'no-show';

export function stageOf(v: Pick<MyDayVisit, 'status' | 'onMyWayAt' | 'startedAt' | 'completedAt'>): VisitStage {
  if (v.status === 'completed' || v.completedAt) return 'completed';
  if (v.status === 'no_show') return 'no-show';
  if (v.startedAt) return 'started';
  if (v.onMyWayAt) return 'on-the-way';
  return 'booked';
}

/** The state line: 'On the way, arriving ~10:40 AM', 'Started at 9:05 AM', 'Completed at 10:12 AM'. */
export function stageLabel(v: MyDayVisit, timeZone: string): string {
  switch (stageOf(v)) {
    case 'completed':
      return v.completedAt ? `Completed at ${clockTime(v.completedAt, timeZone)}` : 'Completed';
    case 'no-show':
      return 'No-show';
    case 'started':
      return `Started at ${clockTime(v.startedAt ?? '', timeZone)}`;
    case 'on-the-way':
      return v.expectedArrivalAt ? `On the way, arriving ~${clockTime(v.expectedArrivalAt, timeZone)}` : 'On the way';
    default:
      return v.status === 'pending' ? 'Awaiting confirmation' : v.status === 'confirmed' ? 'Confirmed' : 'Scheduled';
  }
}

/** Who "On my way" tells and how, in words. */
export function notifyLabel(v: Pick<MyDayVisit, 'notify' | 'customerName'>): string {
  const who = v.customerName ?? 'The customer';
  if (!v.notify) return 'This visit has no phone or e-mail: nobody will be told.';
  return v.notify.channel === 'sms' ? `${who} gets a text at ${phoneLabel(v.notify.to)}.` : `${who} gets an e-mail at ${v.notify.to}.`;
}
