// SMS conversations (docs/rules/messaging.md#conversations, #replies-on-this-machine, #sms-opt-outs): an admin texts a
// customer from Messaging; on the outbox page the customer's reply is made with "Reply as recipient" (filed as
// Twilio's webhook files one); the bell rings, its notification opens the thread, and the admin answers from it. A STOP
// reply then marks the number opted out on the thread and the customer, and a new text to it is refused and shown so.
// Review requests (docs/rules/messaging.md#review-requests) are turned on from the Organization screen's card.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Conversation } from '../src/contracts/conversations';
import { launchBrowser } from './fixtures/browser';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { waitForToast } from './fixtures/documents';
import { apiJson, dialogTitled, postJson, uniqueName } from './fixtures/records';
import { outboxMark, waitForOutbox } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A customer of this test's own with a mobile number nobody else texts. */
async function customerWithPhone(page: Page, prefix: string): Promise<{ id: number; name: string; phone: string }> {
  const name = uniqueName(prefix);
  const phone = `55${String(Date.now()).slice(-8)}`;
  return postJson(page, '/api/customers', { name, phone, email: `${phone}@example.com` });
}

/** New Message, SMS, to the one customer: answers the dialog after Send. */
async function sendSms(page: Page, customer: { name: string }, content: string, expectedStatus = 201): Promise<Locator> {
  await page.goto('/messaging');
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = dialogTitled(page, 'New Message');
  await dialog.getByLabel('Type').selectOption('sms');
  await dialog.getByRole('searchbox', { name: 'Search customers' }).fill(customer.name);
  const box = dialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox', { name: new RegExp(customer.name) });
  // The list refetches for the search as it is typed (messaging.spec.ts): the tick is tried until it holds.
  await vi.waitFor(() => box.check({ timeout: 2_000 }), { timeout: 15_000, interval: 250 });
  await dialog.getByLabel('Content').fill(content);
  // The send itself is awaited, so a refusal or a slow server fails here with what the server said, not later as a
  // missing toast.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/messages', { timeout: 45_000 }),
    dialog.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(response.status(), `POST /api/messages answered ${await response.text()}`).toBe(expectedStatus);
  return dialog;
}

