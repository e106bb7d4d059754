import { describe, expect, it } from 'vitest';
import { clockTime as contractClockTime } from '@contracts/my-day';
import { clockTime, dayLabel, mapsUrl, notifyLabel, phoneLabel, shiftDate, stageLabel, telUrl, wallTime } from '@/features/my-day/lib/visit-display';

const visit = { status: 'scheduled', onMyWayAt: null, expectedArrivalAt: null, startedAt: null, completedAt: null } as const;

describe('visit display', () => {
  it('reads wall clocks and days as text', () => {
    expect(wallTime('2026-11-27T13:05:00')).toBe('1:05 PM');
    expect(dayLabel('2026-11-27')).toBe('Friday, Nov 27');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads instants on the organization’s clock, as the server’s message does', () => {
    const at = '2026-11-27T18:40:00.000Z';
    expect(clockTime(at, 'America/Los_Angeles')).toBe('10:40 AM');
    expect(clockTime(at, 'America/New_York')).toBe('1:40 PM');
    expect(clockTime(at, 'Europe/Berlin')).toBe(contractClockTime(at, 'Europe/Berlin'));
  });

  it('links the address to the phone’s map app and the phone to its dialer', () => {
    expect(mapsUrl('12 Oak St, Springfield, IL', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('https://maps.apple.com/?q=12%20Oak%20St%2C%20Springfield%2C%20IL');
    expect(mapsUrl('12 Oak St', 'Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Oak%20St');
    expect(telUrl('(555) 555-0123')).toBe('tel:5555550123');
    expect(telUrl('+44 20 7946 0018')).toBe('tel:+442079460018');
    expect(phoneLabel('+15555550123')).toBe('(555) 555-0123');
  });

  it('says the state and who is told', () => {
    const tz = 'America/Los_Angeles';
    expect(stageLabel({ ...visit } as never, tz)).toBe('Scheduled');
    expect(stageLabel({ ...visit, onMyWayAt: '2026-11-27T18:20:00Z', expectedArrivalAt: '2026-11-27T18:40:00Z' } as never, tz)).toBe('On the way, arriving ~10:40 AM');
    expect(stageLabel({ ...visit, startedAt: '2026-11-27T18:45:00Z' } as never, tz)).toBe('Started at 10:45 AM');
    expect(stageLabel({ ...visit, status: 'completed', completedAt: '2026-11-27T19:30:00Z' } as never, tz)).toBe('Completed at 11:30 AM');
    expect(notifyLabel({ customerName: 'Pat', notify: { channel: 'sms', to: '+15555550123' } })).toBe('Pat gets a text at (555) 555-0123.');
    expect(notifyLabel({ customerName: null, notify: null })).toBe('This visit has no phone or e-mail: nobody will be told.');
  });
});
