import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { Customer } from '../src/contracts/customers';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled, openGlobalSearch, uniqueName } from './fixtures/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function customerRow(page: Page, name: string) {
  return page.getByTestId('customer-row').filter({ hasText: name });
}

describe('customers screen', () => {
  it('adds a customer with the ZIP lookup, finds it, edits it and shows the phone formatted', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const name = uniqueName('Quincy Zephyr');
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByTestId('customer-row').first().waitFor();

    await page.getByRole('button', { name: 'New Customer' }).click();
    const dialog = dialogTitled(page, 'Add New Customer');
    await dialog.waitFor();

    // Name is required.
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await dialog.getByText('Name is required').waitFor();

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Email').fill('quincy.zephyr@example.net');
    await dialog.getByLabel('Phone').fill('555-333-1234 ext');
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('(555) 333-1234');
    await dialog.getByLabel('Address').fill('1 Capitol Ave');

    // ZIP keeps digits only; a 5-digit ZIP fills city and state only while both are empty.
    const zip = dialog.getByLabel('ZIP');
    await zip.fill('62a7');
    expect(await zip.inputValue()).toBe('627');
    await dialog.getByLabel('City').fill('Chicago');
    let lookup = page.waitForResponse((r) => r.url().endsWith('/api/zip/62701'));
    await zip.fill('62701');
    await lookup;
    await page.waitForTimeout(100);
    expect(await dialog.getByLabel('City').inputValue()).toBe('Chicago');
    expect(await dialog.getByLabel('State').inputValue()).toBe('');

    await dialog.getByLabel('City').fill('');
    await zip.fill('');
    lookup = page.waitForResponse((r) => r.url().endsWith('/api/zip/62701'));
    await zip.fill('62701');
    await lookup;
    await expect.poll(() => dialog.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await dialog.getByLabel('State').inputValue()).toBe('IL');

    expect(await dialog.getByLabel('Payment Terms').inputValue()).toBe('net30');
    await dialog.getByLabel('Preferred Payment').selectOption({ label: 'Bank Transfer' });
    await dialog.getByLabel('Credit Limit').fill('1500');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/customers') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    const body = (await (await created).json()) as Customer;
    expect(body).toMatchObject({ name, phone: '5553331234', city: 'Springfield', state: 'IL', zip: '62701', paymentTerms: 'net30', preferredPaymentMethod: 'bank_transfer', creditLimit: '1500.00' });
    await page.getByText('Customer created successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The server-side search finds it; the phone reads formatted.
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Quincy Zephyr');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    await customerRow(page, name).waitFor();
    const row = customerRow(page, name);
    expect(await row.textContent()).toContain('(555) 333-1234');
    expect(await row.textContent()).toContain('Demo Home Services');
    expect(await row.textContent()).toContain('1 Capitol Ave');
    await page.getByTestId('customers-page-summary').getByText('Showing 1–1 of 1').waitFor();

    // Edit: the dialog opens with the stored values and its address is ?open=ID.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = dialogTitled(page, 'Edit Customer');
    await edit.waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toBe(String(body.id));
    await expect.poll(() => edit.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await edit.getByLabel('Phone').inputValue()).toBe('(555) 333-1234');
    expect(await edit.getByLabel('Preferred Payment').inputValue()).toBe('bank_transfer');
    await edit.getByLabel('Company').fill('Zephyr Heating LLC');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Customer updated successfully', { exact: true }).waitFor();
    await edit.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('open')).toBe(false);
    await customerRow(page, 'Zephyr Heating LLC').waitFor();

    // No match.
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('no such customer anywhere');
    await page.getByText('No results found.').waitFor();

    // A link with ?open=ID opens that customer's edit dialog.
    await page.goto(`/customers?open=${body.id}`);
    await dialogTitled(page, 'Edit Customer').waitFor();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await context.close();
  });

  it('shows server field issues under their fields and the failure toast', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.route('**/api/customers', (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { message: 'email: Please enter a valid email address', issues: [{ path: ['email'], message: 'That address is already used' }] } })
        : route.fallback(),
    );
    await page.goto('/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const dialog = dialogTitled(page, 'Add New Customer');
    await dialog.getByLabel('Name', { exact: true }).fill('Rejected Person');
    await dialog.getByLabel('Email').fill('dup@example.com');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByText('Failed to create customer', { exact: true }).waitFor();
    await dialog.getByText('That address is already used').waitFor();
    await context.close();
  });

  it('pages on the server: Showing 1–50 of N with Previous and Next', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    const [real] = await apiJson<Customer[]>(page, '/api/customers?limit=1');
    const offsets: number[] = [];
    await page.route(
      (url) => url.pathname === '/api/customers',
      (route) => {
        const url = new URL(route.request().url());
        const offset = Number(url.searchParams.get('offset') ?? 0);
        offsets.push(offset);
        expect(url.searchParams.get('limit')).toBe('50');
        const size = Math.min(50, 120 - offset);
        const rows = Array.from({ length: size }, (_, i) => ({ ...real, id: 100_000 + offset + i, name: `Paged Person ${offset + i + 1}` }));
        return route.fulfill({ json: rows, headers: { 'X-Total-Count': '120', 'Access-Control-Expose-Headers': 'X-Total-Count' } });
      },
    );
    await page.goto('/customers');
    await page.getByText('Showing 1–50 of 120').waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 51–100 of 120').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 101–120 of 120').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await customerRow(page, 'Paged Person 120').waitFor();
    expect(offsets).toEqual(expect.arrayContaining([0, 50, 100]));
    await context.close();
  });

  it('lets an employee see customers but not add or edit them', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com');
    await page.goto('/customers');
    await page.getByTestId('customer-row').first().waitFor();
    expect(await page.getByRole('button', { name: /New Customer/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    const [first] = await apiJson<Customer[]>(page, '/api/customers?limit=1');
    // ?open=ID shows the details without a form.
    await page.goto(`/customers?open=${first.id}`);
    const details = page.getByTestId('customer-details-dialog');
    await details.getByRole('heading', { name: first.name }).waitFor();
    expect(await details.getByRole('textbox').count()).toBe(0);
    await context.close();
  });

  it('uses the industry label: a Healthcare organization has Patients', async () => {
    const { context, page } = await signedInPage(browser, 'admin@brightsmiles.example');
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New Patient' }).click();
    await dialogTitled(page, 'Add New Patient').waitFor();
    await context.close();
  });
});

