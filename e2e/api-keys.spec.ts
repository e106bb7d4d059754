// API keys (docs/rules/public-api.md#developers-screen): an admin creates a key on the Developers screen, copies it from
// the dialog that shows it once, another program calls the API with it, the list shows its last use, and once revoked
// in the browser the program's next call answers 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A call from another program: no cookie, only the key. */
function callWithKey(key: string, path: string, body?: object) {
  return fetch(new URL(path, baseURL()), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('API keys', () => {
  it('an admin creates a key, a program calls the API with it, and revoking it stops the program at once', async () => {
    const name = uniqueName('Zapier');
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByTestId('create-api-key-dialog');
    // Nothing filled in: both fields say what they need.
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Choose at least one permission').waitFor();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Read only' }).click();
    expect(await dialog.getByLabel('View customers').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Manage customers').isChecked()).toBe(false);
    await dialog.getByLabel('Manage customers').check();
    await dialog.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByTestId('api-key-secret-dialog');
    await shown.getByText('Copy this key now: it will not be shown again.').waitFor();
    const key = await shown.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(/^tb_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await row.getByText(`${key.slice(0, 11)}…`).waitFor();
    await row.getByText('Active').waitFor();
    expect(await row.textContent()).not.toContain(key.slice(11));

    // Another program, with nothing but the key.
    const read = await callWithKey(key, '/api/customers');
    expect(read.status).toBe(200);
    const created = await callWithKey(key, '/api/customers', { name: uniqueName('Made by Zapier') });
    expect(created.status).toBe(201);
    // Read only plus customers: invoices are not the key's.
    expect((await callWithKey(key, '/api/invoices', { customerId: (await created.json()).id })).status).toBe(403);

    // The list shows its last use.
    await page.reload();
    await expect.poll(async () => (await row.textContent()) ?? '').not.toContain('Never');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    await confirm.getByText('Apps using this key stop working at once. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await waitForToast(page, `${name} revoked`);
    await row.getByText('Revoked').waitFor();
    const refused = await callWithKey(key, '/api/customers');
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('This API key has been revoked');
    await context.close();
  });
});
