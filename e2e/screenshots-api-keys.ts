// Saves PNGs of API keys (docs/rules/public-api.md#developers-screen) at desktop (1280) and phone (390) width for a
// visual check: the Developers screen with working, used and revoked keys, the create dialog, the dialog that shows a
// key once, the revoke confirmation, and (desktop) Swagger UI after a call tried with a key:
// `npx tsx e2e/screenshots-api-keys.ts` (into /tmp/shots/api-keys, or OUT_DIR). Uses BASE_URL when given (a running
// app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import { API_KEY_PERMISSIONS, READ_ONLY_API_KEY_PERMISSIONS, type CreatedApiKey } from '@contracts/api-keys';
import { postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
let tryKey = '';

async function makeKeys(page: Page) {
  const zapier = await postJson<CreatedApiKey>(page, '/api/api-keys', { name: 'Zapier', permissions: READ_ONLY_API_KEY_PERMISSIONS });
  await postJson<CreatedApiKey>(page, '/api/api-keys', { name: 'Accounting sync (QuickBooks Online, nightly)', permissions: API_KEY_PERMISSIONS });
  await postJson<CreatedApiKey>(page, '/api/api-keys', { name: 'Website booking form', permissions: ['view_customers', 'manage_customers', 'view_appointments', 'manage_appointments'] });
  const old = await postJson<CreatedApiKey>(page, '/api/api-keys', { name: 'Old integration', permissions: ['view_customers'] });
  await postJson(page, `/api/api-keys/${old.apiKey.id}/revoke`, {});
  // A call from another program, so the list shows a last use.
  await fetch(new URL('/api/customers', shots.baseURL), { headers: { authorization: `Bearer ${zapier.secret}` } });
  tryKey = zapier.secret;
}

async function developersShots(page: Page, suffix: string, first: boolean) {
  if (first) await makeKeys(page);
  await page.goto('/developers');
  await page.getByTestId(suffix === 'phone' ? 'api-key-card' : 'api-key-row').first().waitFor();
  await shots.shoot(page, `developers-${suffix}`, true);

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByTestId('create-api-key-dialog');
  await dialog.getByRole('button', { name: 'Create API key' }).click();
  await dialog.getByText('Choose at least one permission').waitFor();
  await shots.shoot(page, `create-api-key-errors-${suffix}`);
  await dialog.getByLabel('Name').fill(`Reporting dashboard ${suffix}`);
  await dialog.getByRole('button', { name: 'Read only' }).click();
  await dialog.getByLabel('Send messages').check();
  await shots.shoot(page, `create-api-key-${suffix}`);
  await dialog.getByRole('button', { name: 'Create API key' }).click();
  await page.getByTestId('api-key-secret-dialog').waitFor();
  await shots.shoot(page, `api-key-shown-once-${suffix}`);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Revoke Zapier' }).first().click();
  await page.getByTestId('confirm-delete-dialog').waitFor();
  await shots.shoot(page, `revoke-api-key-${suffix}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
}

/** Authorize with the key on /api/docs and try GET /api/customers. */
async function swaggerShot(page: Page) {
  await page.goto('/api/docs');
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const scheme = page.locator('.auth-container').filter({ has: page.locator('h4', { hasText: 'Bearer' }) });
  await scheme.locator('#auth-bearer-value').fill(tryKey);
  // Swagger UI names its Authorize button "Apply credentials".
  await scheme.getByRole('button', { name: 'Apply credentials' }).click();
  await scheme.getByRole('button', { name: 'Remove authorization' }).waitFor();
  await shots.shoot(page, 'swagger-authorized-desktop');
  await scheme.getByRole('button', { name: 'Close' }).click();
  // Swagger UI draws only the operations on screen: scroll down until the one to try is drawn.
  const operation = page.locator('#operations-customers-getCustomers');
  for (let i = 0; i < 200 && (await operation.count()) === 0; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await operation.locator('.opblock-summary-control').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const cell = operation.locator('.live-responses-table tbody .response-col_status').first();
  await cell.waitFor();
  const status = (await cell.textContent())?.trim();
  if (status !== '200') throw new Error(`Swagger UI's call with the key answered ${status}`);
  // The request as sent (its curl line carries the key), then the answer.
  await operation.locator('.curl-command').scrollIntoViewIfNeeded();
  await shots.shoot(page, 'swagger-call-with-key-desktop');
}

runScreenshots('/tmp/shots/api-keys', async (run) => {
  shots = run;
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    await developersShots(page, suffix, first);
    if (first) await swaggerShot(page);
  });
});
