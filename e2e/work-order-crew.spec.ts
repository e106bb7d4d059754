// A job's crew on the Work Orders screen (docs/rules/team.md#assignment): a manager (assign_work_orders) picks who
// works a job and the list shows them; an employee, who may create jobs but neither assign nor change them, sees the
// crew on the job and in the list, and their own new job saves without a crew. A crew left out of a save stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { StaffMember } from '../src/contracts/team';
import type { WorkOrder } from '../src/contracts/work-orders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, postJson, uniqueName } from './fixtures/records';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';

let browser: Browser;
let customer: { id: number; name: string };
let job: WorkOrder;
let crew: StaffMember[];

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, 'manager@example.com');
  customer = await postJson<{ id: number; name: string }>(page, '/api/customers', { name: uniqueName('Crew Customer') });
  job = await postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title: uniqueName('Crew job'), lineItems: [{ description: 'Labor', quantity: 1, rate: '90' }] });
  const team = await apiJson<StaffMember[]>(page, '/api/team');
  // Two people: the employee who signs in below, and one more.
  const employee = team.find((m) => m.email === 'employee@example.com');
  const other = team.find((m) => m.email !== 'employee@example.com');
  if (!employee || !other) throw new Error(`The demo team lacks the people this spec needs: ${team.map((m) => m.email).join(', ')}`);
  crew = [employee, other];
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('a job’s crew', () => {
  it('a manager picks two people for a job and the list shows both names', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    await page.goto(`/work-orders?open=${job.id}`);
    const dialog = page.getByTestId('work-order-dialog');
    await dialog.getByRole('heading', { name: 'Edit Service Job' }).waitFor();
    const picker = dialog.getByRole('group', { name: 'Crew' });
    await picker.waitFor();
    await dialog.getByText('Unassigned', { exact: true }).waitFor();
    for (const member of crew) {
      const chip = picker.getByRole('button', { name: member.name, exact: true });
      await chip.click();
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
    }
    await dialog.getByRole('button', { name: 'Update Service Job' }).click();
    await waitForToast(page, 'Work order updated successfully');
    await dialog.waitFor({ state: 'detached' });

    const saved = await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`);
    expect(saved.assignees.map((a) => a.id).sort()).toEqual(crew.map((m) => m.id).sort());

    await page.getByRole('searchbox', { name: /^Search by number/ }).fill(job.title);
    const row = page.locator(`[data-testid="work-order-row"][data-number="${job.orderNumber}"]`);
    const names = row.getByTestId('work-order-crew');
    await expect.poll(() => names.textContent()).toContain(crew[0].name);
    expect(await names.textContent()).toContain(crew[1].name);
    await context.close();
  });

  it('a save that leaves the crew alone keeps it: the manager’s title edit and Start', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(`/api/work-orders/${job.id}`)) bodies.push(r.postDataJSON());
    });
    await page.goto(`/work-orders?open=${job.id}`);
    const dialog = page.getByTestId('work-order-dialog');
    const picker = dialog.getByRole('group', { name: 'Crew' });
    for (const member of crew) expect(await picker.getByRole('button', { name: member.name, exact: true }).getAttribute('aria-pressed')).toBe('true');
    job = { ...job, title: `${job.title} (revisit)` };
    await dialog.getByLabel('Title').fill(job.title);
    await dialog.getByRole('button', { name: 'Update Service Job' }).click();
    await waitForToast(page, 'Work order updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: /^Search by number/ }).fill(job.title);
    await page.getByRole('button', { name: `Start ${job.orderNumber}` }).click();
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[0]).not.toHaveProperty('assigneeIds');
    expect(bodies[1]).toEqual({ status: 'in_progress' });
    await expect.poll(async () => (await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`)).status).toBe('in_progress');
    const saved = await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`);
    expect(saved.title).toBe(job.title);
    expect(saved.assignees.map((a) => a.id).sort()).toEqual(crew.map((m) => m.id).sort());
    await context.close();
  });

  it('an employee sees the crew on the job and in the list, and saves a job of their own without one', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com', PHONE);
    await page.goto('/work-orders');
    await page.getByRole('searchbox', { name: /^Search by number/ }).fill(job.title);
    const card = page.locator(`[data-testid="work-order-card"][data-number="${job.orderNumber}"]`);
    const names = card.getByTestId('work-order-crew');
    await expect.poll(() => names.textContent()).toContain(crew[0].name);
    expect(await names.textContent()).toContain(crew[1].name);

    // The job opens as a view: the crew by name, no picker.
    await card.getByRole('button', { name: job.orderNumber }).click();
    const dialog = page.getByTestId('work-order-dialog');
    await dialog.getByRole('heading', { name: `Service Job ${job.orderNumber}` }).waitFor();
    const shown = dialog.getByTestId('work-order-crew');
    expect(await shown.textContent()).toContain(crew[0].name);
    expect(await shown.textContent()).toContain(crew[1].name);
    expect(await dialog.getByRole('group', { name: 'Crew' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A new job: no Crew field, and the POST carries no assigneeIds (the server would refuse an employee's).
    const posted: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/work-orders')) posted.push(r.postDataJSON());
    });
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Create Service Job' }).waitFor();
    expect(await dialog.getByText('Crew', { exact: true }).count()).toBe(0);
    await pickCustomer(dialog, customer.name);
    const title = uniqueName('Employee crew job');
    await dialog.getByLabel('Title').fill(title);
    await fillLine(dialog, 1, { description: 'Inspection', rate: '80' });
    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await waitForToast(page, 'Work order created successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(posted).toHaveLength(1);
    expect(posted[0]).not.toHaveProperty('assigneeIds');
    const [made] = await apiJson<WorkOrder[]>(page, `/api/work-orders?q=${encodeURIComponent(title)}`);
    expect(made.assignees).toEqual([]);

    // The crew of the manager's job is still there.
    const still = await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`);
    expect(still.assignees.map((a) => a.id).sort()).toEqual(crew.map((m) => m.id).sort());
    await context.close();
  });
});
