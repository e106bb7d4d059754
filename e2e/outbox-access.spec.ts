// The outbox is for this machine only (docs/security.md): the login hint and the outbox show on localhost and
// nowhere else. "Elsewhere" is this same server reached through the machine's own network address, so the
// TCP peer is not loopback, as for a colleague's browser on the office network.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, DESKTOP, launchBrowser, newPage } from './fixtures/browser';
import { requestCode } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** This machine's first non-loopback IPv4 address, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('outbox access', () => {
  it('on localhost the login screen points to the outbox, which shows the sign-in code', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const note = page.getByTestId('dev-outbox-note');
    await note.getByText('Development mode: e-mails are not sent.', { exact: false }).waitFor();
    expect(await note.getByRole('link', { name: '/dev/outbox' }).getAttribute('href')).toBe('/dev/outbox');

    await requestCode(page, baseURL(), 'manager@example.com');
    await page.getByText('Check your email for the verification code', { exact: true }).waitFor();
    await page.goto('/dev/outbox');
    const row = page.getByRole('row').filter({ hasText: 'manager@example.com' }).first();
    await row.getByText(/Your Tradebook sign-in code: \d{6}/).waitFor();
    await context.close();
  });

  it.skipIf(!lanAddress)('from another address there is no hint, no outbox page and no outbox data', async () => {
    const port = new URL(baseURL()).port;
    const remoteBase = `http://${lanAddress}:${port}`;
    const context = await browser.newContext({ baseURL: remoteBase, viewport: DESKTOP });
    const page = await context.newPage();

    // The server answers the hint's question for this browser; wait for its answer before looking.
    const info = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/public/app-info');
    await page.goto('/login');
    expect(await (await info).json()).toEqual({ devOutbox: false });
    await page.getByRole('button', { name: 'Send verification code' }).waitFor();
    expect(await page.getByTestId('dev-outbox-note').count()).toBe(0);

    const outboxPage = await page.goto('/dev/outbox');
    expect(outboxPage?.status()).toBe(404);
    expect((await page.request.get('/api/dev/outbox')).status()).toBe(404);
    // X-Forwarded-For is the client's to write: it changes nothing.
    expect((await page.request.get('/api/dev/outbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status()).toBe(404);
    await context.close();
  });
});
