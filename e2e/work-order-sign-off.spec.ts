// The customer's sign-off on a finished job (docs/rules/team.md#sign-off), on a phone with a finger: the technician
// on the crew opens the job, the customer signs, the job is completed and the job sheet PDF carries the signature.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { StaffMember } from '@contracts/team';
import type { WorkOrder } from '@contracts/work-orders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { pdfText, waitForToast } from './fixtures/documents';
import { drawSignatureWithTouch } from './fixtures/quotes';
import { apiJson, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';
import { signIn } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Customer sign-off on a phone', () => {
  it('the crew member gets the signature with a finger; the job is completed and its PDF shows who signed', async () => {
    const manager = await signedInPage(browser, 'manager@example.com');
    const team = await apiJson<StaffMember[]>(manager.page, '/api/team');
    const evan = team.find((m) => m.email === 'employee@example.com')!;
    const [customer] = await apiJson<{ id: number; name: string }[]>(manager.page, '/api/customers?limit=1');
    const title = `Replace the water heater ${Date.now().toString(36).toUpperCase()}`;
    const job = await postJson<WorkOrder>(manager.page, '/api/work-orders', { customerId: customer.id, title, status: 'in_progress', assigneeIds: [evan.id], lineItems: [{ description: 'Water heater, 50 gal', quantity: 1, rate: '1150.00' }] });
    await manager.context.close();

    const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await signIn(page, inject('baseURL'), 'employee@example.com');
    await page.goto(`/work-orders?open=${job.id}`);
    const section = page.getByTestId('work-order-dialog').getByTestId('sign-off-section');
    await section.getByRole('button', { name: 'Get customer signature' }).click();
    const dialog = page.getByTestId('sign-off-dialog');
    // The customer's name is filled in; without a drawing the form says so and sends nothing.
    expect(await dialog.getByLabel('Name of the person signing').inputValue()).toBe(customer.name);
    await dialog.getByLabel('Name of the person signing').fill('Dana Reyes');
    await dialog.getByRole('button', { name: 'Accept and sign' }).click();
    await dialog.getByText('Please sign in the box').waitFor();
    expect((await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`)).signOff).toBeNull();

    await drawSignatureWithTouch(context, page);
    await dialog.getByRole('button', { name: 'Accept and sign' }).click();
    await waitForToast(page, `Signed off: ${job.orderNumber} is completed`);
    await dialog.waitFor({ state: 'detached' });

    const signed = await apiJson<WorkOrder>(page, `/api/work-orders/${job.id}`);
    expect(signed.status).toBe('completed');
    expect(signed.signOff).toMatchObject({ signerName: 'Dana Reyes', takenByName: evan.name });
    expect(signed.signOff!.signature.strokes.length).toBe(2);

    // Opened again: the signature is shown with who and when, and no second signature is offered.
    await page.goto(`/work-orders?open=${job.id}`);
    const done = page.getByTestId('work-order-dialog').getByTestId('sign-off-done');
    await done.getByRole('img', { name: 'Signature of Dana Reyes' }).waitFor();
    expect(await done.textContent()).toContain(`Accepted by Dana Reyes on`);
    expect(await section.getByRole('button', { name: 'Get customer signature' }).count()).toBe(0);

    const pdf = await page.request.get(`/api/work-orders/${job.id}/pdf`);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('WORK ACCEPTED BY THE CUSTOMER');
    expect(text).toContain('Dana Reyes');
    await context.close();
  });
});
