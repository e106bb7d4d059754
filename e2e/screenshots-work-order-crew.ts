// Saves PNGs of a job's crew (docs/rules/team.md#assignment) at desktop (1280) and phone (390) width for a visual
// check: the Work Orders list with the crew's names (a column on desktop, a line on each phone card), the edit form
// with the Crew picker, and an employee's read-only view of the job with the crew by name:
// `npx tsx e2e/screenshots-work-order-crew.ts` (into /tmp/shots-work-order-crew, or OUT_DIR). Uses BASE_URL when given
// (a running app), else starts one with fresh demo data; the jobs made here are cancelled at the end.
import type { Page } from 'playwright-core';
import type { StaffMember } from '@contracts/team';
import type { WorkOrder } from '@contracts/work-orders';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();
const TAG = Date.now().toString(36).toUpperCase();

async function makeJobs(page: Page): Promise<WorkOrder[]> {
  const team = await apiJson<StaffMember[]>(page, '/api/team');
  const ids = (n: number) => team.slice(0, n).map((m) => m.id);
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Crew Screens Customer ${TAG}` });
  const job = (title: string, assigneeIds: number[], due: number) =>
    postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title: `${title} ${TAG}`, dueDate: day(due), assigneeIds, lineItems: [{ description: 'Labor', quantity: 2, rate: '85' }] });
  return [await job('Replace water heater', ids(2), 3), await job('Annual furnace inspection and duct cleaning for the whole house', ids(4), 5), await job('Fix the leaking tap', [], 7)];
}

async function listAt(page: Page, suffix: string, who = 'manager') {
  await page.goto('/work-orders');
  await page.getByRole('searchbox', { name: /^Search by number/ }).fill(TAG);
  await page.getByTestId(suffix === 'phone' ? 'work-order-card' : 'work-order-row').nth(2).waitFor();
  await shots.shoot(page, `crew-list-${who}-${suffix}`, suffix === 'phone');
}

async function formAt(page: Page, job: WorkOrder, suffix: string) {
  await page.goto(`/work-orders?open=${job.id}`);
  const dialog = page.getByTestId('work-order-dialog');
  const picker = dialog.getByRole('group', { name: 'Crew' });
  await picker.getByRole('button').nth(2).waitFor();
  await picker.scrollIntoViewIfNeeded();
  await shots.shoot(page, `crew-form-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function newFormAt(page: Page, suffix: string) {
  await page.goto('/work-orders');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('work-order-dialog');
  const picker = dialog.getByRole('group', { name: 'Crew' });
  await picker.getByRole('button').first().waitFor();
  await picker.scrollIntoViewIfNeeded();
  await shots.shoot(page, `crew-new-form-${suffix}`);
  await page.keyboard.press('Escape');
}

async function readOnlyAt(page: Page, job: WorkOrder, suffix: string) {
  await page.goto(`/work-orders?open=${job.id}`);
  const dialog = page.getByTestId('work-order-dialog');
  const crew = dialog.getByTestId('work-order-crew');
  await crew.waitFor();
  await crew.scrollIntoViewIfNeeded();
  await shots.shoot(page, `crew-employee-view-${suffix}`);
}

runScreenshots('/tmp/shots-work-order-crew', async (run) => {
  shots = run;
  let jobs: WorkOrder[] = [];
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    if (first) jobs = await makeJobs(page);
    await listAt(page, suffix);
    await formAt(page, jobs[1], suffix);
    await newFormAt(page, suffix);
  }, 'manager@example.com');
  await run.atBothWidths(async (page, suffix) => {
    await readOnlyAt(page, jobs[0], suffix);
    await listAt(page, suffix, 'employee');
  }, 'employee@example.com');
  // A BASE_URL app is someone's: the jobs made here end cancelled.
  await run.atBothWidths(async (page, suffix) => {
    if (suffix !== 'desktop') return;
    for (const job of jobs) await page.request.put(`/api/work-orders/${job.id}`, { data: { status: 'cancelled' } });
  }, 'manager@example.com');
});
