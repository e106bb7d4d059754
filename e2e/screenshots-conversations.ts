// Saves PNGs of SMS conversations and review requests (docs/rules/messaging.md#conversations, #review-requests) at
// desktop (1280) and phone (390) width for a visual check: the Conversations tab, a thread read as a chat, an
// opted-out thread, the outbox page's "Reply as recipient", the customer's opt-out badge and the Organization screen's
// Review requests card: `npx tsx e2e/screenshots-conversations.ts` (into /tmp/shots/conversations, or OUT_DIR). Uses
// BASE_URL when given (a running app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import type { OutboxEntry } from '@contracts/outbox';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const threads: { chat: number; stopped: number; customerId: number } = { chat: 0, stopped: 0, customerId: 0 };

async function textAndReply(page: Page, customer: { id: number; phone: string }, ours: string[], theirs: string[]): Promise<number> {
  let conversationId = 0;
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    if (ours[i]) {
      if (conversationId) await postJson(page, `/api/conversations/${conversationId}/messages`, { body: ours[i] });
      else await postJson(page, '/api/messages', { type: 'sms', status: 'sent', recipients: [customer.phone], content: ours[i] });
    }
    if (theirs[i]) {
      const [row] = (await apiJson<OutboxEntry[]>(page, '/api/dev/outbox')).filter((e) => e.to === `+1${customer.phone}`);
      conversationId = (await postJson<{ conversationId: number }>(page, `/api/dev/outbox/${row.id}/reply`, { body: theirs[i] })).conversationId;
    }
  }
  return conversationId;
}

async function makeThreads(page: Page) {
  const stamp = String(Date.now()).slice(-7);
  const maria = await postJson<{ id: number; phone: string }>(page, '/api/customers', { name: 'Maria Delgado-Featherstonehaugh', phone: `217${stamp}`, email: 'maria@example.com' });
  threads.customerId = maria.id;
  threads.chat = await textAndReply(
    page,
    maria,
    [
      'Demo Home Services: your furnace tune-up is booked for Friday, Nov 21 at 9:00 AM. Reply STOP to opt out.',
      'Yes, 10 AM works. Ana will text you when she is on her way.',
      'Ana is on the way and expects to arrive around 10:05 AM.',
    ],
    ['Hi! Could the technician come at 10 instead? I have the school run until 9:30.', 'Perfect, thank you. The side gate code is 4411, the dog is friendly.'],
  );
  const stopped = await postJson<{ id: number; phone: string }>(page, '/api/customers', { name: 'Sam Whitaker', phone: `218${stamp}` });
  threads.stopped = await textAndReply(page, stopped, ['Spring special: 10% off AC maintenance booked this month.'], ['STOP']);
  const unknown = `219${stamp}`;
  await postJson(page, '/api/conversations', { phone: unknown, body: 'Demo Home Services: your quote is ready.' });
  const [row] = (await apiJson<OutboxEntry[]>(page, '/api/dev/outbox')).filter((e) => e.to === `+1${unknown}`);
  await postJson(page, `/api/dev/outbox/${row.id}/reply`, { body: 'Who is this?' });
}

async function conversationShots(page: Page, suffix: string, first: boolean) {
  if (first) await makeThreads(page);
  await page.goto('/messaging');
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await page.getByTestId('conversation-row').first().waitFor();
  await shots.shoot(page, `conversations-tab-${suffix}`);

  await page.goto(`/messaging?conversation=${threads.chat}`);
  const dialog = page.getByTestId('conversation-dialog');
  await dialog.getByTestId('conversation-message').nth(4).waitFor();
  await dialog.getByLabel('Your answer').fill('See you at 10!');
  await shots.shoot(page, `conversation-thread-${suffix}`);

  await page.goto(`/messaging?conversation=${threads.stopped}`);
  await page.getByTestId('conversation-dialog').getByTestId('opted-out-note').waitFor();
  await shots.shoot(page, `conversation-opted-out-${suffix}`);

  await page.goto(`/customers?open=${threads.customerId}`);
  await page.getByRole('dialog').waitFor();
  await page.goto('/customers');
  const stoppedCustomer = (await apiJson<{ id: number; name: string }[]>(page, '/api/customers?q=Sam%20Whitaker'))[0];
  await page.goto(`/customers?open=${stoppedCustomer.id}`);
  await page.getByRole('dialog').getByTestId('sms-opt-out-badge').waitFor();
  await shots.shoot(page, `customer-opted-out-${suffix}`);

  await page.goto('/dev/outbox');
  await page.getByTestId('outbox-row').first().waitFor();
  await page.getByRole('button', { name: /^Reply as recipient \+1/ }).first().click();
  const reply = page.getByTestId('reply-as-recipient-dialog');
  await reply.getByLabel('Reply').fill('Thanks!');
  await shots.shoot(page, `outbox-reply-dialog-${suffix}`);
  await reply.getByRole('button', { name: 'Done' }).click();

  await page.goto('/organization');
  const card = page.getByTestId('review-requests-card');
  await card.getByTestId('review-requests-form').waitFor();
  await shots.shootElement(page, card, `review-requests-card-${suffix}`);
  // Turned on without a link: the field says what is missing.
  await card.getByLabel('Ask for a review when a job is completed').check();
  await card.getByRole('button', { name: 'Save review settings' }).click();
  await card.getByText("Enter your review page's address to turn review requests on").waitFor();
  await shots.shootElement(page, card, `review-requests-card-error-${suffix}`);
}

runScreenshots('/tmp/shots/conversations', async (run) => {
  shots = run;
  await run.atBothWidths((page, suffix, _viewport, first) => conversationShots(page, suffix, first), 'admin@example.com');
});
