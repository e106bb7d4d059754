import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launchBrowser, newPage } from './fixtures/browser';
import { dialogTitled } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

// Validation texts and error toasts are words, never request paths or zod's raw text (ADR 010, docs/api.md).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RAW = /Too big:|Too small:|expected string|lineItems\.0|creditLimit:/;

describe('error words', () => {
  it('an over-long name reads "Must be at most 100 characters" under the field', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('First name').fill('A'.repeat(101));
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: /create account|register|send/i }).first().click();
    await page.getByText('Must be at most 100 characters', { exact: true }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(RAW);
    await context.close();
  });

  it("a server refusal naming a field by its path toasts the field's label", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.route('**/api/customers', (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: { code: 'VALIDATION_FAILED', message: 'lineItems.0.amount: Is too large', issues: [{ path: 'lineItems.0.amount', message: 'Is too large' }] },
          })
        : route.fallback(),
    );
    await page.goto('/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const dialog = dialogTitled(page, 'Add New Customer');
    await dialog.getByLabel('Name', { exact: true }).fill('Refused Person');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByText('Failed to create customer', { exact: true }).waitFor();
    await page.getByText('Line 1, amount: is too large', { exact: true }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(RAW);
    await context.close();
  });
});
