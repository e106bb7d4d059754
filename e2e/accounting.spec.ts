// Accounting exports (docs/rules/data-exchange.md#accounting-screen): an admin of an organization made for this test
// maps the accounts and the tax code once, exports last month and gets the file, which holds last month's payment;
// exporting again repeats nothing, and the past export downloads again as it was made.
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The 15th of last month at noon UTC: last month in New York, the new organization's zone. */
function lastMonthMidday(now = new Date()): { day: string; instant: string; from: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
  const day = d.toISOString().slice(0, 10);
  return { day, instant: d.toISOString(), from: `${day.slice(0, 8)}01` };
}

const zipText = (path: string) => Object.fromEntries(Object.entries(unzipSync(new Uint8Array(fs.readFileSync(path)))).map(([name, bytes]) => [name, strFromU8(bytes)]));

describe('Accounting', () => {
  it('maps the accounts once, exports last month, downloads it, and repeats nothing the next time', async () => {
    const { adminEmail } = await freshOrganizationAdmin(browser, 'Ledger Plumbing', { firstName: 'Lena', lastName: 'Ledger' });
    const { page, context } = await signedInPage(browser, adminEmail);
    const rate = await postJson<{ id: number }>(page, '/api/tax-rates', { name: 'State', percent: '6.25' });
    const customer = await postJson<{ id: number }>(page, '/api/customers', { name: 'Ada Lovelace' });
    const invoice = await postJson<{ id: number; invoiceNumber: string }>(page, '/api/invoices', {
      customerId: customer.id,
      status: 'sent',
      lineItems: [{ description: 'Water heater', quantity: 1, rate: '400.00', taxRateIds: [rate.id] }],
    });
    const when = lastMonthMidday();
    await postJson(page, '/api/payments', { invoiceId: invoice.id, amount: '150.00', method: 'check', reference: '2001', receivedDate: when.instant });

    await page.goto('/accounting');
    await page.getByTestId('accounting-needs-settings').waitFor();
    expect(await page.getByTestId('accounting-export').isDisabled()).toBe(true);
    const form = page.getByTestId('accounting-settings-form');
    await form.getByLabel('Income account').fill('Sales');
    await form.getByLabel('Accounts receivable').fill('Accounts Receivable (A/R)');
    await form.getByLabel('Deposit account').fill('Undeposited Funds');
    await form.getByLabel('Sales tax liability account').fill('Sales Tax Payable');
    await form.getByLabel('Tax code for untaxed lines').fill('NON');
    // A code for every rate: refused until given, on its field.
    await form.getByRole('button', { name: 'Save accounting settings' }).click();
    await form.getByText('Enter the tax code for State 6.25 %').waitFor();
    await form.getByLabel('State 6.25 %').fill('TAX');
    await form.getByRole('button', { name: 'Save accounting settings' }).click();
    await waitForToast(page, 'Accounting settings saved');

    // Last month is the default period.
    const exportCard = page.getByTestId('accounting-export-card');
    await exportCard.getByTestId('accounting-period-text').getByText(/^[A-Z][a-z]{2} 1, \d{4} - /).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportCard.getByRole('button', { name: 'Export' }).click()]);
    await waitForToast(page, 'Export made');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^quickbooks-online-${when.from}-to-\\d{4}-\\d{2}-\\d{2}-export-\\d+\\.zip$`));
    const firstPath = await download.path();
    const files = zipText(firstPath);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'payments.csv']);
    const mmddyyyy = `${when.day.slice(5, 7)}/${when.day.slice(8, 10)}/${when.day.slice(0, 4)}`;
    expect(files['payments.csv']).toBe(`Date,Description,Amount\r\n${mmddyyyy},Payment from Ada Lovelace for ${invoice.invoiceNumber} (Check 2001),150.00\r\n`);
    const row = page.getByTestId('accounting-export-row').first();
    await row.getByText('0 invoices, 0 credit notes, 1 payment, 0 refunds').waitFor();
    await row.getByText('Lena Ledger', { exact: false }).waitFor();

    // Again: nothing new, no second file, no second row.
    await exportCard.getByRole('button', { name: 'Export' }).click();
    await waitForToast(page, 'Nothing new to export');
    await page.getByText(/its 1 record was in earlier exports\.$/).first().waitFor();
    expect(await page.getByTestId('accounting-export-row').count()).toBe(1);

    // The past export downloads again, byte for byte.
    const [again] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download the export of / }).click()]);
    expect(fs.readFileSync(await again.path()).equals(fs.readFileSync(firstPath))).toBe(true);
    await context.close();
  });
});
