// The staff side of quotes approved online (docs/rules/records.md#estimate-form): an admin makes an estimate with an
// optional line in the form, sends it for approval from the list, the customer approves it (through the public API, as
// the quote page would), and the estimate's dialog shows the signed approval, locks the form, and converts it to a work
// order and an invoice that open from the links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Estimate, EstimateListItem, PublicQuote } from '@contracts/estimates';
import type { Invoice } from '@contracts/invoices';
import { launchBrowser } from './fixtures/browser';
import { createCustomer, fillLine, pickCustomer, waitForEmail, waitForToast } from './fixtures/documents';
import { apiJson, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function postJson<T>(page: Page, url: string, data?: unknown): Promise<T> {
  // The server's CSRF rule wants a JSON content type on every change, body or not.
  const response = await page.request.post(url, { data: data ?? {}, headers: { 'Content-Type': 'application/json' } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The list searched for one estimate, and its row. */
async function estimateRow(page: Page, estimateNumber: string) {
  await page.goto('/estimates');
  await page.getByRole('searchbox', { name: /^Search by number/ }).fill(estimateNumber);
  const row = page.locator(`[data-testid="estimate-row"][data-number="${estimateNumber}"]`);
  await row.waitFor();
  return row;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('quotes approved online, the staff side', () => {
  it('create with an optional line, send for approval, see the signed approval, locked form, convert to a work order and an invoice', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customerName = uniqueName('Approval Staff');
    const email = `approval-staff-${Date.now()}@example.com`;
    await createCustomer(page, customerName, email);

    // The form: one required line, one optional line that stays out of the total, terms for the customer.
    await page.goto('/estimates');
    await page.getByRole('heading', { name: 'Service Quotes', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('estimate-dialog');
    const title = uniqueName('Deck rebuild');
    await pickCustomer(dialog, customerName);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Valid Until').fill(inDays(30));
    await fillLine(dialog, 1, { description: 'Deck boards and framing', quantity: '2', rate: '450' });
    await dialog.getByRole('button', { name: 'Add line' }).click();
    await fillLine(dialog, 2, { description: 'Built-in bench', quantity: '1', rate: '300' });
    expect(await dialog.getByTestId('estimate-total').textContent()).toBe('$1,200.00');
    await dialog.getByLabel('Line 2 optional').check();
    expect(await dialog.getByTestId('estimate-total').textContent()).toBe('$900.00');
    await dialog.getByLabel('Terms').fill('50% deposit on approval.');
    await dialog.getByRole('button', { name: 'Create Service Quote' }).click();
    await waitForToast(page, 'Estimate created successfully');
    await dialog.waitFor({ state: 'detached' });

    const [created] = await apiJson<EstimateListItem[]>(page, `/api/estimates?q=${encodeURIComponent(title)}`);
    expect(created).toMatchObject({ status: 'draft', total: '900.00', terms: '50% deposit on approval.' });
    expect(created.lineItems.map((l) => [l.description, l.optional, l.selected])).toEqual([
      ['Deck boards and framing', false, true],
      ['Built-in bench', true, false],
    ]);
    const number = created.estimateNumber;

    // Send for approval from the list: e-mail on by default; the link shows afterwards.
    let row = await estimateRow(page, number);
    await row.getByRole('button', { name: `Actions for ${number}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Convert…' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Send for approval' }).click();
    const send = page.getByTestId('send-for-approval-dialog');
    expect(await send.getByLabel('E-mail').isChecked()).toBe(true);
    expect(await send.getByLabel('Text message').isChecked()).toBe(false);
    await send.getByRole('button', { name: 'Send for approval' }).click();
    await waitForToast(page, 'Sent for approval');
    const sentLink = await send.getByLabel('Approval link').inputValue();
    expect(sentLink).toMatch(/\/quote\/[A-Za-z0-9_-]{20,100}$/);
    await waitForEmail(page, email, number);
    await send.getByRole('button', { name: 'Done' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();

    // The dialog: sent, version 1, the link to copy.
    await row.getByRole('button', { name: number, exact: true }).click();
    const panel = dialog.getByTestId('estimate-approval');
    await panel.getByText(/^Sent /).waitFor();
    expect(await panel.getByTestId('estimate-version').textContent()).toBe('Version 1');
    const path = new URL(sentLink).pathname;
    expect(await panel.getByLabel('Approval link').inputValue()).toBe(`${new URL(page.url()).origin}${path}`);
    await panel.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The customer approves on the quote page, without the optional bench (the public API the page calls).
    const token = path.split('/').pop()!;
    const quote = await postJson<PublicQuote>(page, `/api/public/quotes/${token}/open`);
    expect(quote.lineItems.map((l) => l.description)).toEqual(['Deck boards and framing', 'Built-in bench']);
    await postJson<PublicQuote>(page, `/api/public/quotes/${token}/approve`, {
      signerName: 'Pat Customer',
      signature: { width: 300, height: 100, strokes: [[[10, 50], [100, 20], [200, 80]]] },
      selectedOptionalIds: [],
      revision: quote.revision,
    });

    // After a reload: approved, with the signature drawn and the form locked.
    await page.reload();
    row = await estimateRow(page, number);
    await row.getByText('Approved', { exact: true }).waitFor();
    await row.getByRole('button', { name: number, exact: true }).click();
    await panel.getByText('Approved by Pat Customer').waitFor();
    expect(await panel.getByText(/^Viewed /).count()).toBe(1);
    expect(await panel.getByText('Approved by Pat Customer').locator('..').textContent()).toContain('for $900.00');
    const signature = panel.getByRole('img', { name: 'Signature of Pat Customer' });
    expect(await signature.getAttribute('viewBox')).toBe('0 0 300 100');
    expect(await signature.locator('path').getAttribute('d')).toBe('M10 50L100 20 200 80');
    const box = await signature.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    // Locked: the notice, no link to copy any more, read-only lines and fields, the notes too; nothing to save.
    await dialog.getByText('Approved by the customer — this service quote is locked.').waitFor();
    expect(await panel.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    expect(await dialog.getByLabel('Line 1 description').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Title').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Terms').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'New version' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Notes').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^(Save|Update)/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await apiJson<Estimate>(page, `/api/estimates/${created.id}`)).toMatchObject({ status: 'approved', total: '900.00' });

    // Convert from the list: a work order and an invoice, both ticked; then the links open them.
    await row.getByRole('button', { name: `Actions for ${number}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Send for approval' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Convert…' }).click();
    const convert = page.getByTestId('convert-estimate-dialog');
    expect(await convert.getByLabel('Service Job').isChecked()).toBe(true);
    expect(await convert.getByLabel('Service Bill').isChecked()).toBe(true);
    await convert.getByRole('button', { name: 'Convert', exact: true }).click();
    await waitForToast(page, `Service Quote ${number} converted`);
    const converted = await apiJson<Estimate>(page, `/api/estimates/${created.id}`);
    expect(converted.status).toBe('converted');
    expect(converted.workOrders).toHaveLength(1);
    expect(converted.invoices).toHaveLength(1);
    const [workOrder] = converted.workOrders;
    const [invoice] = converted.invoices;
    await convert.getByRole('link', { name: `Open service job ${workOrder.orderNumber}` }).waitFor();
    const invoiceLink = convert.getByRole('link', { name: `Open service bill ${invoice.invoiceNumber}` });
    expect(await invoiceLink.getAttribute('href')).toBe(`/invoices?open=${invoice.id}`);

    // The estimate's own dialog lists both too.
    await convert.getByRole('button', { name: 'Done' }).click();
    await row.getByText('Converted', { exact: true }).waitFor();
    await row.getByRole('button', { name: number, exact: true }).click();
    const conversions = dialog.getByTestId('estimate-conversions');
    expect(await conversions.getByRole('link', { name: `Service Job ${workOrder.orderNumber}` }).getAttribute('href')).toBe(`/work-orders?open=${workOrder.id}`);
    await dialog.getByText('Converted — this service quote is locked.').waitFor();
    expect(await dialog.getByRole('button', { name: 'New version' }).count()).toBe(0);

    // The invoice link opens the new invoice: the approved line only, the optional bench left out.
    await conversions.getByRole('link', { name: `Service Bill ${invoice.invoiceNumber}` }).click();
    await page.waitForURL(`**/invoices?open=${invoice.id}`);
    const invoiceDialog = page.getByTestId('invoice-dialog');
    expect(await invoiceDialog.getByLabel('Line 1 description').inputValue()).toBe('Deck boards and framing');
    expect(await invoiceDialog.getByLabel('Line 2 description').count()).toBe(0);
    expect(await invoiceDialog.getByTestId('invoice-total').textContent()).toBe('$900.00');
    expect(await apiJson<Invoice>(page, `/api/invoices/${invoice.id}`)).toMatchObject({ estimateId: created.id, status: 'draft', total: '900.00' });
    await context.close();
  });
});