/** On the outbox page, "Reply as recipient" on the latest text to the number. */
async function replyAsRecipient(page: Page, phone: string, text: string, outcome: RegExp): Promise<void> {
  await page.goto('/dev/outbox');
  const row = page.getByTestId('outbox-row').filter({ hasText: `+1${phone}` }).first();
  await row.getByRole('button', { name: `Reply as recipient +1${phone}` }).click();
  const dialog = page.getByTestId('reply-as-recipient-dialog');
  await dialog.getByLabel('Reply').fill(text);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await dialog.getByTestId('reply-outcome').getByText(outcome).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

describe('SMS conversations', () => {
  it('a reply to a text rings the bell and opens as a thread; the admin answers from it', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await customerWithPhone(page, 'Reply Rivera');
    const sent = await sendSms(page, customer, 'Your technician arrives at 2 PM.');
    await waitForToast(page, 'Message sent successfully via SMS');
    await sent.waitFor({ state: 'detached' });

    // The customer answers (Twilio is not set up here: the outbox page stands in for their phone).
    const outbox = await context.newPage();
    await replyAsRecipient(outbox, customer.phone, 'Could you come at 3 instead?', /^Filed:/);
    await outbox.close();

    // The bell: the notification names the customer and opens the thread.
    await page.goto('/messaging');
    await page.getByTestId('notification-count').waitFor();
    // The Conversations tab counts the threads waiting with a reply (other tests' threads of the demo organization too).
    const unreadBadge = page.getByTestId('conversations-unread');
    const unreadThreads = async () => ((await unreadBadge.count()) ? Number((await unreadBadge.textContent())?.replace(/\D/g, '')) : 0);
    await unreadBadge.waitFor();
    const waiting = await unreadThreads();
    expect(waiting).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(`Text from ${customer.name}`) }).click();
    await page.waitForURL((url) => url.pathname === '/messaging' && url.searchParams.has('conversation'));
    const thread = page.getByTestId('conversation-dialog');
    await thread.getByRole('heading', { name: customer.name }).waitFor();
    const bubbles = thread.getByTestId('conversation-message');
    await bubbles.nth(1).waitFor();
    expect(await bubbles.evaluateAll((els) => els.map((e) => [e.getAttribute('data-direction'), e.querySelector('p')?.textContent?.replace(/^(Sent|Received): /, '')]))).toEqual([
      ['outbound', 'Your technician arrives at 2 PM.'],
      ['inbound', 'Could you come at 3 instead?'],
    ]);
    // Opened: read, and one thread fewer waits.
    await vi.waitFor(async () => expect(await unreadThreads()).toBe(waiting - 1), { timeout: 10_000 });
    const [listed] = (await apiJson<Conversation[]>(page, `/api/conversations?q=${encodeURIComponent(customer.name)}`));
    expect(listed.unreadCount).toBe(0);

    // The answer, from the thread.
    const mark = await outboxMark(page);
    await thread.getByLabel('Your answer').fill('3 PM works, see you then.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await waitForToast(page, 'Reply sent');
    await bubbles.nth(2).getByText('3 PM works, see you then.').waitFor();
    const [text] = await waitForOutbox(page, mark, (e) => e.channel === 'sms' && e.to === `+1${customer.phone}`);
    expect(text.text).toBe('3 PM works, see you then.');

    // The Conversations tab lists it.
    await thread.getByRole('button', { name: 'Close' }).click();
    await thread.waitFor({ state: 'detached' });
    await page.getByTestId('conversation-row').filter({ hasText: customer.name }).waitFor();
    await context.close();
  });

  it('STOP marks the number opted out on the thread and the customer; a new text to it is refused and not sent', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await customerWithPhone(page, 'Stop Sanchez');
    await sendSms(page, customer, 'Spring tune-up: 10% off this month.');
    await waitForToast(page, 'Message sent successfully via SMS');

    const outbox = await context.newPage();
    await replyAsRecipient(outbox, customer.phone, 'STOP', /now opted out of text messages/);

    // The thread says so, and offers no answer box.
    await page.goto('/messaging');
    await page.getByRole('tab', { name: 'Conversations' }).click();
    const row = page.getByTestId('conversation-row').filter({ hasText: customer.name });
    await row.getByTestId('sms-opt-out-badge').waitFor();
    await row.getByRole('button').click();
    const thread = page.getByTestId('conversation-dialog');
    await thread.getByTestId('sms-opt-out-badge').waitFor();
    await thread.getByTestId('opted-out-note').waitFor();
    expect(await thread.getByTestId('conversation-composer').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The customer's edit form shows it beside the phone.
    await page.goto(`/customers?open=${customer.id}`);
    await page.getByRole('dialog').getByTestId('sms-opt-out-badge').waitFor();

    // A new text to the number: refused with the reason, and the outbox marks it not sent.
    const mark = await outboxMark(page);
    const dialog = await sendSms(page, customer, 'Are you still there?', 409);
    await waitForToast(page, 'Failed to send message');
    await page.getByText('This number has opted out of text messages (they replied STOP). Nothing was sent. It was saved as a draft.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [refused] = await waitForOutbox(page, mark, (e) => e.to === `+1${customer.phone}`);
    expect(refused.status).toBe('opted_out');
    await outbox.goto('/dev/outbox');
    await outbox.getByTestId('outbox-row').filter({ hasText: 'Are you still there?' }).getByTestId('outbox-opted-out').waitFor();
    await context.close();
  });

  it('an admin turns review requests on from the Organization screen: an https link is required, then it is kept', async () => {
    // An organization of its own: the demo one, which other specs share, keeps review requests off.
    const { adminEmail } = await freshOrganizationAdmin(browser, 'Review Roofing', { firstName: 'Rae', lastName: 'Reviewer' });
    const { context, page } = await signedInPage(browser, adminEmail);
    await page.goto('/organization');
    const card = page.getByTestId('review-requests-card');
    await card.getByTestId('review-requests-form').waitFor();
    await card.getByLabel('Ask for a review when a job is completed').check();
    const save = card.getByRole('button', { name: 'Save review settings' });
    await save.click();
    await card.getByText("Enter your review page's address to turn review requests on").waitFor();
    await card.getByLabel('Review link').fill('http://g.page/r/review-roofing/review');
    await save.click();
    await card.getByText('The review link must be an https:// address').waitFor();
    await card.getByLabel('Review link').fill('https://g.page/r/review-roofing/review');
    await card.getByLabel('When', { exact: true }).selectOption({ label: 'The next day' });
    await card.getByLabel('How', { exact: true }).selectOption('email');
    await save.click();
    await waitForToast(page, 'Review request settings saved');

    await page.reload();
    await card.getByTestId('review-requests-form').waitFor();
    expect(await card.getByLabel('Ask for a review when a job is completed').isChecked()).toBe(true);
    expect(await card.getByLabel('Review link').inputValue()).toBe('https://g.page/r/review-roofing/review');
    expect(await card.getByLabel('When', { exact: true }).inputValue()).toBe('1440');
    expect(await card.getByLabel('How', { exact: true }).inputValue()).toBe('email');
    await context.close();
  });
});
