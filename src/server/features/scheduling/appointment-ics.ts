// The calendar attachment of appointment e-mails (RFC 5545 / iTIP RFC 5546): REQUEST for new and changed
// appointments, CANCEL for cancelled ones, one UID per appointment so calendars update the same event.

export interface IcsEvent {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  /** A request not yet confirmed by the business: STATUS:TENTATIVE, so calendars show it as such. */
  tentative?: boolean;
  /** Grows with every change, so a calendar takes the newest version. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  organizer: { name: string; email: string };
  attendee: { name?: string | null; email: string };
  stamp?: Date;
}

/**
 * The host in every UID (RFC 5545 3.8.4.7: unique worldwide, conventionally id@domain): APP_URL's host. An
 * installation without APP_URL (its address is then localhost) uses MAIL_FROM's domain instead, so events of
 * two installations never share a UID.
 */
export function uidHost(appUrl: string, mailFrom: string): string {
  const host = (() => {
    try {
      return new URL(appUrl).hostname;
    } catch {
      return '';
    }
  })();
  const local = !host || host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  if (!local) return host;
  const domain = /@([^\s<>@]+?)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase();
  return domain || 'tradebook.invalid';
}

export const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT escaping of RFC 5545 3.3.11. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value in quotes cannot hold quotes or control characters. */
const param = (s: string) => `"${[...s].filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 0x20 && ch !== '\x7f').join('')}"`;

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1), never splitting a character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcs(e: IcsEvent): string {
  const cancelled = e.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tradebook//Scheduling//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp ?? new Date())}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;${e.attendee.name ? `CN=${param(e.attendee.name)};` : ''}ROLE=REQ-PARTICIPANT;PARTSTAT=${cancelled ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${cancelled ? 'CANCELLED' : e.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
