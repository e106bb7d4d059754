import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { InventorySummary } from '../src/contracts/inventory';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { waitForToast } from './fixtures/documents';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shownCount(page: Page, card: 'in-stock' | 'low-stock' | 'out-of-stock'): Promise<number> {
  const text = await page.getByTestId(`inventory-count-${card}`).locator('p.text-2xl').textContent();
  return Number(text);
}

async function expectCounts(page: Page, expected: InventorySummary): Promise<void> {
  await expect.poll(() => shownCount(page, 'in-stock')).toBe(expected.inStock);
  await expect.poll(() => shownCount(page, 'low-stock')).toBe(expected.lowStock);
  await expect.poll(() => shownCount(page, 'out-of-stock')).toBe(expected.outOfStock);
}

async function setQuantity(page: Page, name: string, quantity: number): Promise<void> {
  await page.getByRole('button', { name: `Update quantity of ${name}` }).first().click();
  const dialog = dialogTitled(page, 'Update Quantity');
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await waitForToast(page, 'Inventory item updated successfully');
  await dialog.waitFor({ state: 'detached' });
}

async function dashboardAlertFor(page: Page, name: string): Promise<string | null> {
  await page.goto('/');
  const alert = page.getByTestId('inventory-alert').filter({ hasText: name });
  await page.getByTestId('inventory-alerts').waitFor();
  return (await alert.count()) === 0 ? null : alert.textContent();
}

describe('inventory', () => {
  it('adds an item that drops to low and then out of stock, with the counts and the dashboard alert following', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const before = await apiJson<InventorySummary>(page, '/api/inventory/summary');
    const name = uniqueName('Brass ball valve');
    const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;

    await page.goto('/inventory');
    await expectCounts(page, before);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = dialogTitled(page, 'Add Item');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Quantity').fill('5');
    await dialog.getByLabel('Minimum Stock').fill('2');
    await dialog.getByLabel('Unit Cost').fill('12.40');
    await dialog.getByLabel('Unit Price').fill('29.99');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await waitForToast(page, 'Inventory item created successfully');
    await expectCounts(page, { ...before, inStock: before.inStock + 1 });
    expect(await dashboardAlertFor(page, name)).toBeNull();

    // The same SKU again is refused with the server's message, and nothing is added.
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByLabel('Name').fill(`${name} copy`);
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByText('An item with this SKU already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox').fill(name);
    await setQuantity(page, name, 1);
    await expectCounts(page, { ...before, lowStock: before.lowStock + 1 });
    expect(await dashboardAlertFor(page, name)).toContain('Low stock');

    await page.goto('/inventory');
    await page.getByRole('searchbox').fill(name);
    await setQuantity(page, name, 0);
    await expectCounts(page, { ...before, outOfStock: before.outOfStock + 1 });
    expect(await dashboardAlertFor(page, name)).toContain('Out of stock');
    await page.screenshot({ path: '/tmp/shots/inventory-dashboard-alert.png', fullPage: true });
    await context.close();
  });

  it('is usable at phone width', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com', PHONE);
    await page.goto('/inventory');
    await page.getByTestId('inventory-cards').waitFor();
    // Managers see stock but cannot change it (view_inventory only).
    expect(await page.getByRole('button', { name: 'Add Item' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/shots/inventory-phone.png', fullPage: true });
    await context.close();
  });
});
