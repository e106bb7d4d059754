// Dialogs with the keyboard alone: opened with Enter, the customer picker inside chosen with arrows and Enter
// (Escape closing only the list), and on close focus goes back to the button that opened the dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { signedInPage } from '../e2e/fixtures/sessions';
import { OPEN_DIALOG } from './fixtures/axe';
import { focusedStop, KeyboardUser } from './fixtures/keyboard';
import { visit } from './fixtures/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('dialogs with the keyboard only', () => {
  it('opens New Work Order with Enter, picks a customer with the arrows, and returns focus to New on Escape', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const kb = new KeyboardUser(page);
    await visit(page, '/work-orders');
    const dialog = page.locator(OPEN_DIALOG);

    await kb.tabTo((s) => s.tag === 'button' && s.name === 'New', 'the New button', { max: 60 });
    await kb.press('Enter', 'any', () => dialog.getByRole('combobox', { name: 'Customer' }).waitFor());
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Customer', 'the Customer field');

    // The list: Escape closes it alone, and focus is back on the field.
    await kb.press('Enter', 'any', () => page.getByRole('textbox', { name: 'Search customers' }).waitFor());
    expect((await focusedStop(page))?.name).toBe('Search customers');
    await kb.press('Escape');
    expect(await dialog.count(), 'Escape in the list leaves the dialog open').toBe(1);
    expect((await focusedStop(page))?.name).toBe('Customer');

    // Down to the second customer and Enter: chosen, and focus is on the field showing it.
    await kb.press('Enter', 'any', () => page.getByRole('listbox', { name: 'Customers' }).getByRole('option').nth(1).waitFor());
    const second = (await page.getByRole('listbox', { name: 'Customers' }).getByRole('option').nth(1).locator('.font-medium').textContent()) ?? '';
    await kb.press('ArrowDown');
    // The field announces the option the arrow moved to: its active descendant is that option.
    const activeId = await page.getByRole('textbox', { name: 'Search customers' }).getAttribute('aria-activedescendant');
    expect(activeId).toMatch(/^\S+$/);
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('role')).toBe('option');
    expect(await page.locator(`[id="${activeId}"]`).textContent()).toContain(second.trim());
    await kb.press('Enter', 'any', () => page.getByRole('textbox', { name: 'Search customers' }).waitFor({ state: 'detached' }));
    expect((await focusedStop(page))?.name).toBe('Customer');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(second.trim());

    // Escape now closes the dialog, and focus returns to New. Radix hands focus back in a task after the dialog leaves
    // the page, so on a busy machine the step ends when focus has landed again (the check below says where).
    await kb.press('Escape', 'any', async () => {
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement !== null && document.activeElement !== document.body);
    });
    expect((await focusedStop(page))?.name).toBe('New');
    kb.expectSensibleFocus();
    await context.close();
  });
});
