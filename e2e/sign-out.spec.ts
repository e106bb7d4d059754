import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser, newPage } from './fixtures/browser';
import { signIn } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing out', () => {
  it("shows 'Signing out...', says 'Logged out', lands on /login and ends the session", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, baseURL(), 'admin@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('admin@example.com').waitFor();
    await page.getByText('Organization Admin').waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('menuitem', { name: 'Signing out...' }).waitFor();
    // The toast is up for half a second before the page changes: poll every frame, not on Playwright's back-off.
    await page.waitForFunction(() => document.body.innerText.includes('Logged out'), null, { polling: 'raf' });
    await page.waitForURL((url) => url.pathname === '/login');

    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
