// Slot times are the organization's wall clock; they are formatted as text, never passed through Date.

/** '13:30' -> '1:30 PM' (docs/rules/scheduling.md#booking-slots). */
export function label12h(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** '1:30 PM' -> '13:30'; null when it is not a 12-hour time. */
export function from12h(label: string): string | null {
  const match = /^(\d{1,2}):([0-5]\d)\s*([AP])M$/i.exec(label.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour < 1 || hour > 12) return null;
  const h24 = (hour % 12) + (match[3].toUpperCase() === 'P' ? 12 : 0);
  return `${String(h24).padStart(2, '0')}:${match[2]}`;
}

/** What the booking call takes: 'YYYY-MM-DDTHH:MM:00', 24-hour, zero seconds, no zone. */
export function localDateTime(date: string, hhmm: string): string {
  return `${date}T${hhmm.slice(0, 5)}:00`;
}

/** 'America/New_York' -> 'America/New York (EST)': the zone the times are in, named for people. */
export function timeZoneLabel(timeZone: string, at = new Date()): string {
  let short: string;
  try {
    short = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return timeZone;
  }
  const name = timeZone.replace(/_/g, ' ');
  return short && short !== timeZone ? `${name} (${short})` : name;
}

/** '60 minutes', '1 minute'. */
export function durationLabel(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