describe('top bar search', () => {
  it('finds a customer by name; the arrows move, Enter opens its edit dialog, Escape closes', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const [target] = await apiJson<Customer[]>(page, '/api/customers?q=Grace%20Kim&limit=1');
    await page.goto('/');
    const box = await openGlobalSearch(page);
    expect(await box.getAttribute('placeholder')).toBe('Search customers, jobs...');

    await box.fill('zzzz-no-such-record');
    await page.getByTestId('search-results').getByText('No results found.').waitFor();
    await box.press('Escape');
    await page.getByTestId('search-results').waitFor({ state: 'detached' });

    await box.fill('Grace Kim');
    const results = page.getByTestId('search-results');
    await results.getByRole('group', { name: 'Customers' }).getByRole('option', { name: /Grace Kim/ }).waitFor();
    // The first result starts highlighted; down and up again come back to it.
    const options = results.getByRole('option');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    if ((await options.count()) > 1) {
      await box.press('ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      await box.press('ArrowUp');
    }
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/customers' && url.searchParams.get('open') === String(target.id));
    const dialog = dialogTitled(page, 'Edit Customer');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(target.name);
    await context.close();
  });

  it('works on a phone: the search button opens the box and a tap opens a result', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com', PHONE);
    await page.goto('/');
    const box = await openGlobalSearch(page);
    await box.fill('Grace');
    await page.getByRole('group', { name: 'Customers' }).getByRole('option', { name: /Grace Kim/ }).click();
    await page.waitForURL((url) => url.pathname === '/customers' && url.searchParams.has('open'));
    await dialogTitled(page, 'Edit Customer').waitFor();
    await context.close();
  });
});
