// List exports (docs/rules/data-exchange.md#list-exports, #export-button): on the Invoices screen a search narrows
// the list to one customer's invoices, and Export downloads exactly those rows, as CSV and as Excel, the customer's
// formula-like name made inert; a super user impersonating the organization's admin gets the admin's rows, the
// impersonation header kept on the download.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import { launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { apiJson, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = Date.now().toString(36).toUpperCase();

/** Chooses Export, then the format; answers the downloaded file's name and bytes. */
async function exportAs(page: Page, format: 'CSV' | 'Excel (.xlsx)'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('list-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  await waitForToast(page, 'Export downloaded');
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

describe('List exports', () => {
  it('exports exactly the invoices the search leaves on the Invoices screen, as CSV and as Excel', async () => {
    const { page, context } = await signedInPage(browser, 'admin@example.com');
    const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `=Export ${TAG}`, email: `export-${TAG.toLowerCase()}@example.com` });
    const made: Invoice[] = [];
    for (const rate of ['120.00', '45.50', '1999.99']) {
      made.push(await postJson<Invoice>(page, '/api/invoices', { customerId: customer.id, status: 'sent', lineItems: [{ description: 'Export check', quantity: 1, rate }] }));
    }

    await page.goto('/invoices');
    await page.getByRole('searchbox').fill(`Export ${TAG}`);
    const rows = page.getByTestId('invoices-list').locator('[data-testid="invoice-row"]:visible');
    await expect.poll(() => rows.count()).toBe(3);
    const shown = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-number')));
    expect([...shown].sort()).toEqual(made.map((i) => i.invoiceNumber).sort());

    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parse(csv.bytes.toString('utf8').replace(/^\uFEFF/, '')) as string[][];
    expect(header!.slice(0, 4)).toEqual(['Invoice #', 'Customer', 'Status', 'Total']);
    // The rows on screen, in the screen's order, and nothing else; the name a spreadsheet would run is inert.
    expect(lines.map((l) => l[0])).toEqual(shown);
    expect(new Set(lines.map((l) => l[1]))).toEqual(new Set([`'=Export ${TAG}`]));
    expect(lines.map((l) => l[3]).sort()).toEqual(['120.00', '1999.99', '45.50']);

    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount).toBe(4);
    const values = [2, 3, 4].map((r) => sheet.getRow(r));
    expect(values.map((r) => r.getCell(1).value)).toEqual(shown);
    expect(values.map((r) => r.getCell(4).value)).toEqual(expect.arrayContaining([120, 45.5, 1999.99]));
    expect(values[0]!.getCell(2).value).toBe(`'=Export ${TAG}`);
    await context.close();
  });

  it('keeps an impersonating super user’s view: the download carries the impersonation and holds the organization’s rows', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const me = await apiJson<{ id: number; organizationId: number }>(admin.page, '/api/me');
    const theirs = await apiJson<Invoice[]>(admin.page, `/api/invoices?q=${encodeURIComponent(`Export ${TAG}`)}`);
    await admin.context.close();

    const superUser = await signedInPage(browser, 'super@example.com');
    const page = superUser.page;
    await page.goto('/super-admin');
    const imp = await postJson<{ sessionToken: string }>(page, '/api/admin/impersonate', { userId: me.id });
    // As the Users panel does it: the token kept in the browser, then a full load as the impersonated user.
    await page.evaluate((token) => localStorage.setItem('impersonation_token', token), imp.sessionToken);
    await page.goto('/invoices?impersonating=true');
    await page.getByTestId('impersonation-banner').waitFor();
    await page.getByRole('searchbox').fill(`Export ${TAG}`);
    const rows = page.getByTestId('invoices-list').locator('[data-testid="invoice-row"]:visible');
    await expect.poll(() => rows.count()).toBe(theirs.length);
    const csv = await exportAs(page, 'CSV');
    const [header, ...lines] = parse(csv.bytes.toString('utf8').replace(/^\uFEFF/, '')) as string[][];
    // The organization admin's export: no Organization column as the super user's own would have, their rows only.
    expect(header![0]).toBe('Invoice #');
    expect(lines.map((l) => l[0]).sort()).toEqual(theirs.map((i) => i.invoiceNumber).sort());
    await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Exit Impersonation' }).click();
    await page.waitForURL((url) => url.pathname === '/super-admin');
    await superUser.context.close();
  });
});
