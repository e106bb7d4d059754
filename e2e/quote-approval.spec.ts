// The customer's quote page (/quote/{token}): staff send a quote for approval, a signed-out customer opens the link,
// adds optional items (the total follows in cents), signs with a mouse or a finger and approves; or asks for changes
// and declines; a second tab's answer after the first is refused with a Reload; staff then read the answer. A quote
// asking for a deposit says so before approval and offers to pay it after (card, declined then retried, or bank).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import type { Estimate, PublicQuote } from '../src/contracts/estimates';
import { formatDate } from '../src/contracts/format';
import { baseURL, DESKTOP, launchBrowser, PHONE } from './fixtures/browser';
import { createCustomer } from './fixtures/documents';
import { drawSignatureWithMouse, drawSignatureWithTouch, fillTestCard, sendQuoteForApproval, type SentQuote } from './fixtures/quotes';
import { apiJson, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await signedInPage(browser, 'admin@example.com');
});
afterAll(async () => {
  await staff?.context.close();
  await browser?.close();
});

/** 3 x 33.33 = 99.99 required, two optional items of 0.10 and 0.20, and 5.00 tax. */
async function sendQuote(label: string): Promise<SentQuote & { customerName: string }> {
  const customerName = uniqueName(`Quote ${label}`);
  const customer = await createCustomer(staff.page, customerName, `quote-${label.toLowerCase()}-${Date.now()}@example.com`);
  const sent = await sendQuoteForApproval(staff.page, customer.id, {
    title: 'Gutter replacement',
    description: 'Front and back gutters, seamless aluminium.',
    terms: '50% deposit on approval.',
    tax: '5.00',
    lineItems: [
      { description: 'Seamless gutter section', quantity: 3, rate: '33.33' },
      { description: 'Gutter guards', quantity: 1, rate: '0.10', optional: true },
      { description: 'Annual cleaning plan', quantity: 1, rate: '0.20', optional: true },
    ],
  });
  expect(sent.approvalUrl).toMatch(/\/quote\/[A-Za-z0-9_-]{20,100}$/);
  expect(sent.estimate.total).toBe('104.99');
  return { ...sent, customerName };
}

/** A signed-out visitor's page (no cookies) at `viewport`. */
async function customerPage(viewport = DESKTOP, touch = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, hasTouch: touch, isMobile: touch, deviceScaleFactor: touch ? 2 : 1 });
  const page = await context.newPage();
  return { context, page };
}

