// Saves PNGs of the organization screen's Payment reminders card (desktop 1280 and phone 390) for a visual check: the
// card as an organization starts, then with reminders on, text messages, an added step, quiet hours and a monthly
// late fee, and with field errors: `npx tsx e2e/screenshots-payment-reminders.ts` (into /tmp/shots-reminders, or
// OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data. Nothing is saved: the
// filled-in card ends with errors, so a running app's settings are left as they were.
import { type Locator, type Page } from 'playwright-core';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const shootElement = (page: Page, locator: Locator, name: string) => shots.shootElement(page, locator, name);

async function remindersAt(page: Page, suffix: string) {
  await page.goto('/organization');
  const card = page.getByTestId('payment-reminders-card');
  await card.getByTestId('payment-reminders-form').waitFor();
  await page.waitForLoadState('networkidle');
  await shootElement(page, card, `reminders-card-${suffix}`);

  // Filled in: on, text messages for the week-late step, an added step, quiet hours and a monthly percent fee.
  await card.getByLabel('Send payment reminders automatically').check();
  const week = page.getByTestId('reminder-step').filter({ has: page.getByTestId('reminder-step-label').getByText('7 days after the due date', { exact: true }) });
  await week.getByLabel('Text message').check();
  await card.getByRole('button', { name: 'Add reminder' }).click();
  await page.getByTestId('reminder-step').last().getByLabel('Days from the due date').fill('60');
  await page.getByTestId('reminder-step').nth(1).getByLabel('On the due date', { exact: true }).uncheck();
  await card.getByTestId('quiet-hours').getByLabel('Start').fill('20:00');
  await card.getByTestId('quiet-hours').getByLabel('End').fill('08:00');
  const fee = card.getByTestId('late-fee');
  await fee.getByLabel('Fee', { exact: true }).selectOption('percent');
  await fee.getByLabel('Percent').fill('1.5');
  await fee.getByLabel('Charged').selectOption('monthly');
  await fee.getByLabel('Grace days').fill('10');
  await card.getByLabel('Text message', { exact: true }).last().fill(`${'Your invoice is due soon. '.repeat(7)}Pay: {payLink}`);
  await shootElement(page, card, `reminders-card-filled-${suffix}`);

  // Field errors: two steps on one day, a step with no channel, half the quiet hours, no fee value.
  await page.getByTestId('reminder-step').last().getByLabel('Days from the due date').fill('30');
  await page.getByTestId('reminder-step').first().getByLabel('E-mail').uncheck();
  await card.getByTestId('quiet-hours').getByLabel('End').fill('');
  await fee.getByLabel('Percent').fill('');
  await card.getByRole('button', { name: 'Save reminder settings' }).click();
  await card.getByText('Each reminder needs its own day').waitFor();
  await shootElement(page, card, `reminders-card-errors-${suffix}`);
}

runScreenshots('/tmp/shots-reminders', async (run) => {
  shots = run;
  await run.atBothWidths((page, suffix) => remindersAt(page, suffix));
});
