import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_STEPS, MAX_REMINDER_STEPS, type PaymentReminderSettings } from '@contracts/payment-reminders';
import { canAddReminderStep, nextReminderStep, paymentReminderFormSchema, paymentReminderFormValues, PAYMENT_REMINDER_FIELDS } from './payment-reminder-form';

const settings: PaymentReminderSettings = {
  enabled: false,
  steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })),
  emailSubject: 'Invoice {invoiceNumber}',
  emailBody: 'Hello {customerName}',
  smsBody: 'Pay {payLink}',
  quietHoursStart: null,
  quietHoursEnd: null,
  lateFeeType: 'none',
  lateFeeValue: null,
  lateFeeRecurrence: 'once',
  lateFeeGraceDays: 0,
  timeZone: 'America/New_York',
  variables: ['customerName'],
};

const issues = (values: unknown) => {
  const result = paymentReminderFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('payment reminder form', () => {
  it('starts from the settings as the inputs show them, and sends them back as the contract reads them', () => {
    const values = paymentReminderFormValues(settings);
    expect(values.steps[0]).toEqual({ days: '-3', enabled: true, email: true, sms: false });
    expect(values).toMatchObject({ quietHoursStart: '', lateFeeValue: '', lateFeeGraceDays: '0' });
    const body = paymentReminderFormSchema.parse(values);
    expect(body).toMatchObject({ quietHoursStart: null, quietHoursEnd: null, lateFeeValue: null, lateFeeGraceDays: 0 });
    expect(body.steps.map((s) => s.days)).toEqual([-3, 0, 7, 14, 30]);
  });

  it('reads a percent fee as typed, and sends quiet hours and the fee', () => {
    const values = paymentReminderFormValues({ ...settings, lateFeeType: 'percent', lateFeeValue: '1.50', lateFeeRecurrence: 'monthly', lateFeeGraceDays: 10 });
    expect(values.lateFeeValue).toBe('1.5');
    const body = paymentReminderFormSchema.parse({ ...values, quietHoursStart: '20:00', quietHoursEnd: '08:00' });
    expect(body).toMatchObject({ quietHoursStart: '20:00', quietHoursEnd: '08:00', lateFeeType: 'percent', lateFeeValue: '1.50', lateFeeRecurrence: 'monthly', lateFeeGraceDays: 10 });
  });

  it('drops a fee value the hidden field still holds once there is no fee', () => {
    const body = paymentReminderFormSchema.parse({ ...paymentReminderFormValues(settings), lateFeeType: 'none', lateFeeValue: 'abc' });
    expect(body.lateFeeValue).toBeNull();
  });

  it("shows the contract's messages on the fields' paths", () => {
    const values = paymentReminderFormValues(settings);
    const withStep = (index: number, change: Partial<(typeof values.steps)[number]>) => ({ ...values, steps: values.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) });
    expect(issues(withStep(1, { days: '2.5' }))).toEqual([{ path: 'steps.1.days', message: 'Days must be a whole number' }]);
    expect(issues(withStep(4, { days: '7' }))).toEqual([{ path: 'steps.4.days', message: 'Each reminder needs its own day' }]);
    expect(issues(withStep(0, { email: false }))).toEqual([{ path: 'steps.0.email', message: 'Choose e-mail, text message or both' }]);
    expect(issues({ ...values, quietHoursStart: '20:00' })).toEqual([{ path: 'quietHoursEnd', message: 'Set both ends of the quiet hours, or neither' }]);
    expect(issues({ ...values, lateFeeType: 'fixed', lateFeeValue: '' })).toEqual([{ path: 'lateFeeValue', message: 'Enter the late fee' }]);
    expect(issues({ ...values, lateFeeGraceDays: '' })).toEqual([{ path: 'lateFeeGraceDays', message: 'Grace days must be a whole number' }]);
  });

  it('adds a step a week after the latest, on a day of its own, up to the most allowed', () => {
    expect(nextReminderStep([{ days: '-3' }, { days: '30' }])).toEqual({ days: '37', enabled: true, email: true, sms: false });
    expect(nextReminderStep([{ days: '365' }, { days: '364' }]).days).toBe('363');
    expect(nextReminderStep([{ days: 'x' }]).days).toBe('7');
    expect(canAddReminderStep(MAX_REMINDER_STEPS - 1)).toBe(true);
    expect(canAddReminderStep(MAX_REMINDER_STEPS)).toBe(false);
  });

  it('places server issues by the top-level field names', () => {
    expect(PAYMENT_REMINDER_FIELDS).toEqual(expect.arrayContaining(['steps', 'quietHoursEnd', 'lateFeeValue']));
  });
});
