// Saves PNGs of checklists on jobs (docs/rules/team.md#checklists) at desktop (1280) and phone (390) width for a
// visual check: the Scheduling screen's Checklists tab, the template dialog, the service dialog's checklists, and a
// job's checklist being filled in and completed: `npx tsx e2e/screenshots-checklists.ts` (into /tmp/shots-checklists,
// or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import type { ChecklistTemplate } from '@contracts/checklists';
import type { Service } from '@contracts/scheduling';
import type { WorkOrder } from '@contracts/work-orders';
import { solidPng } from '../src/server/features/documents/documents.test-kit';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const TAG = Date.now().toString(36).toUpperCase();

async function makeJob(page: Page, template: ChecklistTemplate): Promise<WorkOrder> {
  const me = await apiJson<{ id: number }>(page, '/api/me');
  const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
  const job = await postJson<WorkOrder>(page, '/api/work-orders', {
    customerId: customer.id,
    title: `Furnace tune-up ${TAG}`,
    status: 'in_progress',
    assigneeIds: [me.id],
    lineItems: [{ description: 'Furnace tune-up', quantity: 1, rate: '159.00' }],
  });
  await postJson(page, `/api/work-orders/${job.id}/checklists`, { templateId: template.id });
  return job;
}

async function checklistShots(page: Page, suffix: string, first: boolean) {
  // A second template, so the job offers Add checklist.
  if (first) {
    await postJson(page, '/api/checklist-templates', {
      name: 'Carbon monoxide safety check',
      items: [
        { label: 'CO alarm on every floor and working', kind: 'yes_no', required: true },
        { label: 'Highest CO reading in the living area (ppm)', kind: 'number', required: true },
        { label: 'Where the readings were taken', kind: 'text' },
      ],
    });
  }
  await page.goto('/scheduling');
  await page.getByRole('tab', { name: 'Checklists' }).click();
  await page.getByTestId('checklist-template-card').first().waitFor();
  await shots.shoot(page, `checklists-tab-${suffix}`, true);

  const templates = await apiJson<ChecklistTemplate[]>(page, '/api/checklist-templates');
  const furnace = templates.find((t) => t.name === 'Furnace tune-up')!;
  await page.getByRole('button', { name: `Edit ${furnace.name}` }).click();
  const dialog = page.getByTestId('checklist-template-dialog');
  await dialog.waitFor();
  await shots.shoot(page, `checklist-template-dialog-${suffix}`);
  // The refused save: an empty item shows its message under it.
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByText('Please enter the item').waitFor();
  await dialog.getByText('Please enter the item').scrollIntoViewIfNeeded();
  await shots.shoot(page, `checklist-template-dialog-error-${suffix}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Services' }).click();
  const service = (await apiJson<Service[]>(page, '/api/services')).find((s) => s.name === 'Furnace tune-up')!;
  await page.getByTestId('service-card').filter({ hasText: service.name }).getByRole('button', { name: 'Edit Service' }).click();
  const serviceDialog = page.getByTestId('service-dialog');
  await serviceDialog.getByRole('group', { name: 'Checklists' }).scrollIntoViewIfNeeded();
  await shots.shoot(page, `service-dialog-checklists-${suffix}`);
  await serviceDialog.getByRole('button', { name: 'Cancel' }).click();

  // A job: the checklist half filled in, with a photo; then completed.
  const job = await makeJob(page, furnace);
  await page.goto(`/work-orders?open=${job.id}`);
  const card = page.getByTestId('work-order-dialog').getByTestId('checklist-card').first();
  await card.waitFor();
  const section = page.getByTestId('work-order-dialog').getByTestId('checklists-section');
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shots.shoot(page, `job-checklists-section-${suffix}`);
  await card.getByRole('group', { name: 'Thermostat calls for heat' }).getByRole('button', { name: 'Yes' }).click();
  await card.getByRole('group', { name: 'Air filter replaced' }).getByRole('button', { name: 'No' }).click();
  await card.getByLabel('Filter size').fill('16x25x1 pleated, MERV 8');
  await card.getByLabel('Manifold gas pressure').fill('3.5');
  await card.getByLabel('Photo of the burners').setInputFiles({ name: 'burners.png', mimeType: 'image/png', buffer: solidPng(320, 240, [200, 110, 40]) });
  await card.getByText('Photo attached').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.shootElement(page, card, `job-checklist-filling-${suffix}`);
  // Complete with required items left: each shows its message.
  await card.getByRole('button', { name: 'Complete checklist' }).click();
  await card.getByText('This item needs an answer').first().waitFor();
  await shots.shootElement(page, card, `job-checklist-missing-${suffix}`);

  const saved = (await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`)).checklists![0];
  const answers: Record<string, unknown> = {};
  for (const item of saved.items) {
    if (saved.answers[item.id] !== undefined) continue;
    if (item.kind === 'yes_no') answers[item.id] = true;
    if (item.kind === 'number') answers[item.id] = 42;
  }
  const put = await page.request.put(`/api/work-orders/${job.id}/checklists/${saved.id}/answers`, { data: { answers } });
  if (!put.ok()) throw new Error(await put.text());
  await page.goto(`/work-orders?open=${job.id}`);
  const again = page.getByTestId('work-order-dialog').getByTestId('checklist-card').first();
  await again.getByRole('button', { name: 'Complete checklist' }).click();
  await again.getByTestId('checklist-completed').waitFor();
  await shots.shootElement(page, again, `job-checklist-completed-${suffix}`);
  if (first) console.log(`job ${job.orderNumber} (id ${job.id}): /api/work-orders/${job.id}/pdf`);
}

runScreenshots('/tmp/shots-checklists', async (run) => {
  shots = run;
  await run.atBothWidths((page, suffix, _viewport, first) => checklistShots(page, suffix, first), 'manager@example.com');
});
