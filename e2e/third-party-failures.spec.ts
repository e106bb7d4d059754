// A third party's failure shown where the user acted, never as a sign-out (docs/payments.md, "Third-party
// failures"): this spec runs its own app against a Stripe stand-in that refuses every key (Stripe's 401), and an
// organization admin takes a card payment. Also the Stripe processor's own webhook URL on its card, with Copy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { DESKTOP, launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { dialogTitled } from './fixtures/records';
import { signIn } from './fixtures/sign-in';

const KEY_REFUSED =
  "The payment processor rejected the request: the processor's secret key was not accepted. An administrator must check it on the Payment Processors screen.";

let browser: Browser;
let stripe: http.Server;
let app: AppServer;
let context: BrowserContext;
let page: Page;
const stripeCalls: string[] = [];

beforeAll(async () => {
  // Answers as api.stripe.com does to a revoked or mistyped secret key.
  stripe = http.createServer((req, res) => {
    stripeCalls.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****0000' } }));
  });
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', r));
  app = await startAppServer({ STRIPE_API_BASE: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}` });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: app.baseURL, viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  await signIn(page, app.baseURL, 'admin@example.com');
  // The organization's active processor is Stripe, with keys Stripe will refuse.
  const created = await page.request.post('/api/payment-processors', {
    data: {
      displayName: 'Stripe (revoked key)',
      processorType: 'stripe',
      isActive: true,
      testMode: true,
      configuration: { secretKey: 'sk_test_51RevokedKeyForBrowserTest00', publishableKey: 'pk_test_51RevokedKeyForBrowserTest00', webhookSecret: 'whsec_browser_test' },
    },
  });
  expect(created.status()).toBe(201);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  stripe?.close();
});

describe("Stripe refusing the organization's key", () => {
  it('shows the failure in the payment dialog and the user stays signed in', async () => {
    await page.goto('/payments');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Process Payment' }).click();
    const dialog = dialogTitled(page, 'Process Payment');
    await dialog.getByLabel('Amount').fill('25.00');
    await dialog.getByLabel('Customer Name').fill('Walk-in Payer');
    await dialog.getByLabel('Description').fill('Drain cleaning');
    const before = stripeCalls.length;
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await waitForToast(page, 'Failed to create payment intent');
    await page.getByText(KEY_REFUSED, { exact: true }).first().waitFor();
    expect(stripeCalls.length).toBeGreaterThan(before);
    // Still on the first step, the dialog open: the user can close it and carry on.
    expect(await dialog.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/payments');

    // Signed in: the session answers, and a reload lands on the same screen, not the sign-in page.
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payments');
  });
});

describe("the Stripe processor's own webhook URL", () => {
  it('is on the processor card with a copy button', async () => {
    await page.goto('/organization');
    await page.getByRole('button', { name: 'Manage' }).click();
    const card = page.getByTestId('processor-card').filter({ hasText: 'Stripe (revoked key)' });
    const url = card.getByTestId('stripe-webhook-url');
    await url.waitFor();
    const text = (await url.textContent()) ?? '';
    const shown = text.match(/http:\/\/\S+\/api\/webhooks\/stripe\/\d+/)?.[0];
    expect(shown).toMatch(new RegExp(`^${app.baseURL}/api/webhooks/stripe/\\d+$`));
    await card.getByRole('button', { name: 'Copy the Stripe webhook URL of Stripe (revoked key)' }).click();
    await waitForToast(page, 'Webhook URL copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  });
});
