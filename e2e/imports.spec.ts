// Import data (docs/rules/data-exchange.md#imports): from the Customers list, a CSV with one bad row shows the problem
// by row and column and cannot be imported; the corrected file imports and the list has the new customers. On a
// phone, a column the screen did not recognise is chosen by hand. Someone who cannot add records is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './fixtures/browser';
import { uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const csvFile = (name: string, rows: string[][]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`) });

async function chooseFile(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('Spreadsheet file').setInputFiles(file);
  await page.getByTestId('import-file').filter({ hasText: file.name }).waitFor();
}

describe('Import data', () => {
  it('a bad row is named by row and column and blocks the import; the corrected file comes in', async () => {
    const tag = uniqueName('Imp').replace(/\W+/g, '');
    const rows = (email: string) => [
      ['Display Name', 'E-mails', 'Main Phone #s', 'Billing Zip code'],
      [`Ada ${tag}`, `ada.${tag}@example.com`.toLowerCase(), '+1 (217) 555-0101', '62704'],
      [`Ben ${tag}`, email, '217-555-0102', '62701-1234'],
      [`Cy ${tag}`, `cy.${tag}@example.com`.toLowerCase(), '', ''],
    ];
    const { page, context } = await signedInPage(browser, 'manager@example.com');
    await page.goto('/customers');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import data', level: 1 }).waitFor();
    expect(await page.getByLabel('What to import').inputValue()).toBe('customers');

    await chooseFile(page, csvFile('clients.csv', rows('not-an-email')));
    // Jobber's headers are recognised.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('E-mails');
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('Main Phone #s');
    const problems = page.getByTestId('import-problems');
    await problems.getByText('1 problem to fix before importing').waitFor();
    expect(await page.getByTestId('import-problem').allInnerTexts()).toEqual(['Row 3 · E-mails: Please enter a valid email address']);
    const importButton = page.getByRole('button', { name: /^Import \d/ });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByTestId('import-preview-table').getByText('Problem').waitFor();

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await chooseFile(page, csvFile('clients-fixed.csv', rows(`ben.${tag}@example.com`.toLowerCase())));
    await page.getByTestId('import-counts').getByText('The import will create 3').waitFor();
    await page.getByRole('button', { name: 'Import 3 customers' }).click();
    const result = page.getByTestId('import-result');
    await result.getByText('Import complete').waitFor();
    expect(await result.locator('dd').allInnerTexts()).toEqual(['3', '0', '0']);
    await result.getByRole('link', { name: 'Go to Customers' }).click();
    await page.getByPlaceholder('Search customers...').fill(tag);
    await page.getByText(`Ben ${tag}`).first().waitFor();
    await page.getByText('(217) 555-0101').first().waitFor();
    await context.close();
  });

  it('on a phone: an unrecognised column is chosen by hand; someone who cannot add records is refused', async () => {
    const employee = await signedInPage(browser, 'employee@example.com', PHONE);
    await employee.page.goto('/imports?kind=customers');
    await employee.page.getByTestId('access-denied').waitFor();
    await employee.context.close();

    const tag = uniqueName('Svc').replace(/\W+/g, '');
    const { page, context } = await signedInPage(browser, 'manager@example.com', PHONE);
    await page.goto('/imports?kind=services');
    expect(await page.getByLabel('What to import').inputValue()).toBe('services');
    // A manager adds customers and services, not vendors or stock.
    expect(await page.getByLabel('What to import').locator('option').allInnerTexts()).toEqual(['Customers', 'Services']);
    await chooseFile(page, csvFile('jobs.csv', [['Job type', 'Minutes', 'Price'], [`Gutter clean ${tag}`, '90', '$120.00'], [`Roof check ${tag}`, '45', '80']]));
    await page.getByTestId('import-problem').filter({ hasText: 'Row 1: Choose the column that holds Service name' }).waitFor();
    await page.getByLabel('Service name').selectOption('Job type');
    await page.getByLabel('Duration (minutes)').selectOption('Minutes');
    await page.getByTestId('import-counts').getByText('The import will create 2').waitFor();
    expect(await page.getByTestId('import-problems').count()).toBe(0);
    await page.getByRole('button', { name: 'Import 2 services' }).click();
    await page.getByTestId('import-result').getByText('Import complete').waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const services = await page.evaluate(async () => (await fetch('/api/services')).json());
    expect(services.filter((s: { name: string }) => s.name.endsWith(tag)).map((s: { name: string; duration: number; price: string }) => [s.name, s.duration, s.price])).toEqual([
      [`Gutter clean ${tag}`, 90, '120.00'],
      [`Roof check ${tag}`, 45, '80.00'],
    ]);
    // "Go to Scheduling" opens its Services tab, where they now are.
    await page.getByTestId('import-result').getByRole('link', { name: 'Go to Scheduling' }).click();
    await page.getByRole('tab', { name: 'Services', selected: true }).waitFor();
    await page.getByText(`Gutter clean ${tag}`).first().waitFor();
    await context.close();
  });
});
