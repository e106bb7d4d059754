// Saves PNGs of the Developers screen's webhooks (docs/rules/public-api.md#webhooks-panel) at desktop (1280) and phone
// (390) width for a visual check: the endpoints list, the add dialog (refused, then filled), the new secret, an
// endpoint's details with its deliveries (one opened), a failing endpoint's, and the roll confirmation:
// `npx tsx e2e/screenshots-webhooks.ts` (into /tmp/shots/webhooks, or OUT_DIR). Starts a receiver on 127.0.0.1, so
// the app must allow private URLs: the one started here does (fixtures/app-server.ts); a BASE_URL app needs
// WEBHOOK_ALLOW_PRIVATE_URLS=true.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { WebhookEndpoint } from '@contracts/webhooks';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
let receiver = '';

function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/broken')) res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"database unavailable","retry":true}');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function makeEndpoints(page: Page) {
  const ok = await postJson<WebhookEndpoint>(page, '/api/webhook-endpoints', {
    url: `${receiver}/hooks/tradebook`,
    description: 'Accounting sync (QuickBooks connector)',
    events: ['customer.created', 'invoice.sent', 'invoice.paid', 'payment.refunded'],
  });
  const broken = await postJson<WebhookEndpoint>(page, '/api/webhook-endpoints', { url: `${receiver}/broken/zapier-catch-hook-with-a-long-path/1234567890`, events: ['appointment.booked', 'appointment.changed', 'appointment.cancelled'] });
  const off = await postJson<WebhookEndpoint>(page, '/api/webhook-endpoints', { url: 'https://hooks.example.com/crm', description: 'Old CRM', events: ['customer.created', 'estimate.approved', 'invoice.sent', 'invoice.paid', 'payment.refunded', 'appointment.booked', 'appointment.changed', 'appointment.cancelled', 'work_order.completed'] });
  await page.request.put(`/api/webhook-endpoints/${off.id}`, { data: { isActive: false } });
  await postJson(page, `/api/webhook-endpoints/${ok.id}/test`, { type: 'invoice.paid' });
  await postJson(page, '/api/customers', { name: 'Maya Okafor', email: 'maya.okafor@example.com', phone: '5555550142', city: 'Springfield' });
  await postJson(page, `/api/webhook-endpoints/${broken.id}/test`, { type: 'appointment.booked' });
  // Sent by the job within seconds: wait until the first endpoint has nothing pending and the broken one has tried.
  for (let i = 0; i < 60; i++) {
    const list = await apiJson<WebhookEndpoint[]>(page, '/api/webhook-endpoints');
    const a = list.find((e) => e.id === ok.id)!;
    const b = list.find((e) => e.id === broken.id)!;
    if (a.pendingCount === 0 && a.lastDelivery && b.lastDelivery) return;
    await page.waitForTimeout(1000);
  }
  throw new Error('the deliveries were not sent');
}

async function webhookShots(page: Page, suffix: string, first: boolean) {
  if (first) await makeEndpoints(page);
  await page.goto('/developers');
  const panel = page.getByTestId('webhooks-panel');
  await panel.getByTestId('webhook-endpoints-list').locator('[data-testid="webhook-endpoint-row"]:visible, [data-testid="webhook-endpoint-card"]:visible').first().waitFor();
  await panel.scrollIntoViewIfNeeded();
  await shots.shootElement(page, panel, `webhooks-panel-${suffix}`);

  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByTestId('webhook-endpoint-dialog');
  await dialog.getByLabel('Endpoint URL').fill('hooks.example.com');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByText('Choose at least one event').waitFor();
  await shots.shoot(page, `webhook-add-refused-${suffix}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const endpoints = await apiJson<WebhookEndpoint[]>(page, '/api/webhook-endpoints');
  const ok = endpoints.find((e) => e.url.endsWith('/hooks/tradebook'))!;
  const broken = endpoints.find((e) => e.url.includes('/broken/'))!;
  if (first) {
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByLabel('Endpoint URL').fill(`${receiver}/hooks/dispatch`);
    await dialog.getByLabel('Description').fill('Dispatch board mirror');
    for (const event of ['appointment.booked', 'appointment.changed', 'work_order.completed']) await dialog.getByRole('checkbox', { name: new RegExp(event.replace('.', '\\.')) }).check();
    await shots.shoot(page, `webhook-add-filled-${suffix}`);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-endpoint-created').waitFor();
    await shots.shoot(page, `webhook-created-${suffix}`);
    await page.getByTestId('webhook-endpoint-created').getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-endpoint-detail').getByRole('button', { name: 'Close' }).click();
  }

  await panel.getByRole('button', { name: `Details of ${ok.url}` }).click();
  const detail = page.getByTestId('webhook-endpoint-detail');
  await detail.getByTestId('webhook-delivery').first().waitFor();
  await shots.shoot(page, `webhook-detail-${suffix}`);
  await detail.getByRole('button', { name: 'Reveal' }).click();
  await detail.getByTestId('webhook-secret').waitFor();
  const delivery = detail.getByTestId('webhook-delivery').first();
  await delivery.getByText('Details').click();
  await delivery.scrollIntoViewIfNeeded();
  await shots.shoot(page, `webhook-delivery-open-${suffix}`);
  await detail.getByRole('button', { name: 'Roll secret' }).click();
  await page.getByTestId('confirm-delete-dialog').waitFor();
  await shots.shoot(page, `webhook-roll-confirm-${suffix}`);
  await page.getByTestId('confirm-delete-dialog').getByRole('button', { name: 'Cancel' }).click();
  await detail.getByRole('button', { name: 'Close' }).click();

  await panel.getByRole('button', { name: `Details of ${broken.url}` }).click();
  const failing = page.getByTestId('webhook-endpoint-detail');
  const tried = failing.getByTestId('webhook-delivery').first();
  await tried.getByText('Details').click();
  await tried.scrollIntoViewIfNeeded();
  await shots.shoot(page, `webhook-failing-${suffix}`);
}

runScreenshots('/tmp/shots/webhooks', async (run) => {
  shots = run;
  const server = await startReceiver();
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run.atBothWidths((page, suffix, _viewport, first) => webhookShots(page, suffix, first));
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
