// Locked invoices, credit notes and voiding in the browser (docs/rules/records.md#locked-invoices, #credit-notes, #voiding).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { uniqueName } from './fixtures/records';
import { createCustomer, fillLine, pdfText, waitForEmail, waitForToast } from './fixtures/documents';
import { createSentInvoice, getInvoice } from './fixtures/money';

let browser: Browser;
let customer: { id: number; name: string; email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  const email = `credit-${Date.now()}@example.com`;
  customer = { ...(await createCustomer(page, uniqueName('Credit Customer'), email)), email };
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The invoices list narrowed to one invoice, and its actions menu opened. */
async function openActions(page: Page, invoiceNumber: string) {
  await page.goto(`/invoices?q=${encodeURIComponent(invoiceNumber)}`);
  const menu = page.getByRole('button', { name: `Actions for ${invoiceNumber}` }).first();
  await menu.click();
}

describe('credit notes and voiding', () => {
  it('a sent invoice shows its amounts locked; a credit note lowers its balance, then downloads and e-mails', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const invoice = await createSentInvoice(page, customer.id, 'Water heater install', '480.00');

    // Editing: the lines are read-only under the lock notice, and the due date still saves.
    await page.goto(`/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`);
    await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
    const form = page.getByTestId('invoice-dialog');
    await form.getByText('Amounts are locked').waitFor();
    expect(await form.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    expect(await form.locator('option', { hasText: 'Draft' }).count()).toBe(0);
    await form.getByLabel('Notes').fill('Customer asked for a paper copy');
    await form.getByRole('button', { name: /^Update / }).click();
    await waitForToast(page, 'Invoice updated successfully');
    await form.waitFor({ state: 'detached' });

    await openActions(page, invoice.invoiceNumber);
    await page.getByRole('menuitem', { name: 'Issue credit note' }).click();
    const dialog = page.getByTestId('credit-note-dialog');
    await dialog.getByText('Up to $480.00 is left to credit').waitFor();
    // More than the invoice: the server's message on the lines, nothing issued.
    await dialog.getByLabel('Reason').fill('Thermostat was returned');
    await fillLine(dialog, 1, { description: 'Returned thermostat', quantity: '1', rate: '480.01' });
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await dialog.getByText('The credit cannot be more than $480.00, what is left to credit on this invoice').waitFor();
    await fillLine(dialog, 1, { description: 'Returned thermostat', quantity: '2', rate: '40.25' });
    expect(await dialog.getByTestId('credit-total').textContent()).toBe('$80.50');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    const issued = dialog.getByRole('heading', { name: /^Credit note CN-\d{5} issued$/ });
    await issued.waitFor();
    const number = (await issued.textContent())!.match(/CN-\d{5}/)![0];

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${number}.pdf`);
    const text = await pdfText(fs.readFileSync((await download.path())!));
    for (const part of ['CREDIT NOTE', number, invoice.invoiceNumber, 'Thermostat was returned', '$80.50']) expect(text).toContain(part);
    await dialog.getByRole('button', { name: 'Email', exact: true }).click();
    await waitForToast(page, 'Credit note emailed successfully to customer');
    await waitForEmail(page, customer.email, `Credit note ${number}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const after = await getInvoice(page, invoice.id);
    expect(after).toMatchObject({ amountCredited: '80.50', balanceDue: '399.50', status: 'sent', notes: 'Customer asked for a paper copy' });
    await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
    expect(await form.getByTestId('invoice-credited').textContent()).toBe('$80.50');
    expect(await form.getByTestId('invoice-balance').textContent()).toBe('$399.50');
    // The invoice's dialog lists its notes, to download or send again.
    const listed = form.getByTestId('invoice-credit-note').filter({ hasText: number });
    await listed.getByText('Thermostat was returned').waitFor();
    const [again] = await Promise.all([page.waitForEvent('download'), listed.getByRole('button', { name: `Download credit note ${number}` }).click()]);
    expect(again.suggestedFilename()).toBe(`credit-note-${number}.pdf`);
    await page.keyboard.press('Escape');

    // The customer's portal (here as staff preview) lists the note with its PDF.
    await page.goto(`/customer-portal?customer=${customer.id}`);
    const noteRow = page.getByTestId('portal-credit-note').filter({ hasText: number });
    await noteRow.getByText('Thermostat was returned').waitFor();
    const [portalPdf] = await Promise.all([page.waitForEvent('download'), noteRow.getByRole('button', { name: `Download credit note ${number}` }).click()]);
    expect(portalPdf.suggestedFilename()).toBe(`credit-note-${number}.pdf`);
    await context.close();
  });

  it('voiding on a phone asks for a reason, then the invoice shows Void and owes nothing', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    const invoice = await createSentInvoice(page, customer.id, 'Duplicate visit', '125.00');
    await openActions(page, invoice.invoiceNumber);
    await page.getByRole('menuitem', { name: /^Void / }).click();
    const dialog = page.getByTestId('void-invoice-dialog');
    await dialog.getByRole('button', { name: /^Void / }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Entered twice');
    await dialog.getByRole('button', { name: /^Void / }).click();
    // The demo organization calls invoices Service Bills (docs/customer-emails.md, Vocabulary).
    await waitForToast(page, `Service Bill ${invoice.invoiceNumber} voided`);
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('invoice-card').filter({ hasText: invoice.invoiceNumber });
    await card.getByText('Void', { exact: true }).waitFor();
    expect(await getInvoice(page, invoice.id)).toMatchObject({ status: 'void', balanceDue: '0.00', voidReason: 'Entered twice' });
    // Its actions no longer offer a credit note or voiding, and the form opens read-only.
    await page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Issue credit note' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: /^Void / }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'View' }).click();
    const form = page.getByTestId('invoice-dialog');
    await form.getByText('is void and can no longer be changed').waitFor();
    expect(await form.getByRole('button', { name: /^Update / }).count()).toBe(0);
    await context.close();
  });
});
