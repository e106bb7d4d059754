// Signing in with the keyboard alone: type the e-mail, Tab to Send verification code and Enter, type the code
// from the development outbox, Tab to Verify and sign in (and Shift+Tab back and forth), Enter. Every focus move
// is checked: visible, in document order, with a focus indicator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser, newPage } from '../e2e/fixtures/browser';
import { latestOutboxId, readCode } from '../e2e/fixtures/sign-in';
import { focusedStop, KeyboardUser } from './fixtures/keyboard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in with the keyboard only', () => {
  it('signs in on /login with the e-mailed code without the mouse', async () => {
    const { context, page } = await newPage(browser);
    const email = 'manager@example.com';
    const kb = new KeyboardUser(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();

    // The e-mail field has focus on arrival.
    const start = await focusedStop(page);
    if (start?.name !== 'Email') await kb.tabTo((s) => s.tag === 'input' && s.name === 'Email', 'the Email field');
    const afterId = await latestOutboxId(baseURL());
    await kb.type(email);
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Send verification code', 'Send verification code');
    // The code step: its field takes focus.
    await kb.press('Enter', 'any', () => page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code'));
    await kb.type(await readCode(baseURL(), email, afterId));
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Verify and sign in', 'Verify and sign in');
    await kb.tabTo((s) => s.tag === 'input' && s.name === 'Verification code', 'the code field again', { backward: true });
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Verify and sign in', 'Verify and sign in again');
    // Signing in reloads the page, so there is no focus move on this page left to check.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    await page.getByTestId('page-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    kb.expectSensibleFocus();
    await context.close();
  });
});
