// Saves PNGs of holding an online booking with a deposit or a card (docs/rules/scheduling.md#holding-a-booking) at
// desktop (1280) and phone (390) width for a visual check: the Settings dialog's "To hold an online booking", the
// booking page's service step with the deposit, the payment step with its countdown (and a declined card), the
// confirmation with the deposit, the card-on-file step and confirmation, and the staff calendar and appointment dialog
// (awaiting deposit, then paid): `npx tsx e2e/screenshots-booking-deposit.ts` (into /tmp/shots-booking-deposit, or
// OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import type { ScheduleSettings, Slot } from '@contracts/scheduling';
import { DESKTOP, PHONE } from './fixtures/browser-config';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';
import { addDays, label12h, pickCalendarDay, weekdayOf } from './fixtures/scheduling';

const TAG = Date.now().toString(36).toUpperCase();
const TIME_ZONE = 'America/New_York';
const WIDTHS = [['desktop', DESKTOP], ['phone', PHONE]] as const;

function today(): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Weekdays (open by default) from three days ahead, one per booking. */
let dayNo = 0;
function nextWeekday(): string {
  let date = addDays(today(), 3 + dayNo++);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(today(), 3 + dayNo++);
  return date;
}

async function put(page: Page, url: string, data: unknown) {
  const response = await page.request.put(url, { data });
  if (!response.ok()) throw new Error(`PUT ${url} answered ${response.status()}: ${await response.text()}`);
}

/** Service, day, time and details, then on to the payment step. */
async function bookUntilPayment(page: Page, run: ShotRun, token: string, serviceId: number, suffix: string, shots: boolean) {
  const date = nextWeekday();
  const [slot] = await apiJson<Slot[]>(page, `/api/public/slots-by-slug/${token}?date=${date}&serviceId=${serviceId}`);
  await page.goto(`/schedule/${token}`);
  await page.getByRole('button', { name: /^Boiler service/ }).waitFor();
  if (shots) await run.shoot(page, `deposit-service-step-${suffix}`, true);
  await page.getByRole('button', { name: /^Boiler service/ }).click();
  await pickCalendarDay(page, date);
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(slot.time), exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Pat Deposit ${suffix}`);
  await page.getByRole('textbox', { name: /^Email/ }).fill(`deposit-${suffix}-${TAG.toLowerCase()}-${dayNo}@example.com`);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('(555) 201-4477');
  if (shots) await run.shoot(page, `deposit-details-step-${suffix}`, true);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByTestId('booking-payment').waitFor();
  await page.getByLabel('Card number').waitFor();
  return date;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

async function openWeekOf(page: Page, date: string) {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  const weekStart = (d: string) => addDays(d, -weekdayOf(d));
  const weeks = Math.round((Date.parse(weekStart(date)) - Date.parse(weekStart(today()))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId(`day-${date}`).waitFor();
}

runScreenshots('/tmp/shots-booking-deposit', async (run) => {
  const { browser, baseURL, shoot, shootElement } = run;
  // An organization of its own, so the demo's booking page is left as it is.
  const sup = await browser.newContext({ baseURL, viewport: DESKTOP });
  const superPage = await sup.newPage();
  await signIn(superPage, baseURL, 'super@example.com');
  const adminEmail = `deposit-shots-${TAG.toLowerCase()}@example.com`;
  const org = await postJson<{ id: number }>(superPage, '/api/organizations', { name: `Boiler Co ${TAG}`, industry: 'Home Services', email: 'owner@example.com' });
  await postJson(superPage, '/api/users', { email: adminEmail, firstName: 'Dana', lastName: 'Deposit', role: 'org_admin', organizationId: org.id });
  await sup.close();

  const staffContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const staff = await staffContext.newPage();
  await signIn(staff, baseURL, adminEmail);
  const service = await postJson<{ id: number }>(staff, '/api/services', { name: 'Boiler service', description: 'Annual service and safety check.', duration: 60, price: '80' });
  const settings = await apiJson<ScheduleSettings>(staff, '/api/schedule-settings');

  // The Settings dialog at both widths, the deposit chosen.
  for (const [suffix, viewport] of WIDTHS) {
    await staff.setViewportSize(viewport);
    await staff.goto('/scheduling');
    await staff.getByRole('tab', { name: 'Settings' }).click();
    await staff.getByRole('button', { name: 'Update Settings' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('To hold an online booking').selectOption('deposit');
    await dialog.getByLabel('To hold an online booking').scrollIntoViewIfNeeded();
    await shoot(staff, `deposit-settings-dialog-${suffix}`);
    await dialog.getByRole('button', { name: 'Update Settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shootElement(staff, staff.getByTestId('settings-summary'), `deposit-settings-summary-${suffix}`);
  }

  // A customer pays the deposit at each width: service, details, payment (a declined card first), confirmation.
  const booked: { date: string; suffix: string }[] = [];
  for (const [suffix, viewport] of WIDTHS) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const date = await bookUntilPayment(page, run, settings.scheduleToken, service.id, suffix, true);
    await shoot(page, `deposit-payment-step-${suffix}`, true);
    if (suffix === 'desktop') {
      // Staff see it waiting meanwhile.
      await openWeekOf(staff, date);
      await shootElement(staff, staff.getByTestId(`day-${date}`), `deposit-calendar-awaiting-${suffix}`);
    }
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay deposit $20.00' }).click();
    await page.getByRole('alert').filter({ hasText: 'declined' }).waitFor();
    await shoot(page, `deposit-payment-declined-${suffix}`, true);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay deposit $20.00' }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    await shoot(page, `deposit-confirmation-${suffix}`, true);
    booked.push({ date, suffix });
    await context.close();
  }

  // Staff: the week and the appointment dialog with the deposit, at both widths.
  for (const [suffix, viewport] of WIDTHS) {
    await staff.setViewportSize(viewport);
    const { date } = booked.find((b) => b.suffix === suffix)!;
    await openWeekOf(staff, date);
    const item = staff.getByTestId(`day-${date}`).getByTestId('appointment-item').filter({ hasText: `Pat Deposit ${suffix}` });
    await item.waitFor();
    await shootElement(staff, staff.getByTestId(`day-${date}`), `deposit-calendar-paid-${suffix}`);
    await item.getByRole('button', { name: /^Edit appointment with/ }).click();
    await staff.getByTestId('appointment-hold-panel').waitFor();
    await staff.getByTestId('appointment-hold-panel').scrollIntoViewIfNeeded();
    await shoot(staff, `deposit-appointment-dialog-${suffix}`);
    await staff.keyboard.press('Escape');
  }

  // A card on file instead: the payment step saves a card, the confirmation names it.
  await put(staff, `/api/schedule-settings/${settings.id}`, { bookingHold: 'card' });
  for (const [suffix, viewport] of WIDTHS) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await bookUntilPayment(page, run, settings.scheduleToken, service.id, `card-${suffix}`, false);
    await shoot(page, `card-payment-step-${suffix}`, true);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    await shoot(page, `card-confirmation-${suffix}`, true);
    await context.close();
  }
  await staffContext.close();
});
