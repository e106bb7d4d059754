// Saves PNGs of repeating visits (docs/rules/scheduling.md#repeating-visits) at desktop (1280) and phone (390) width
// for a visual check: the Add Appointment dialog with its Repeats fields, a repeating visit's edit dialog with the
// rule's summary and "This and following visits", the week view with the cards naming the rule, and a job's Visits
// with its Schedule visit dialog:
// `npx tsx e2e/screenshots-repeating-visits.ts` (into /tmp/shots-repeating-visits, or OUT_DIR). Uses BASE_URL when
// given (a running app), else starts one with fresh demo data; the visits made here are cancelled at the end.
import type { Page } from 'playwright-core';
import type { Appointment } from '@contracts/scheduling';
import type { PublicService } from '@contracts/scheduling';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { addDays, openDayAhead, orgToday, publicService, weekdayOf } from './fixtures/scheduling';

let shots: ShotRun;
const TAG = Date.now().toString(36).toUpperCase();

function firstDay(): string {
  let d = openDayAhead(40);
  while (weekdayOf(d) === 6) d = addDays(d, 1);
  return d;
}

async function showWeekOf(page: Page, date: string) {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  const weeks = Math.round((Date.parse(addDays(date, -weekdayOf(date))) - Date.parse(addDays(orgToday(), -weekdayOf(orgToday())))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId(`day-${date}`).getByTestId('appointment-item').first().waitFor();
}

async function addDialogAt(page: Page, service: PublicService, suffix: string) {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByLabel('Customer Name').fill('Jordan Lee');
  await dialog.getByLabel('Customer Email').fill('jordan.lee@example.com');
  await dialog.getByLabel('Service').selectOption(String(service.id));
  await dialog.getByLabel('Date').fill(firstDay());
  const fields = dialog.getByTestId('repeat-fields');
  await fields.getByLabel('Repeat', { exact: true }).selectOption('week');
  await fields.getByLabel('Every how many weeks').fill('2');
  await fields.getByLabel('Ends').selectOption('after');
  await fields.getByLabel('Visits in all').fill('6');
  await fields.scrollIntoViewIfNeeded();
  await shots.shoot(page, `repeat-add-${suffix}`);
  await page.keyboard.press('Escape');
}

async function editDialogAt(page: Page, visit: Appointment, suffix: string) {
  await showWeekOf(page, visit.appointmentDate.slice(0, 10));
  await shots.shoot(page, `repeat-week-${suffix}`, suffix === 'phone');
  const card = page.getByTestId(`day-${visit.appointmentDate.slice(0, 10)}`).getByTestId('appointment-item').filter({ hasText: visit.customerName ?? '' });
  await card.getByRole('button', { name: /^Edit appointment with / }).click();
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByLabel('Apply changes to').selectOption('following');
  await dialog.getByTestId('repeat-fields').scrollIntoViewIfNeeded();
  await shots.shoot(page, `repeat-edit-following-${suffix}`);
  await page.keyboard.press('Escape');
}

/** The demo's job with a weekly round (docs/rules/scheduling.md#a-jobs-visits): its Visits and the Schedule visit dialog. */
async function jobVisitsAt(page: Page, suffix: string) {
  const coming = await apiJson<Appointment[]>(page, `/api/appointments?from=${orgToday()}&to=${addDays(orgToday(), 60)}`);
  const jobId = coming.find((a) => a.series && a.workOrderId)?.workOrderId;
  if (!jobId) throw new Error('The demo has no job with repeating visits');
  await page.goto(`/work-orders?open=${jobId}`);
  const section = page.getByTestId('work-order-dialog').getByTestId('job-visits-section');
  await section.getByTestId('job-visits-list').waitFor();
  await section.scrollIntoViewIfNeeded();
  await shots.shoot(page, `job-visits-${suffix}`);
  await section.getByRole('button', { name: 'Schedule visit' }).click();
  const dialog = page.getByTestId('schedule-visit-dialog');
  const picker = dialog.getByTestId('repeat-picker');
  await picker.getByLabel('Repeat', { exact: true }).selectOption('month-weekday');
  await picker.getByLabel('Ends').selectOption('on');
  await picker.getByLabel('Last date').fill(addDays(orgToday(), 200));
  await shots.shoot(page, `job-schedule-visit-${suffix}`);
  await page.keyboard.press('Escape');
}

runScreenshots('/tmp/shots-repeating-visits', async (run) => {
  shots = run;
  let visits: Appointment[] = [];
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    const service = await publicService(page, 'Drain cleaning');
    if (first) {
      const made = await postJson<Appointment>(page, '/api/appointments', {
        customerName: `Weekly Cleaning ${TAG}`,
        customerEmail: `weekly-${TAG.toLowerCase()}@example.com`,
        serviceId: service.id,
        appointmentDate: `${firstDay()}T10:00`,
        repeat: { unit: 'week', interval: 1, count: 8 },
      });
      visits = [made];
    }
    await addDialogAt(page, service, suffix);
    await editDialogAt(page, visits[0], suffix);
    await jobVisitsAt(page, suffix);
  }, 'admin@example.com');
  // A BASE_URL app is someone's: the visits made here end cancelled.
  await run.atBothWidths(async (page, suffix) => {
    if (suffix !== 'desktop') return;
    for (const v of visits) await page.request.delete(`/api/appointments/${v.id}?applyTo=following`);
  }, 'admin@example.com');
});
