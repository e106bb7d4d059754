// Checklists on jobs (docs/rules/team.md#checklists): a manager makes a template of four kinds on the Scheduling
// screen and puts it on a service; a visit of that service brings it to a job; on a phone the crew member fills it in
// (two big buttons, a number, text, a photo from the camera), Complete refuses a missing required item, then completes
// it; the job sheet PDF prints the answers and who completed it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ChecklistTemplate } from '@contracts/checklists';
import type { Service } from '@contracts/scheduling';
import type { StaffMember } from '@contracts/team';
import type { WorkOrder } from '@contracts/work-orders';
import { solidPng } from '../src/server/features/documents/documents.test-kit';
import { launchBrowser, PHONE } from './fixtures/browser';
import { pdfText, waitForToast } from './fixtures/documents';
import { apiJson, postJson, uniqueName } from './fixtures/records';
import { openDayAhead } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';
import { signIn } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Checklists on a job', () => {
  it('a manager makes a template and puts it on a service; a visit brings it to the job; the crew fills it in on a phone', async () => {
    const checklistName = uniqueName('Boiler safety');
    const serviceName = uniqueName('Boiler service');

    // ---- The manager, at a desk: the template on the Scheduling screen's Checklists tab, then the service.
    const manager = await signedInPage(browser, 'manager@example.com');
    const page = manager.page;
    await page.goto('/scheduling');
    await page.getByRole('tab', { name: 'Checklists' }).click();
    await page.getByRole('button', { name: 'Add Checklist' }).click();
    const dialog = page.getByTestId('checklist-template-dialog');
    await dialog.getByLabel('Name').fill(checklistName);
    // Nothing but a name: the item must be filled in first.
    await dialog.getByRole('button', { name: 'Add Checklist' }).click();
    await dialog.getByText('Please enter the item').waitFor();
    await dialog.getByLabel('Item 1', { exact: true }).fill('Photo of the pressure gauge');
    await dialog.getByLabel('Item 1 kind').selectOption('photo');
    for (const [label, kind, required] of [
      ['Pilot light lit', 'yes_no', true],
      ['Boiler pressure (bar)', 'number', true],
      ['Notes for the customer', 'text', false],
    ] as const) {
      await dialog.getByRole('button', { name: 'Add item' }).click();
      const n = await dialog.getByTestId('checklist-item-row').count();
      await dialog.getByLabel(`Item ${n}`, { exact: true }).fill(label);
      await dialog.getByLabel(`Item ${n} kind`).selectOption(kind);
      if (required) await dialog.getByLabel(`Item ${n} required`).check();
    }
    // The photo goes last: down three times.
    for (const n of [1, 2, 3]) await dialog.getByRole('button', { name: `Move item ${n} down` }).click();
    expect(await dialog.getByLabel('Item 1', { exact: true }).inputValue()).toBe('Pilot light lit');
    expect(await dialog.getByLabel('Item 4', { exact: true }).inputValue()).toBe('Photo of the pressure gauge');
    expect(await dialog.getByLabel('Item 2 required').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add Checklist' }).click();
    await waitForToast(page, 'Checklist added');
    await page.getByTestId('checklist-template-card').filter({ hasText: checklistName }).waitFor();
    const template = (await apiJson<ChecklistTemplate[]>(page, '/api/checklist-templates')).find((t) => t.name === checklistName)!;
    expect(template.items.map((i) => [i.label, i.kind, i.required])).toEqual([
      ['Pilot light lit', 'yes_no', true],
      ['Boiler pressure (bar)', 'number', true],
      ['Notes for the customer', 'text', false],
      ['Photo of the pressure gauge', 'photo', false],
    ]);

    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const serviceDialog = page.getByTestId('service-dialog');
    await serviceDialog.getByLabel('Service Name').fill(serviceName);
    await serviceDialog.getByRole('group', { name: 'Checklists' }).getByRole('button', { name: checklistName }).click();
    await serviceDialog.getByRole('button', { name: 'Add Service' }).click();
    await waitForToast(page, 'Service created successfully');
    const service = (await apiJson<Service[]>(page, '/api/services')).find((s) => s.name === serviceName)!;
    expect(service.checklistTemplateIds).toEqual([template.id]);

    // ---- A job with Evan on the crew gets a visit of the service: the checklist comes with it.
    const evan = (await apiJson<StaffMember[]>(page, '/api/team')).find((m) => m.email === 'employee@example.com')!;
    const [customer] = await apiJson<{ id: number; name: string; email: string | null }[]>(page, '/api/customers?limit=1');
    const job = await postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title: `Boiler service ${serviceName}`, status: 'in_progress', assigneeIds: [evan.id] });
    await postJson(page, '/api/appointments', {
      serviceId: service.id,
      customerId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email ?? 'boiler@example.com',
      appointmentDate: openDayAhead(20),
      appointmentTime: '07:00',
      workOrderId: job.id,
      assigneeIds: [],
    });
    expect((await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`)).checklists?.map((c) => c.name)).toEqual([checklistName]);
    await manager.context.close();

    // ---- Evan on site, on a phone.
    const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const phone = await context.newPage();
    await signIn(phone, inject('baseURL'), 'employee@example.com');
    await phone.goto(`/work-orders?open=${job.id}`);
    const card = phone.getByTestId('work-order-dialog').getByTestId('checklist-card').filter({ hasText: checklistName });
    await card.scrollIntoViewIfNeeded();
    const progress = card.getByTestId('checklist-progress');
    expect(await progress.textContent()).toBe('0 of 4 answered');
    const saved = card.getByTestId('checklist-save-state');

    const pilot = card.getByRole('group', { name: 'Pilot light lit' });
    const yes = pilot.getByRole('button', { name: 'Yes' });
    // Big enough for a thumb.
    const box = (await yes.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(100);
    await yes.tap();
    await saved.getByText('Saved').waitFor();
    expect(await yes.getAttribute('aria-pressed')).toBe('true');
    await phone.waitForFunction(() => document.querySelector('[data-testid="checklist-progress"]')?.textContent === '1 of 4 answered');

    // A required item left: Complete says which.
    await card.getByRole('button', { name: 'Complete checklist' }).tap();
    await card.getByText('This item needs an answer').waitFor();
    await waitForToast(phone, 'Failed to complete the checklist');

    await card.getByLabel('Boiler pressure (bar)').fill('1.5');
    await card.getByLabel('Notes for the customer').fill('Topped up the system to 1.5 bar. The expansion vessel needs a check next year.');
    // Leaving the field saves it.
    await card.getByLabel('Boiler pressure (bar)').focus();
    await phone.waitForFunction(() => document.querySelector('[data-testid="checklist-progress"]')?.textContent === '3 of 4 answered');

    // The photo from the camera: added to the job's photos and the answer points at it.
    const camera = card.getByLabel('Photo of the pressure gauge');
    expect(await camera.getAttribute('accept')).toBe('image/*');
    expect(await camera.getAttribute('capture')).toBe('environment');
    await camera.setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: solidPng(64, 48, [40, 120, 200]) });
    await card.getByText('Photo attached').waitFor();
    await phone.waitForFunction(() => document.querySelector('[data-testid="checklist-progress"]')?.textContent === '4 of 4 answered');

    await card.getByRole('button', { name: 'Complete checklist' }).tap();
    await waitForToast(phone, `${checklistName} completed`);
    const completed = card.getByTestId('checklist-completed');
    await completed.waitFor();
    expect(await completed.textContent()).toMatch(new RegExp(`^Completed by ${evan.name} on `));
    // Completed: the answers cannot be changed, and the crew is not offered Reopen.
    expect(await pilot.getByRole('button', { name: 'No' }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    // No sideways scrolling on the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const stored = (await apiJson<WorkOrder>(phone, `/api/work-orders/${job.id}`)).checklists![0];
    const [pilotItem, pressure, notes, photo] = stored.items;
    expect(stored.answers[pilotItem.id]).toBe(true);
    expect(stored.answers[pressure.id]).toBe(1.5);
    expect(stored.answers[notes.id]).toMatch(/^Topped up the system/);
    expect(stored.answers[photo.id]).toEqual({ attachmentId: expect.any(Number) });

    // ---- The job sheet PDF, from the dialog's own link.
    const sheet = phone.getByTestId('work-order-dialog').getByTestId('sign-off-section').getByRole('button', { name: 'Job sheet PDF' });
    await sheet.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([phone.waitForEvent('download'), sheet.tap()]);
    expect(download.suggestedFilename()).toBe(`work-order-${job.orderNumber}.pdf`);
    const text = await pdfText(fs.readFileSync((await download.path())!));
    for (const part of ['CHECKLIST', checklistName, 'Pilot light lit', 'Yes', 'Boiler pressure (bar)', '1.5', 'Topped up the system', 'Photo attached', `Completed by ${evan.name} on`]) {
      expect(text).toContain(part);
    }
    await context.close();
  });
});
