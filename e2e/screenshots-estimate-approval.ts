// Saves PNGs of the staff side of quotes approved online (desktop 1280 and phone 390) for a visual check: the form with
// an optional line, the actions menu, the send-for-approval dialog and its sent step, the approval panel (changes asked
// for on version 1, version 2 sent, viewed and approved with a drawn signature, the earlier version), the locked form,
// the convert dialog and its links: `npx tsx e2e/screenshots-estimate-approval.ts`. Uses BASE_URL when given (a running
// app), else starts one; the PNGs go to OUT_DIR (default /tmp/estimate-shots).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import type { Estimate, PublicQuote } from '@contracts/estimates';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(process.env.OUT_DIR ?? '/tmp/estimate-shots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
}

async function postJson<T>(page: Page, url: string, data: unknown = {}): Promise<T> {
  const response = await page.request.post(url, { data, headers: { 'Content-Type': 'application/json' } });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tokenOf = (approvalUrl: string) => new URL(approvalUrl).pathname.split('/').pop()!;

/** A signature drawn as a name would be: a few loops and a flourish in a 600 x 200 box. */
function drawnSignature() {
  const wave = (x0: number, x1: number, y: number, amp: number) =>
    Array.from({ length: 40 }, (_, i): [number, number] => {
      const t = i / 39;
      return [x0 + (x1 - x0) * t, y + amp * Math.sin(t * Math.PI * 6) - 30 * t];
    });
  return { width: 600, height: 200, strokes: [wave(40, 300, 120, 35), wave(320, 560, 110, 25), [[60, 160] as [number, number], [540, 150]]] };
}

/** A customer, an estimate with an optional line sent for approval, changes asked for, version 2 sent, viewed and approved. */
async function approvedEstimate(page: Page, label: string): Promise<Estimate> {
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Jordan Rivera ${label}`, email: `jordan-approval-${label}-${Date.now()}@example.com` });
  const created = await postJson<Estimate>(page, '/api/estimates', {
    customerId: customer.id,
    title: 'Gutter replacement and downspouts',
    validUntil: inDays(30),
    tax: '36.30',
    terms: '50% deposit on approval, balance on completion.',
    lineItems: [
      { description: 'Seamless aluminium gutters, 6", front and back (about 120 ft)', quantity: 120, rate: '9.50' },
      { description: 'Downspouts', quantity: 4, rate: '45.00' },
      { description: 'Gutter guards', quantity: 120, rate: '4.25', optional: true },
    ],
  });
  const first = await postJson<{ approvalUrl: string }>(page, `/api/estimates/${created.id}/send-for-approval`, { email: true });
  const v1 = await postJson<PublicQuote>(page, `/api/public/quotes/${tokenOf(first.approvalUrl)}/open`);
  await postJson(page, `/api/public/quotes/${tokenOf(first.approvalUrl)}/request-changes`, {
    message: 'Could you quote the downspouts in copper instead? And we only need the front gutters replaced.',
    revision: v1.revision,
  });
  await postJson(page, `/api/estimates/${created.id}/versions`);
  await page.request.put(`/api/estimates/${created.id}`, {
    data: {
      lineItems: [
        { description: 'Seamless aluminium gutters, 6", front only (about 60 ft)', quantity: 60, rate: '9.50' },
        { description: 'Copper downspouts', quantity: 2, rate: '120.00' },
        { description: 'Gutter guards', quantity: 60, rate: '4.25', optional: true },
      ],
    },
  });
  const second = await postJson<{ approvalUrl: string }>(page, `/api/estimates/${created.id}/send-for-approval`, { email: true });
  const v2 = await postJson<PublicQuote>(page, `/api/public/quotes/${tokenOf(second.approvalUrl)}/open`);
  const guards = v2.lineItems.find((l) => l.optional)!;
  await postJson(page, `/api/public/quotes/${tokenOf(second.approvalUrl)}/approve`, {
    signerName: 'Jordan Rivera',
    signature: drawnSignature(),
    selectedOptionalIds: [guards.id],
    revision: v2.revision,
  });
  return created;
}

/** The estimates list searched for `text` (the list keeps its search in the box, not the address). */
async function listed(page: Page, text: string) {
  await page.goto('/estimates');
  await page.getByRole('searchbox', { name: /^Search by number/ }).fill(text);
  // The search goes to the server once typing pauses (300 ms).
  await page.waitForTimeout(400);
  await page.waitForLoadState('networkidle');
}

async function openEstimate(page: Page, estimateNumber: string): Promise<Locator> {
  await listed(page, estimateNumber);
  await page.getByRole('button', { name: estimateNumber, exact: true }).first().click();
  const dialog = page.getByTestId('estimate-dialog');
  await dialog.getByTestId('estimate-approval').or(dialog.getByLabel('Title')).first().waitFor();
  return dialog;
}

async function shotsAt(page: Page, suffix: string) {
  // The form with an optional line (total without it).
  await page.goto('/estimates');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const form = page.getByTestId('estimate-dialog');
  await form.getByLabel('Title').fill('Deck rebuild');
  await form.getByLabel('Line 1 description').fill('Deck boards and framing');
  await form.getByLabel('Line 1 quantity').fill('2');
  await form.getByLabel('Line 1 rate').fill('450');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2 description').fill('Built-in bench');
  await form.getByLabel('Line 2 rate').fill('300');
  await form.getByLabel('Line 2 optional').check();
  await form.getByTestId('line-items').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-form-optional-${suffix}`);
  await page.keyboard.press('Escape');

  // Send for approval: the menu, the dialog, the sent step with the link.
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Sam Okafor ${suffix}`, email: `sam-approval-${suffix}-${Date.now()}@example.com` });
  const draft = await postJson<Estimate>(page, '/api/estimates', {
    customerId: customer.id,
    title: 'Fence repair',
    validUntil: inDays(30),
    lineItems: [{ description: 'Replace three fence panels', quantity: 3, rate: '140.00' }],
  });
  await listed(page, draft.estimateNumber);
  await page.getByRole('button', { name: `Actions for ${draft.estimateNumber}` }).first().click();
  await shoot(page, `estimate-actions-draft-${suffix}`);
  await page.getByRole('menuitem', { name: 'Send for approval' }).click();
  const send = page.getByTestId('send-for-approval-dialog');
  await send.getByLabel('Text message').check();
  await send.getByRole('button', { name: 'Send for approval' }).click();
  // The customer has no mobile number: the server's message on the field.
  await send.getByText('The customer has no mobile number to text').waitFor();
  await shoot(page, `send-for-approval-issue-${suffix}`);
  await send.getByLabel('Text message').uncheck();
  await send.getByRole('button', { name: 'Send for approval' }).click();
  await send.getByLabel('Approval link').waitFor();
  await shoot(page, `send-for-approval-sent-${suffix}`);
  await send.getByRole('button', { name: 'Done' }).click();
  let dialog = await openEstimate(page, draft.estimateNumber);
  await dialog.getByTestId('estimate-approval').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-sent-panel-${suffix}`);
  await page.keyboard.press('Escape');

  // A customer without an e-mail address: E-mail is off, with the reason.
  const noEmail = await postJson<{ id: number }>(page, '/api/customers', { name: `Lee Marsh ${suffix}`, phone: '5551234567' });
  const other = await postJson<Estimate>(page, '/api/estimates', { customerId: noEmail.id, title: 'Gate latch', lineItems: [{ description: 'Latch', quantity: 1, rate: '35' }] });
  await listed(page, other.estimateNumber);
  await page.getByRole('button', { name: `Actions for ${other.estimateNumber}` }).first().click();
  await page.getByRole('menuitem', { name: 'Send for approval' }).click();
  await page.getByTestId('send-for-approval-dialog').getByText('No email address on file for this customer').waitFor();
  await shoot(page, `send-for-approval-no-email-${suffix}`);
  await page.keyboard.press('Escape');

  // Approved after a round of changes: the locked form and the panel.
  const approved = await approvedEstimate(page, suffix);
  dialog = await openEstimate(page, approved.estimateNumber);
  await dialog.getByText('Approved by Jordan Rivera').waitFor();
  await shoot(page, `estimate-locked-${suffix}`);
  await dialog.getByTestId('signature-image').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-approval-panel-${suffix}`);
  await dialog.getByTestId('estimate-versions').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-approval-versions-${suffix}`);
  await dialog.getByTestId('line-items').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-locked-lines-${suffix}`);
  await dialog.getByRole('button', { name: 'New version' }).click();
  await page.getByTestId('new-version-dialog').waitFor();
  await shoot(page, `estimate-new-version-${suffix}`);
  await page.getByTestId('new-version-dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');

  // Convert: the menu of an approved estimate, the dialog, the links afterwards, the panel with what it became.
  await listed(page, approved.estimateNumber);
  await page.getByRole('button', { name: `Actions for ${approved.estimateNumber}` }).first().click();
  await shoot(page, `estimate-actions-approved-${suffix}`);
  await page.getByRole('menuitem', { name: 'Convert…' }).click();
  const convert = page.getByTestId('convert-estimate-dialog');
  await convert.waitFor();
  await shoot(page, `convert-dialog-${suffix}`);
  await convert.getByRole('button', { name: 'Convert', exact: true }).click();
  await convert.getByTestId('converted-records').waitFor();
  await shoot(page, `convert-done-${suffix}`);
  await convert.getByRole('button', { name: 'Done' }).click();
  dialog = await openEstimate(page, approved.estimateNumber);
  await dialog.getByTestId('estimate-conversions').scrollIntoViewIfNeeded();
  await shoot(page, `estimate-converted-${suffix}`);
  await page.keyboard.press('Escape');
  await listed(page, suffix);
  await shoot(page, `estimates-list-${suffix}`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    let state: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined;
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await browser.newContext({ baseURL, viewport, storageState: state });
      const page = await context.newPage();
      if (!state) {
        await signIn(page, baseURL, 'admin@example.com');
        state = await context.storageState();
      }
      await shotsAt(page, suffix);
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
