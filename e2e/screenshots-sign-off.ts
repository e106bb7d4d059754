// Saves PNGs of the customer's sign-off on a job (docs/rules/team.md#sign-off) at desktop (1280) and phone (390)
// width for a visual check: the job's Customer sign-off section, the signing dialog with a drawn signature, and the
// signed job: `npx tsx e2e/screenshots-sign-off.ts` (into /tmp/shots-sign-off, or OUT_DIR). Uses BASE_URL when given
// (a running app), else starts one with fresh demo data; the jobs made here are signed and stay completed.
import type { Page } from 'playwright-core';
import type { WorkOrder } from '@contracts/work-orders';
import { drawSignatureWithMouse } from './fixtures/quotes';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const TAG = Date.now().toString(36).toUpperCase();

async function makeJob(page: Page): Promise<WorkOrder> {
  const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
  return postJson<WorkOrder>(page, '/api/work-orders', {
    customerId: customer.id,
    title: `Replace the water heater ${TAG}`,
    status: 'in_progress',
    lineItems: [
      { description: 'Water heater, 50 gal', quantity: 1, rate: '1150.00' },
      { description: 'Labor', quantity: 3, rate: '95.00' },
    ],
  });
}

async function signAt(page: Page, job: WorkOrder, suffix: string) {
  await page.goto(`/work-orders?open=${job.id}`);
  const section = page.getByTestId('work-order-dialog').getByTestId('sign-off-section');
  await section.getByRole('button', { name: 'Get customer signature' }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await shots.shoot(page, `sign-off-section-${suffix}`);
  await section.getByRole('button', { name: 'Get customer signature' }).click();
  const dialog = page.getByTestId('sign-off-dialog');
  await dialog.getByLabel('Name of the person signing').fill('Dana Reyes');
  await drawSignatureWithMouse(page);
  await shots.shoot(page, `sign-off-dialog-${suffix}`);
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.goto(`/work-orders?open=${job.id}`);
  const done = page.getByTestId('work-order-dialog').getByTestId('sign-off-done');
  await done.waitFor();
  await done.scrollIntoViewIfNeeded();
  await shots.shoot(page, `sign-off-done-${suffix}`);
}

runScreenshots('/tmp/shots-sign-off', async (run) => {
  shots = run;
  await run.atBothWidths(async (page, suffix) => {
    await signAt(page, await makeJob(page), suffix);
  }, 'manager@example.com');
});