const isQuoteCall = (action: string) => (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${action}`) && r.url().includes('/api/public/quotes/');

/** Opens the quote page and answers the quote as the page received it. */
async function openQuotePage(page: Page, path: string): Promise<PublicQuote> {
  const opened = page.waitForResponse(isQuoteCall('open'));
  await page.goto(path);
  const response = await opened;
  expect(response.status()).toBe(200);
  const quote = (await response.json()) as PublicQuote;
  await page.getByTestId('quote-heading').waitFor();
  return quote;
}

const estimateOf = (id: number) => apiJson<Estimate>(staff.page, `/api/estimates/${id}`);

describe('the quote page', () => {
  it('a signed-out customer adds optional items, signs with the mouse and approves; staff see the approval, the PDF is signed', async () => {
    const sent = await sendQuote('Approve');
    const { context, page } = await customerPage();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    const quote = await openQuotePage(page, sent.path);
    const word = quote.word;
    const lower = word.toLowerCase();

    // What the customer reads: branding, heading in the organization's words, who it is for, until when, the lines.
    expect(await page.getByTestId('quote-organization-name').textContent()).toBe('Demo Home Services');
    expect(await page.getByTestId('quote-heading').textContent()).toBe(`${word} ${sent.estimate.estimateNumber}`);
    expect(await page.title()).toBe(`${word} ${sent.estimate.estimateNumber} · Demo Home Services`);
    expect(await page.getByTestId('quote-title').textContent()).toBe('Gutter replacement');
    await page.getByText(sent.customerName, { exact: true }).waitFor();
    await page.getByText(formatDate(sent.estimate.validUntil), { exact: true }).waitFor();
    expect(await page.getByTestId('quote-status').textContent()).toBe('Awaiting approval');
    expect(await page.getByTestId('quote-terms').textContent()).toBe('50% deposit on approval.');
    const table = page.getByTestId('quote-lines-table');
    expect(await table.getByTestId('quote-line').count()).toBe(3);
    expect(await table.getByTestId('quote-line').first().getByRole('cell').allTextContents()).toEqual(['Seamless gutter section', '3', '$33.33', '$99.99']);
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);

    // Optional items count only once ticked; the total follows in cents (99.99 + 0.10 + 0.20 + 5.00).
    const total = page.getByTestId('quote-total');
    expect(await total.textContent()).toBe('$104.99');
    await page.getByRole('checkbox', { name: `Add to my ${lower}: Gutter guards` }).check();
    await expect.poll(() => total.textContent()).toBe('$105.09');
    await page.getByRole('checkbox', { name: `Add to my ${lower}: Annual cleaning plan` }).check();
    await expect.poll(() => total.textContent()).toBe('$105.29');
    expect(await page.getByTestId('quote-subtotal').textContent()).toBe('$100.29');
    expect(await page.getByTestId('approve-consent').textContent()).toBe(`By signing you approve this ${lower} for $105.29.`);

    // Nothing typed, nothing drawn: the form says what is missing before any request.
    const approve = page.getByRole('button', { name: `Approve ${lower}` });
    await approve.click();
    await page.getByText('Type your full name', { exact: true }).waitFor();
    await page.getByText('Draw your signature', { exact: true }).waitFor();

    await page.getByLabel('Your full name').fill('Pat Signer');
    await drawSignatureWithMouse(page);
    expect(await page.getByTestId('signature-pad').getAttribute('data-empty')).toBe('false');
    await expect.poll(() => page.getByText('Draw your signature', { exact: true }).count()).toBe(0);
    // Clear empties the pad; drawing again fills it.
    await page.getByRole('button', { name: 'Clear signature' }).click();
    expect(await page.getByTestId('signature-pad').getAttribute('data-empty')).toBe('true');
    await drawSignatureWithMouse(page);

    const approved = page.waitForResponse(isQuoteCall('approve'));
    await approve.click();
    const approveResponse = await approved;
    const body = approveResponse.request().postDataJSON() as { signerName: string; signature: { width: number; height: number; strokes: [number, number][][] }; selectedOptionalIds: number[]; revision: string };
    expect(body.signerName).toBe('Pat Signer');
    expect(body.signature.strokes).toHaveLength(2);
    expect(body.signature.height).toBe(160);
    expect(body.selectedOptionalIds.sort()).toEqual(quote.lineItems.filter((l) => l.optional).map((l) => l.id).sort());
    expect(body.revision).toBe(quote.revision);
    expect(approveResponse.status()).toBe(200);
    const answer = (await approveResponse.json()) as PublicQuote;
    expect(answer).toMatchObject({ status: 'approved', canRespond: false, approval: { signerName: 'Pat Signer', total: '105.29' } });

    // The outcome: who approved and when, the signed PDF; no more answers.
    const outcome = page.getByTestId('quote-approved');
    await outcome.getByRole('heading', { name: `Approved by Pat Signer on ${formatDate(answer.approval?.signedAt)}` }).waitFor();
    expect(await page.getByTestId('quote-status').textContent()).toBe('Approved');
    expect(await page.getByTestId('quote-answer').count()).toBe(0);
    expect(await total.textContent()).toBe('$105.29');
    const pdfHref = await outcome.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href');
    expect(pdfHref).toBe(`${sent.path.replace(/^\/quote\//, '/api/public/quotes/')}/pdf`);
    const pdf = await page.request.get(pdfHref ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Staff: the estimate is approved for the total with the optional items, with the customer's name and signature.
    const estimate = await estimateOf(sent.estimate.id);
    expect(estimate.status).toBe('approved');
    expect(estimate.total).toBe('105.29');
    expect(estimate.lineItems.filter((l) => l.optional).map((l) => l.selected)).toEqual([true, true]);
    expect(estimate.responses[0]).toMatchObject({ kind: 'approved', signerName: 'Pat Signer', total: '105.29' });
    expect(estimate.responses[0].signature?.strokes).toHaveLength(2);

    // Opened again later: the approval, read-only.
    await openQuotePage(page, sent.path);
    await page.getByTestId('quote-approved').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByTestId('quote-answer').count()).toBe(0);
    await context.close();
  });

  it('the customer asks for changes, then declines with a reason; staff read both answers', async () => {
    const sent = await sendQuote('Decline');
    const { context, page } = await customerPage();
    const quote = await openQuotePage(page, sent.path);
    const lower = quote.word.toLowerCase();

    await page.getByRole('tab', { name: 'Request changes' }).click();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Tell us what to change', { exact: true }).waitFor();
    await page.getByLabel('What would you like changed?').fill('Please quote copper gutters instead.');
    await page.getByRole('button', { name: 'Send request' }).click();
    const changes = page.getByTestId('quote-changes-requested');
    await changes.getByText("We've sent your message to Demo Home Services.", { exact: false }).waitFor();
    expect(await page.getByTestId('quote-status').textContent()).toBe('Changes requested');
    expect((await estimateOf(sent.estimate.id)).status).toBe('changes_requested');

    // Still answerable: decline, with a reason.
    await page.getByRole('heading', { name: 'Answer now' }).waitFor();
    await page.getByRole('tab', { name: 'Decline' }).click();
    const decline = page.getByRole('button', { name: `Decline ${lower}` });
    await decline.click();
    await page.getByText('Tell us why', { exact: true }).waitFor();
    await page.getByLabel('Why are you declining?').fill('We went with another company.');
    await decline.click();
    await page.getByTestId('quote-declined').getByRole('heading', { name: `This ${lower} was declined` }).waitFor();
    expect(await page.getByTestId('quote-status').textContent()).toBe('Declined');
    expect(await page.getByTestId('quote-answer').count()).toBe(0);

    const estimate = await estimateOf(sent.estimate.id);
    expect(estimate.status).toBe('declined');
    expect(estimate.responses.map((r) => [r.kind, r.message])).toEqual([
      ['declined', 'We went with another company.'],
      ['changes_requested', 'Please quote copper gutters instead.'],
    ]);
    await context.close();
  });

  it('on a phone (390 x 844) the lines stack, nothing overflows, and the customer signs with a finger and approves', async () => {
    const sent = await sendQuote('Phone');
    const { context, page } = await customerPage(PHONE, true);
    const quote = await openQuotePage(page, sent.path);
    const lower = quote.word.toLowerCase();

    await page.getByTestId('quote-lines-list').waitFor();
    expect(await page.getByTestId('quote-lines-table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('checkbox', { name: `Add to my ${lower}: Gutter guards` }).tap();
    await expect.poll(() => page.getByTestId('quote-total').textContent()).toBe('$105.09');

    await page.getByLabel('Your full name').fill('Sam Phone');
    // Record which kind of pointer drew, to know the strokes came from touch input.
    await page.getByTestId('signature-pad').evaluate((canvas) => {
      const kinds: string[] = [];
      canvas.addEventListener('pointerdown', (e) => kinds.push(e instanceof PointerEvent ? e.pointerType : e.type));
      canvas.dataset.pointerKinds = '';
      canvas.addEventListener('pointerup', () => (canvas.dataset.pointerKinds = kinds.join(',')));
      window.addEventListener('pointerup', () => (canvas.dataset.pointerKinds = kinds.join(',')));
    });
    await drawSignatureWithTouch(context, page);
    expect(await page.getByTestId('signature-pad').getAttribute('data-pointer-kinds')).toBe('touch,touch');
    expect(await page.getByTestId('signature-pad').getAttribute('data-empty')).toBe('false');
    // The page did not scroll sideways or zoom while drawing.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);

    const approved = page.waitForResponse(isQuoteCall('approve'));
    await page.getByRole('button', { name: `Approve ${lower}` }).tap();
    const response = await approved;
    expect(response.status()).toBe(200);
    const signature = (response.request().postDataJSON() as { signature: { width: number; height: number; strokes: unknown[] } }).signature;
    // CSS pixels, whatever the screen's pixel ratio (2 here): the canvas is about the page's width.
    expect(signature.width).toBeGreaterThan(250);
    expect(signature.width).toBeLessThanOrEqual(PHONE.width);
    expect(signature.height).toBe(160);
    expect(signature.strokes).toHaveLength(2);
    await page.getByTestId('quote-approved').getByRole('heading', { name: /^Approved by Sam Phone on / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const estimate = await estimateOf(sent.estimate.id);
    expect(estimate).toMatchObject({ status: 'approved', total: '105.09' });
    expect(estimate.responses[0]).toMatchObject({ kind: 'approved', signerName: 'Sam Phone', total: '105.09' });
    await context.close();
  });

  it('an answer from a second tab after the first approved is refused with the reason and a Reload that shows the approval', async () => {
    const sent = await sendQuote('Twice');
    const { context, page } = await customerPage();
    const quote = await openQuotePage(page, sent.path);
    const lower = quote.word.toLowerCase();
    const other = await context.newPage();
    await openQuotePage(other, sent.path);

    // Input goes to the tab in front, as a person would bring it there.
    await page.bringToFront();
    await page.getByLabel('Your full name').fill('First Tab');
    await drawSignatureWithMouse(page);
    await page.getByRole('button', { name: `Approve ${lower}` }).click();
    await page.getByTestId('quote-approved').waitFor();

    await other.bringToFront();
    await other.getByRole('tab', { name: 'Decline' }).click();
    await other.getByLabel('Why are you declining?').fill('Changed my mind.');
    const refused = other.waitForResponse(isQuoteCall('decline'));
    await other.getByRole('button', { name: `Decline ${lower}` }).click();
    const response = await refused;
    expect(response.status()).toBe(409);
    const { message } = (await response.json()) as { message: string };
    const problem = other.getByTestId('quote-answer-problem');
    await problem.getByText(message, { exact: true }).waitFor();
    await problem.getByRole('button', { name: 'Reload' }).click();
    await other.getByTestId('quote-approved').getByRole('heading', { name: /^Approved by First Tab on / }).waitFor();
    expect((await estimateOf(sent.estimate.id)).status).toBe('approved');
    await context.close();
  });

  it('an unknown link says the quote was not found', async () => {
    const { context, page } = await customerPage();
    await page.goto('/quote/no-such-quote-token-000000000');
    await page.getByTestId('quote-not-found').getByRole('heading', { name: 'Quote Not Found' }).waitFor();
    await context.close();
  });
});

/** $150.00 x 2 + $100.00 required and a $60.00 optional item: $400.00, with a 25% deposit of $100.00. */
async function sendDepositQuote(label: string): Promise<SentQuote> {
  const customer = await createCustomer(staff.page, uniqueName(`Deposit ${label}`), `deposit-${label.toLowerCase()}-${Date.now()}@example.com`);
  const sent = await sendQuoteForApproval(staff.page, customer.id, {
    title: 'Roof repair',
    depositType: 'percent',
    depositValue: '25',
    lineItems: [
      { description: 'Roofer, per day', quantity: 2, rate: '150.00' },
      { description: 'Shingles and underlayment', quantity: 1, rate: '100.00' },
      { description: 'Skylight flashing kit', quantity: 1, rate: '60.00', optional: true },
    ],
  });
  expect(sent.estimate).toMatchObject({ total: '400.00', depositType: 'percent', depositAmount: '100.00', depositPaid: '0.00' });
  return sent;
}

/** Opens the page in a fresh context, signs (mouse, or finger on a touch context) and approves. */
async function approveOnPage(context: BrowserContext, page: Page, path: string, signer: string, touch = false): Promise<PublicQuote> {
  const quote = await openQuotePage(page, path);
  await page.getByLabel('Your full name').fill(signer);
  if (touch) await drawSignatureWithTouch(context, page);
  else await drawSignatureWithMouse(page);
  const approved = page.waitForResponse(isQuoteCall('approve'));
  const button = page.getByRole('button', { name: `Approve ${quote.word.toLowerCase()}` });
  if (touch) await button.tap();
  else await button.click();
  const answer = (await (await approved).json()) as PublicQuote;
  await page.getByTestId('quote-approved').waitFor();
  return answer;
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The pay section's first step with the card chosen: Continue starts the intent, and the card form shows. */
async function continueToCard(page: Page, section: Locator): Promise<void> {
  const started = page.waitForResponse(isQuoteCall('deposit-intent'));
  await section.getByRole('button', { name: 'Continue to pay $100.00' }).click();
  const response = await started;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ paymentType: 'card' });
  expect(await response.json()).toMatchObject({ processor: 'test', testMode: true, amount: '100.00', paymentType: 'card' });
  await section.getByRole('heading', { name: 'Card details' }).waitFor();
  await section.getByTestId('test-mode-note').waitFor();
}

describe('a quote that asks for a deposit', () => {
  it('says the deposit before approval, offers to pay it after, and a test card pays it; staff see it paid', async () => {
    const sent = await sendDepositQuote('Card');
    const { context, page } = await customerPage();
    const quote = await openQuotePage(page, sent.path);
    const lower = quote.word.toLowerCase();
    expect(quote).toMatchObject({ total: '400.00', deposit: { amount: '100.00', paid: '0.00', due: '100.00' }, canPayDeposit: false });

    // Before approval: the deposit under the total and in the consent sentence, with no pay section.
    const depositRow = page.getByTestId('quote-deposit');
    expect(await depositRow.locator('dt').textContent()).toBe('Deposit due on approval');
    expect(await page.getByTestId('quote-deposit-value').textContent()).toBe('$100.00');
    const consent = page.getByTestId('approve-consent');
    expect(await consent.textContent()).toBe(`By signing you approve this ${lower} for $400.00; a deposit of $100.00 is due on approval.`);
    expect(await page.getByTestId('deposit-pay').count()).toBe(0);
    // An optional item changes the total the deposit was priced on: no figure until the server works it out.
    const optional = page.getByRole('checkbox', { name: `Add to my ${lower}: Skylight flashing kit` });
    await optional.check();
    await expect.poll(() => consent.textContent()).toBe(`By signing you approve this ${lower} for $460.00; a deposit of $115.00 is due on approval.`);
    expect(await depositRow.locator('dt').textContent()).toBe('Deposit due on approval');
    expect(await page.getByTestId('quote-deposit-value').textContent()).toBe('$115.00');
    await optional.uncheck();
    await expect.poll(() => consent.textContent()).toBe(`By signing you approve this ${lower} for $400.00; a deposit of $100.00 is due on approval.`);
    expect(await depositRow.textContent()).toBe('Deposit due on approval$100.00');
    // The server refuses to start a deposit before approval.
    const early = await page.request.post(`${sent.path.replace(/^\/quote\//, '/api/public/quotes/')}/deposit-intent`, { data: { paymentType: 'card' } });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe(`This ${lower} needs your approval before its deposit can be paid.`);

    // Approved: the pay section right under the outcome, the totals say what is paid.
    const answer = await approveOnPage(context, page, sent.path, 'Dana Deposit');
    expect(answer).toMatchObject({ status: 'approved', canPayDeposit: true, deposit: { amount: '100.00', paid: '0.00', due: '100.00' } });
    const section = page.getByTestId('deposit-pay');
    await section.getByRole('heading', { name: 'Pay deposit $100.00' }).waitFor();
    expect(await section.evaluate((el) => el.previousElementSibling?.getAttribute('data-testid'))).toBe('quote-approved');
    expect(await depositRow.locator('dt').textContent()).toBe('Deposit');
    expect(await page.getByTestId('quote-deposit-value').textContent()).toBe('$100.00 · paid $0.00');
    expect(await section.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    await section.getByRole('tab', { name: 'Bank transfer' }).waitFor();

    await continueToCard(page, section);
    await fillTestCard(section, '4242 4242 4242 4242');
    const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-intents/confirm');
    const reopened = page.waitForResponse(isQuoteCall('open'));
    await section.getByRole('button', { name: 'Pay deposit $100.00' }).click();
    expect((await confirmed).status()).toBe(200);
    expect(((await (await reopened).json()) as PublicQuote).deposit).toEqual({ type: 'percent', value: '25.00', amount: '100.00', paid: '100.00', due: '0.00' });

    const paid = page.getByTestId('deposit-paid');
    await paid.getByRole('heading', { name: 'Deposit paid — thank you' }).waitFor();
    expect(await paid.getByTestId('deposit-paid-amount').textContent()).toBe('$100.00');
    expect(await paid.locator('p').textContent()).toBe('Your deposit of $100.00 has been received by Demo Home Services.');
    await expect.poll(() => page.getByTestId('quote-deposit-value').textContent()).toBe('$100.00 · paid $100.00');
    expect(await page.getByTestId('deposit-pay').count()).toBe(0);
    expect((await estimateOf(sent.estimate.id)).depositPaid).toBe('100.00');

    // Back later: thanked again, nothing more to pay; the server refuses a second deposit.
    await openQuotePage(page, sent.path);
    await page.getByTestId('deposit-paid').getByRole('heading', { name: 'Deposit paid — thank you' }).waitFor();
    expect(await page.getByTestId('deposit-pay').count()).toBe(0);
    const again = await page.request.post(`${sent.path.replace(/^\/quote\//, '/api/public/quotes/')}/deposit-intent`, { data: { paymentType: 'card' } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('The deposit has been paid. Thank you!');
    await context.close();
  });

  it('on a phone: coming back to the approved quote offers the deposit; a declined card says why and a retry pays it; nothing overflows', async () => {
    const sent = await sendDepositQuote('Phone');
    const { context, page } = await customerPage(PHONE, true);
    await approveOnPage(context, page, sent.path, 'Pat Phone', true);
    await page.getByTestId('deposit-pay').waitFor();

    // The customer leaves and comes back: the approved quote still offers the deposit.
    await openQuotePage(page, sent.path);
    const section = page.getByTestId('deposit-pay');
    await section.getByRole('heading', { name: 'Pay deposit $100.00' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Bank transfer asks for the account first, in the contract's words.
    await section.getByRole('tab', { name: 'Bank transfer' }).tap();
    await section.getByRole('button', { name: 'Continue to pay $100.00' }).tap();
    await section.getByText('Routing number must be exactly 9 digits', { exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await section.getByRole('tab', { name: 'Card' }).tap();

    await continueToCard(page, section);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await fillTestCard(section, '4000 0000 0000 0002');
    const declined = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-intents/confirm');
    await section.getByRole('button', { name: 'Pay deposit $100.00' }).tap();
    const refusal = await declined;
    expect(refusal.status()).toBeGreaterThanOrEqual(400);
    expect(((await refusal.json()) as { message: string }).message).toBe('Your card was declined.');
    await section.getByRole('alert').getByText('Your card was declined.', { exact: true }).waitFor();
    expect(await page.getByTestId('deposit-paid').count()).toBe(0);
    expect((await estimateOf(sent.estimate.id)).depositPaid).toBe('0.00');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The same form, another card.
    await fillTestCard(section, '4242 4242 4242 4242');
    await section.getByRole('button', { name: 'Pay deposit $100.00' }).tap();
    await page.getByTestId('deposit-paid').getByRole('heading', { name: 'Deposit paid — thank you' }).waitFor();
    await expect.poll(() => page.getByTestId('quote-deposit-value').textContent()).toBe('$100.00 · paid $100.00');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect((await estimateOf(sent.estimate.id)).depositPaid).toBe('100.00');
    await context.close();
  });

  it('pays the deposit by bank transfer with the test routing number', async () => {
    const sent = await sendDepositQuote('Bank');
    const { context, page } = await customerPage();
    await approveOnPage(context, page, sent.path, 'Bo Bank');
    const section = page.getByTestId('deposit-pay');
    await section.getByRole('tab', { name: 'Bank transfer' }).click();
    await section.getByLabel('Routing number').fill('110000000');
    await section.getByLabel('Account number').fill('000123456789');
    const started = page.waitForResponse(isQuoteCall('deposit-intent'));
    await section.getByRole('button', { name: 'Continue to pay $100.00' }).click();
    expect((await started).request().postDataJSON()).toEqual({ paymentType: 'bank' });
    await section.getByRole('heading', { name: 'Confirm bank transfer' }).waitFor();
    await section.getByText('Bank transfer from account ending 6789', { exact: false }).waitFor();
    const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-intents/confirm');
    await section.getByRole('button', { name: 'Pay deposit $100.00' }).click();
    expect((await confirmed).request().postDataJSON()).toMatchObject({ bank: { routingNumber: '110000000', accountNumber: '000123456789' } });
    await page.getByTestId('deposit-paid').getByRole('heading', { name: 'Deposit paid — thank you' }).waitFor();
    expect((await estimateOf(sent.estimate.id)).depositPaid).toBe('100.00');
    await context.close();
  });
});
