// Payment reminder settings on the organization screen in the browser (docs/rules/money-and-payments.md#payment-reminders):
// the organization's admin turns reminders on, changes the schedule, quiet hours and the late fee, and all of it is
// still there after a reload; a schedule the contract refuses is shown on its field and nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEFAULT_REMINDER_EMAIL,
  DEFAULT_REMINDER_SMS,
  DEFAULT_REMINDER_STEPS,
  DEFAULT_REMINDER_SUBJECT,
  type PaymentReminderSettings,
  type PaymentReminderSettingsInput,
} from '../src/contracts/payment-reminders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { apiJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

const SETTINGS = '/api/payment-reminders/settings';

let browser: Browser;
// The demo organization is shared with every other spec of the run: the settings found are put back afterwards, so
// no other spec's invoices start being reminded or charged a late fee.
let found: PaymentReminderSettings | null = null;

/** What PUT takes of what GET answered (the time zone and variables are the server's to say). */
function inputOf({ timeZone: _timeZone, variables: _variables, ...settings }: PaymentReminderSettings): PaymentReminderSettingsInput {
  return settings;
}

async function putSettings(page: Page, body: PaymentReminderSettingsInput) {
  const response = await page.request.put(SETTINGS, { data: body });
  if (!response.ok()) throw new Error(`PUT ${SETTINGS} answered ${response.status()}: ${await response.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (found && browser) {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await putSettings(page, inputOf(found));
    await context.close();
  }
  await browser?.close();
});

async function openReminders(page: Page) {
  await page.goto('/organization');
  const card = page.getByTestId('payment-reminders-card');
  await card.getByTestId('payment-reminders-form').waitFor();
  return card;
}

function stepRow(page: Page, label: string) {
  return page.getByTestId('reminder-step').filter({ has: page.getByTestId('reminder-step-label').getByText(label, { exact: true }) });
}

describe('payment reminder settings', () => {
  it('an admin turns reminders on and sets the schedule, quiet hours and a late fee; all of it stays after a reload', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    found = await apiJson<PaymentReminderSettings>(page, SETTINGS);
    // A known start whatever an earlier spec left: the settings an organization has before it first saves.
    await putSettings(page, {
      enabled: false,
      steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })),
      emailSubject: DEFAULT_REMINDER_SUBJECT,
      emailBody: DEFAULT_REMINDER_EMAIL,
      smsBody: DEFAULT_REMINDER_SMS,
      quietHoursStart: null,
      quietHoursEnd: null,
      lateFeeType: 'none',
      lateFeeValue: null,
      lateFeeRecurrence: 'once',
      lateFeeGraceDays: 0,
    });

    const card = await openReminders(page);
    await card.getByRole('heading', { name: 'Payment reminders', exact: true }).waitFor();
    const save = card.getByRole('button', { name: 'Save reminder settings' });
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('reminder-step-label').allTextContents()).toEqual([
      '3 days before the due date',
      'On the due date',
      '7 days after the due date',
      '14 days after the due date',
      '30 days after the due date',
    ]);
    const variables = await card.getByTestId('reminder-variables').textContent();
    expect(variables).toContain('{customerName}');
    expect(variables).toContain('{payLink}');
    // The late fee's fields wait for a fee to be chosen.
    expect(await card.getByLabel('Grace days').count()).toBe(0);

    await card.getByLabel('Send payment reminders automatically').check();
    await stepRow(page, '7 days after the due date').getByLabel('Text message').check();
    await card.getByRole('button', { name: 'Add reminder' }).click();
    const added = page.getByTestId('reminder-step').last();
    await added.getByLabel('Days from the due date').fill('60');
    await added.getByText('60 days after the due date', { exact: true }).waitFor();

    const quiet = card.getByTestId('quiet-hours');
    await quiet.getByLabel('Start').fill('20:00');
    await quiet.getByLabel('End').fill('08:00');

    const fee = card.getByTestId('late-fee');
    await fee.getByLabel('Fee', { exact: true }).selectOption('percent');
    await fee.getByLabel('Percent').fill('1.5');
    await fee.getByLabel('Charged').selectOption('monthly');
    await fee.getByLabel('Grace days').fill('10');
    expect(await fee.getByTestId('late-fee-summary').textContent()).toBe('Added to an unpaid invoice 10 days after the due date, then again every month while it stays unpaid.');

    const put = page.waitForResponse((r) => new URL(r.url()).pathname === SETTINGS && r.request().method() === 'PUT');
    await save.click();
    expect((await put).status()).toBe(200);
    await waitForToast(page, 'Payment reminder settings saved');
    await expect.poll(() => save.isDisabled()).toBe(true);

    // After a reload: the switch, the schedule, the quiet hours and the fee as saved.
    await page.reload();
    const again = page.getByTestId('payment-reminders-card');
    await again.getByTestId('payment-reminders-form').waitFor();
    expect(await again.getByLabel('Send payment reminders automatically').isChecked()).toBe(true);
    expect(await page.getByTestId('reminder-step-label').allTextContents()).toEqual([
      '3 days before the due date',
      'On the due date',
      '7 days after the due date',
      '14 days after the due date',
      '30 days after the due date',
      '60 days after the due date',
    ]);
    expect(await stepRow(page, '7 days after the due date').getByLabel('Text message').isChecked()).toBe(true);
    expect(await stepRow(page, '14 days after the due date').getByLabel('Text message').isChecked()).toBe(false);
    expect(await stepRow(page, '60 days after the due date').getByLabel('E-mail').isChecked()).toBe(true);
    expect(await again.getByTestId('quiet-hours').getByLabel('Start').inputValue()).toBe('20:00');
    expect(await again.getByTestId('quiet-hours').getByLabel('End').inputValue()).toBe('08:00');
    const feeAgain = again.getByTestId('late-fee');
    expect(await feeAgain.getByLabel('Fee', { exact: true }).inputValue()).toBe('percent');
    expect(await feeAgain.getByLabel('Percent').inputValue()).toBe('1.5');
    expect(await feeAgain.getByLabel('Charged').inputValue()).toBe('monthly');
    expect(await feeAgain.getByLabel('Grace days').inputValue()).toBe('10');
    const saved = await apiJson<PaymentReminderSettings>(page, SETTINGS);
    expect(saved).toMatchObject({ enabled: true, quietHoursStart: '20:00', quietHoursEnd: '08:00', lateFeeType: 'percent', lateFeeRecurrence: 'monthly', lateFeeGraceDays: 10 });
    expect(Number(saved.lateFeeValue)).toBe(1.5);
    expect(saved.steps.find((s) => s.days === 7)).toMatchObject({ email: true, sms: true });
    expect(saved.steps.map((s) => s.days)).toContain(60);

    // Two reminders on the same day: the contract's message on the second one's days, and no request.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === SETTINGS) puts.push(r.url());
    });
    const last = page.getByTestId('reminder-step').last();
    await last.getByLabel('Days from the due date').fill('30');
    await again.getByRole('button', { name: 'Save reminder settings' }).click();
    await last.getByTestId('reminder-step-error').getByText('Each reminder needs its own day', { exact: true }).waitFor();
    expect(await last.getByLabel('Days from the due date').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(300);
    expect(puts).toEqual([]);
    expect((await apiJson<PaymentReminderSettings>(page, SETTINGS)).steps.map((s) => s.days)).toContain(60);
    await context.close();
  });

  it("removes a row, and puts the server's issues on the fields they name", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const card = await openReminders(page);
    // The form checks what the server checks, so a refusal is answered here the way the server words one.
    await page.route(`**${SETTINGS}*`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Invalid settings',
              issues: [
                { path: 'steps.1.days', message: 'Days must be at most 365' },
                { path: 'quietHoursEnd', message: 'Quiet hours must end at another time than they start' },
              ],
            }),
          })
        : route.fallback(),
    );
    // Removing a row moves the ones after it up with their own values (the first test put text messages on day 7).
    await page.getByRole('button', { name: 'Remove the reminder on the due date' }).click();
    expect(await page.getByTestId('reminder-step-label').allTextContents()).toEqual([
      '3 days before the due date',
      '7 days after the due date',
      '14 days after the due date',
      '30 days after the due date',
      '60 days after the due date',
    ]);
    expect(await page.getByTestId('reminder-step').nth(1).getByLabel('Days from the due date').inputValue()).toBe('7');
    expect(await page.getByTestId('reminder-step').nth(1).getByLabel('Text message').isChecked()).toBe(true);
    expect(await page.getByTestId('reminder-step').nth(2).getByLabel('Text message').isChecked()).toBe(false);
    await card.getByTestId('quiet-hours').getByLabel('Start').fill('21:00');
    await card.getByTestId('quiet-hours').getByLabel('End').fill('07:00');
    await card.getByRole('button', { name: 'Save reminder settings' }).click();
    await waitForToast(page, 'Failed to save payment reminder settings');
    await page.getByTestId('reminder-step').nth(1).getByText('Days must be at most 365', { exact: true }).waitFor();
    await card.getByTestId('quiet-hours').getByText('Quiet hours must end at another time than they start', { exact: true }).waitFor();
    expect(await card.getByTestId('quiet-hours').getByLabel('End').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('the card fits a phone: no sideways scroll', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    const card = await openReminders(page);
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
