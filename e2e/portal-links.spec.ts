// Portal links from staff to customer (docs/customer-portal.md, Portal links): the link from the e-mail opens the
// portal with its token in the fragment, which then leaves the address bar and never travels in a request URL; a
// reload keeps the visit; "Revoke links" on the customer's row makes every link read as invalid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { portalTokenFromAddress } from '../src/contracts/customer-portal';
import { launchBrowser, newPage } from './fixtures/browser';
import { createCustomer, waitForEmail, waitForToast } from './fixtures/documents';
import { dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new customer with portal access, shown alone on the Customers screen. */
async function customerOnScreen(page: Page, prefix: string): Promise<{ id: number; name: string; email: string }> {
  // No digits: the customers search also matches a query's digits against phone numbers.
  const name = uniqueName(prefix).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const customer = await createCustomer(page, name, email);
  await page.goto('/customers');
  // The first page first, so the search is typed into the live screen.
  await page.getByTestId('customer-row').first().waitFor();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
  await page.getByTestId('customer-row').filter({ hasText: name }).waitFor();
  return { ...customer, email };
}

/** Staff e-mail the link from the customer's row; answers the link as the e-mail carries it. */
async function emailLinkFromRow(page: Page, customer: { name: string; email: string }): Promise<string> {
  await page.getByRole('button', { name: `Email portal link to ${customer.name}` }).click();
  await waitForToast(page, 'Portal link sent');
  const mail = await waitForEmail(page, customer.email, 'Your customer portal');
  const link = mail.text.match(/\S*\/customer-portal\S*/)?.[0];
  // The link carries its 256-bit token in the fragment, never in the query.
  expect(link).toMatch(/\/customer-portal#token=[A-Za-z0-9_-]{43}$/);
  return link!;
}

describe('portal links', () => {
  it('the link from the e-mail opens the portal; the token leaves the address bar, is sent only as a header, and a reload keeps the visit', async () => {
    const staff = await signedInPage(browser, 'admin@example.com');
    const customer = await customerOnScreen(staff.page, 'Fragment Link');
    const link = await emailLinkFromRow(staff.page, customer);
    await staff.context.close();

    const url = new URL(link);
    expect(url.pathname).toBe('/customer-portal');
    expect(url.search).toBe('');
    const token = portalTokenFromAddress(url.search, url.hash)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A visitor who is not signed in: the link alone opens the portal.
    const { context, page } = await newPage(browser);
    const requestUrls: string[] = [];
    const tokenHeaders: string[] = [];
    page.on('request', (request) => {
      requestUrls.push(request.url());
      const header = request.headers()['x-portal-token'];
      if (header) tokenHeaders.push(header);
    });
    await page.goto(`${url.pathname}${url.hash}`);
    await page.getByTestId('portal-greeting').getByText(`Welcome, ${customer.name}`).waitFor();
    await page.waitForURL((u) => u.hash === '' && u.search === '');
    expect(page.url()).not.toContain(token);
    expect(page.url().endsWith('/customer-portal')).toBe(true);

    await page.reload();
    await page.getByTestId('portal-greeting').getByText(`Welcome, ${customer.name}`).waitFor();
    expect(page.url()).not.toContain(token);
    // The token went out only in the x-portal-token header: never in a URL the server (or its logs) saw.
    expect(requestUrls.filter((u) => u.includes(token))).toEqual([]);
    expect(tokenHeaders.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tokenHeaders)).toEqual(new Set([token]));
    await context.close();

    // A link e-mailed before the fragment form (?token=) still opens, and leaves the address bar the same way.
    const old = await newPage(browser);
    await old.page.goto(`/customer-portal?token=${token}`);
    await old.page.getByTestId('portal-greeting').getByText(`Welcome, ${customer.name}`).waitFor();
    await old.page.waitForURL((u) => !u.href.includes(token));
    await old.context.close();
  });

  it('"Revoke links" on the customer row asks first, says how many were revoked, and the link then shows the invalid-link message', async () => {
    const staff = await signedInPage(browser, 'admin@example.com');
    const customer = await customerOnScreen(staff.page, 'Revoked Link');
    const link = await emailLinkFromRow(staff.page, customer);
    const url = new URL(link);

    // The link works before.
    const before = await newPage(browser);
    await before.page.goto(`${url.pathname}${url.hash}`);
    await before.page.getByTestId('portal-greeting').getByText(`Welcome, ${customer.name}`).waitFor();

    const page = staff.page;
    await page.getByRole('button', { name: `Revoke portal links of ${customer.name}` }).click();
    const dialog = page.getByTestId('revoke-portal-links-dialog');
    await dialog.getByRole('heading', { name: 'Revoke portal links?' }).waitFor();
    expect(await dialog.textContent()).toContain(customer.name);
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Revoke portal links of ${customer.name}` }).click();
    await page.getByTestId('revoke-portal-links-dialog').getByRole('button', { name: 'Revoke links' }).click();
    await waitForToast(page, 'Portal links revoked');
    await page.getByText('1 active link no longer works.', { exact: true }).first().waitFor();
    await page.getByTestId('revoke-portal-links-dialog').waitFor({ state: 'detached' });

    // Opening the link now: the invalid-link message, with the way to sign in.
    const after = await newPage(browser);
    await after.page.goto(`${url.pathname}${url.hash}`);
    await after.page.getByText('This portal link is invalid or has expired', { exact: true }).waitFor();
    await after.page.getByRole('heading', { name: 'Link invalid or expired' }).waitFor();
    expect(await after.page.getByTestId('portal-greeting').count()).toBe(0);
    await after.context.close();

    // The visitor who had it open is refused on the next load too.
    await before.page.reload();
    await before.page.getByText('This portal link is invalid or has expired', { exact: true }).waitFor();
    await before.context.close();
    await staff.context.close();
  });

  it('an employee may e-mail a link but sees no Revoke links action', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com');
    await page.goto('/customers');
    const row = page.getByTestId('customer-row').first();
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^Email portal link to / }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /^Revoke portal links of / }).count()).toBe(0);
    expect(await dialogTitled(page, 'Revoke portal links?').count()).toBe(0);
    await context.close();
  });
});
