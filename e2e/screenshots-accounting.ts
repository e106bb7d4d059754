// Saves PNGs of the Accounting screen (docs/rules/data-exchange.md#accounting-screen) at desktop (1280) and phone
// (390) width: before the settings are saved, the settings filled in, and after an export of last month:
// `npx tsx e2e/screenshots-accounting.ts` (into /tmp/shots/accounting, or OUT_DIR). Uses BASE_URL when given (a
// running app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;

async function accountingShots(page: Page, suffix: string, first: boolean) {
  if (first) {
    // Two rates, and an invoice whose line carries both: the settings then ask for three codes.
    const state = await postJson<{ id: number }>(page, '/api/tax-rates', { name: 'State', percent: '6.25' });
    const city = await postJson<{ id: number }>(page, '/api/tax-rates', { name: 'City', percent: '2.25' });
    const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
    await postJson(page, '/api/invoices', { customerId: customer.id, status: 'sent', lineItems: [{ description: 'Boiler service', quantity: 1, rate: '240.00', taxRateIds: [state.id, city.id] }] });
  }
  await page.goto('/accounting');
  await page.getByTestId('accounting-export-card').waitFor();
  if (first) {
    await shots.shoot(page, `accounting-first-visit-${suffix}`, true);
    const form = page.getByTestId('accounting-settings-form');
    await form.getByRole('button', { name: 'Save accounting settings' }).click();
    await form.getByText('Enter the income account').waitFor();
    await shots.shootElement(page, page.getByTestId('accounting-settings-card'), `accounting-settings-errors-${suffix}`);
    await form.getByLabel('Income account').fill('Sales of Product Income');
    await form.getByLabel('Accounts receivable').fill('Accounts Receivable (A/R)');
    await form.getByLabel('Deposit account').fill('Undeposited Funds');
    await form.getByLabel('Sales tax liability account').fill('Sales Tax Payable');
    await form.getByLabel('Tax code for untaxed lines').fill('NON');
    const codes = form.getByRole('list', { name: 'Tax codes' }).getByRole('textbox');
    for (let i = 0; i < (await codes.count()); i++) await codes.nth(i).fill('TAX');
    await form.getByRole('button', { name: 'Save accounting settings' }).click();
    await page.getByText('Accounting settings saved').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('accounting-export').click();
    console.log(`downloaded ${(await download).suggestedFilename()}`);
    await page.getByTestId('accounting-exports-list').getByRole('button', { name: /Download the export/ }).filter({ visible: true }).first().waitFor();
  }
  await page.goto('/accounting');
  await page.getByTestId('accounting-exports-list').getByRole('button', { name: /Download the export/ }).filter({ visible: true }).first().waitFor();
  await shots.shoot(page, `accounting-${suffix}`, true);
  await page.getByLabel('Period').selectOption('custom');
  await page.getByLabel('From').fill('2026-03-31');
  await page.getByLabel('To').fill('2026-03-01');
  await page.getByTestId('accounting-export').click();
  await page.getByText('The end date must be on or after the start date').first().waitFor();
  await shots.shootElement(page, page.getByTestId('accounting-export-card'), `accounting-export-custom-${suffix}`);
}

runScreenshots('/tmp/shots/accounting', async (run) => {
  shots = run;
  await run.atBothWidths((page, suffix, _viewport, first) => accountingShots(page, suffix, first), 'admin@example.com');
});
