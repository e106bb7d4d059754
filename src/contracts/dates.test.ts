import { describe, expect, it } from 'vitest';
import { calendarDateSchema, FIRST_YEAR, isCalendarDate, isInstantInRange, LAST_YEAR } from './dates';
import { instantInput } from './line-items';
import { recordPaymentBodySchema } from './payments';
import { reportQuerySchema } from './reports';
import { appointmentsQuerySchema, createAppointmentBodySchema, publicDayQuerySchema } from './scheduling';
import { createVendorPaymentBodySchema } from './vendors';

const EDGES_OUT = ['9999-12-31', '0000-01-01', '2026-02-30', '2025-02-29', '1899-12-31', '3000-01-01', '2026-13-01', '2026-00-10', '10000-01-01', '2026-1-5', ''];
const EDGES_IN = ['1900-01-01', '2999-12-31', '2024-02-29', '2026-06-15'];

describe('the accepted calendar', () => {
  it(`takes real dates from ${FIRST_YEAR} through ${LAST_YEAR} and nothing else`, () => {
    for (const d of EDGES_IN) expect(isCalendarDate(d), d).toBe(true);
    for (const d of EDGES_OUT) expect(isCalendarDate(d), d).toBe(false);
    expect(calendarDateSchema.safeParse('9999-12-31').error?.issues[0].message).toBe('Use the YYYY-MM-DD date format');
  });

  it('bounds instants the same way', () => {
    expect(isInstantInRange(new Date('2999-12-31T23:59:59.999Z'))).toBe(true);
    expect(isInstantInRange(new Date('3000-01-01T00:00:00.000Z'))).toBe(false);
    expect(isInstantInRange(new Date('1899-12-31T23:59:59.999Z'))).toBe(false);
    expect(isInstantInRange(new Date('not a date'))).toBe(false);
  });

  it('every date schema of the contracts uses it', () => {
    const refused = (parse: (v: string) => { success: boolean }) => EDGES_OUT.filter((d) => d !== '' && parse(d).success);
    expect(refused((v) => publicDayQuerySchema.safeParse({ date: v }))).toEqual([]);
    expect(refused((v) => appointmentsQuerySchema.safeParse({ from: v, to: v }))).toEqual([]);
    expect(refused((v) => reportQuerySchema.safeParse({ from: v, to: v }))).toEqual([]);
    expect(refused((v) => instantInput.safeParse(v))).toEqual([]);
    expect(refused((v) => recordPaymentBodySchema.safeParse({ invoiceId: 1, amount: '10.00', receivedDate: v }))).toEqual([]);
    expect(refused((v) => createVendorPaymentBodySchema.safeParse({ vendorId: 1, amount: '10.00', paymentDate: v }))).toEqual([]);
    expect(refused((v) => createAppointmentBodySchema.safeParse({ title: 'Visit', appointmentDate: `${v}T10:00` }))).toEqual([]);
    // And still takes the edges that are in.
    expect(reportQuerySchema.safeParse({ from: '1900-01-01', to: '2999-12-31' }).success).toBe(true);
    expect(recordPaymentBodySchema.safeParse({ invoiceId: 1, amount: '10.00', receivedDate: '2999-12-31T23:00:00.000Z' }).success).toBe(true);
  });
});
