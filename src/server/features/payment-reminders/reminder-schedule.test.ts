// When reminders fall due: 09:00 wall clock in the organization's zone across DST, quiet hours over midnight, one catch-up.
import { describe, expect, it } from 'vitest';
import { lateFeePeriod } from './late-fees';
import { dueWhen, inQuietHours, outsideQuietHours, stepDueAt, stepsToPlan } from './reminder-schedule';

const NY = 'America/New_York';

describe('reminder schedule', () => {
  it('falls due at 09:00 in the zone, whatever the clocks did (2027-03-14 and 2027-11-07 in New York)', () => {
    expect(stepDueAt('2027-03-10', 3, NY).toISOString()).toBe('2027-03-13T14:00:00.000Z'); // EST
    expect(stepDueAt('2027-03-10', 4, NY).toISOString()).toBe('2027-03-14T13:00:00.000Z'); // the change day, EDT
    expect(stepDueAt('2027-11-10', -3, NY).toISOString()).toBe('2027-11-07T14:00:00.000Z'); // back to EST that morning
    expect(stepDueAt('2027-11-10', -4, NY).toISOString()).toBe('2027-11-06T13:00:00.000Z');
  });

  it('keeps quiet hours that run over midnight, and ends them at their end time', () => {
    const quiet = { start: '21:00', end: '08:00' };
    expect(inQuietHours('22:30', quiet)).toBe(true);
    expect(inQuietHours('07:59', quiet)).toBe(true);
    expect(inQuietHours('08:00', quiet)).toBe(false);
    expect(inQuietHours('12:00', { start: '12:00', end: '13:00' })).toBe(true);
    // 22:30 EST on Nov 6 waits until 08:00 EST on Nov 7, after the clocks went back.
    expect(outsideQuietHours(new Date('2027-11-07T02:30:00Z'), NY, quiet).toISOString()).toBe('2027-11-07T13:00:00.000Z');
    // 06:00 waits until 08:00 the same day; 10:00 is free.
    expect(outsideQuietHours(new Date('2027-05-03T10:00:00Z'), NY, quiet).toISOString()).toBe('2027-05-03T12:00:00.000Z');
    const free = new Date('2027-05-03T14:00:00Z');
    expect(outsideQuietHours(free, NY, quiet)).toBe(free);
    expect(outsideQuietHours(free, NY, null)).toBe(free);
  });

  it('sends only the latest step due per channel and skips the earlier ones it never wrote', () => {
    const steps = [
      { days: -3, enabled: true, email: true, sms: false },
      { days: 0, enabled: true, email: true, sms: true },
      { days: 7, enabled: true, email: true, sms: false },
      { days: 14, enabled: false, email: true, sms: false },
    ];
    const plan = stepsToPlan(steps, '2027-04-01', NY, new Date('2027-04-20T00:00:00Z'), new Set(['-3:email']));
    expect(plan.send.map((s) => `${s.days}:${s.channel}`)).toEqual(['7:email', '0:sms']);
    expect(plan.skip.map((s) => `${s.days}:${s.channel}`)).toEqual(['0:email']);
  });

  it('says when the invoice is due in calendar days of the zone', () => {
    expect(dueWhen('2027-04-10', new Date('2027-04-07T14:00:00Z'), NY)).toBe('due in 3 days');
    expect(dueWhen('2027-04-10', new Date('2027-04-11T03:00:00Z'), NY)).toBe('due today'); // 23:00 on the 10th in New York
    expect(dueWhen('2027-04-10', new Date('2027-04-11T14:00:00Z'), NY)).toBe('1 day overdue');
  });

  it('counts late fee periods after the grace days: one, or one per 30 days', () => {
    expect(lateFeePeriod(5, 5, 'once')).toBe(0);
    expect(lateFeePeriod(6, 5, 'once')).toBe(1);
    expect(lateFeePeriod(400, 5, 'once')).toBe(1);
    expect(lateFeePeriod(11, 10, 'monthly')).toBe(1);
    expect(lateFeePeriod(40, 10, 'monthly')).toBe(1);
    expect(lateFeePeriod(41, 10, 'monthly')).toBe(2);
    expect(lateFeePeriod(71, 10, 'monthly')).toBe(3);
  });
});
