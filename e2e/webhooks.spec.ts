// Outbound webhooks on the Developers screen (docs/rules/public-api.md#webhooks-panel): an admin adds an endpoint
// pointing at a receiver this test starts on 127.0.0.1, adds a customer in the app, sees the delivery succeed with the
// receiver's answer, and replays it; on a phone, rolls the secret and sends a test event signed with the new one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CreatedWebhookEndpoint } from '@contracts/webhooks';
import { launchBrowser, PHONE } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { dialogTitled, postJson, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

interface Received {
  path: string;
  signature: string;
  eventId: string;
  body: string;
}

let browser: Browser;
let server: http.Server;
let receiverUrl = '';
const received: Received[] = [];
const stripe = new Stripe('sk_test_verification_only');

beforeAll(async () => {
  browser = await launchBrowser();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', signature: String(req.headers['tradebook-signature']), eventId: String(req.headers['tradebook-event-id']), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks from the receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const sentTo = (path: string) => received.filter((r) => r.path === path);
/** The job sends every 5 seconds and the list looks again as often: wait on what the page shows. */
const SENT_MS = 30_000;

async function openEndpoint(page: Page, url: string) {
  await page.goto('/developers');
  await page.getByTestId('webhooks-panel').getByRole('button', { name: `Details of ${url}` }).click();
  const detail = page.getByTestId('webhook-endpoint-detail');
  await detail.waitFor();
  return detail;
}

describe('Webhooks', () => {
  it('an admin adds an endpoint; a customer added in the app is delivered to it, signed, and Replay sends it again', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const url = `${receiverUrl}/customers-${Date.now()}`;
    const path = new URL(url).pathname;
    await page.goto('/developers');
    await page.getByTestId('webhooks-panel').getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByTestId('webhook-endpoint-dialog');
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description').fill('CRM sync');
    // No event chosen: the form says so before anything is sent.
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Choose at least one event').waitFor();
    await dialog.getByRole('checkbox', { name: /customer\.created/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const created = page.getByTestId('webhook-endpoint-created');
    const secret = await created.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await created.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-endpoint-detail').getByText('No deliveries yet: send a test event to try the endpoint').waitFor();

    // A customer added on the Customers screen.
    const name = uniqueName('Webhook Customer');
    await page.goto('/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const customerDialog = dialogTitled(page, 'Add New Customer');
    await customerDialog.getByLabel('Name', { exact: true }).fill(name);
    await customerDialog.getByLabel('Email').fill('webhook.customer@example.net');
    await customerDialog.getByRole('button', { name: 'Add Customer' }).click();
    await customerDialog.waitFor({ state: 'hidden' });

    // The delivery succeeds, with the receiver's answer, and the receiver holds a body Stripe's verifier accepts.
    const detail = await openEndpoint(page, url);
    const delivery = detail.getByTestId('webhook-delivery').first();
    await delivery.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: SENT_MS });
    expect(await delivery.getByTestId('webhook-delivery-response').textContent()).toBe('200');
    await delivery.getByText('Details').click();
    expect(await delivery.getByTestId('webhook-delivery-body').textContent()).toBe('thanks from the receiver');
    expect(await delivery.getByTestId('webhook-delivery-payload').textContent()).toContain(name);
    const [first] = sentTo(path);
    const event = stripe.webhooks.constructEvent(first.body, first.signature, secret) as unknown as { type: string; data: { object: { name: string } } };
    expect(event.type).toBe('customer.created');
    expect(event.data.object.name).toBe(name);

    await delivery.getByRole('button', { name: /^Replay delivery/ }).click();
    await waitForToast(page, 'Delivery queued to send again');
    await detail.getByTestId('webhook-delivery').nth(1).waitFor();
    const replayed = detail.getByTestId('webhook-delivery').first();
    await replayed.getByTestId('webhook-delivery-replay').waitFor();
    await replayed.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: SENT_MS });
    expect(sentTo(path).map((r) => r.eventId)).toEqual([first.eventId, first.eventId]);
    await context.close();
  });

  it('on a phone: rolls the secret, and a test event goes out signed with the new one', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    const url = `${receiverUrl}/phone-${Date.now()}`;
    const endpoint = await postJson<CreatedWebhookEndpoint>(page, '/api/webhook-endpoints', { url, events: ['invoice.paid'] });
    const detail = await openEndpoint(page, url);

    await detail.getByRole('button', { name: 'Roll secret' }).click();
    await page.getByTestId('confirm-delete-dialog').getByRole('button', { name: 'Roll secret' }).click();
    await waitForToast(page, 'Signing secret rolled');
    const rolled = await detail.getByTestId('webhook-secret').inputValue();
    expect(rolled).not.toBe(endpoint.secret);

    await detail.getByLabel('Event type').selectOption('invoice.paid');
    await detail.getByRole('button', { name: 'Send test event' }).click();
    await waitForToast(page, 'Test event queued');
    const delivery = detail.getByTestId('webhook-delivery').first();
    await delivery.getByTestId('webhook-delivery-test').waitFor();
    await delivery.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: SENT_MS });
    const [sent] = sentTo(new URL(url).pathname);
    expect(stripe.webhooks.signature!.verifyHeader(sent.body, sent.signature, rolled)).toBe(true);
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'invoice.paid', test: true, data: { object: { id: 0 } } });
    await context.close();
  });
});
