// The pages a visitor reaches without signing in, scanned with axe at desktop width: sign-in and registration in
// their states, the organization's public pages, every step of the booking wizard, a payment link, a quote sent for
// approval, a customer's appointment link (reschedule, cancel, changes by phone only, unknown), the customer portal,
// the user guide, the not-found pages and the development outbox.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, launchBrowser, newPage } from '../e2e/fixtures/browser';
import { apiJson, postJson } from '../e2e/fixtures/records';
import { requestCode } from '../e2e/fixtures/sign-in';
import { signedInPage } from '../e2e/fixtures/sessions';
import { freeSlot, label12h, openDayAhead, pickCalendarDay, publicService } from '../e2e/fixtures/scheduling';
import { createCustomer } from '../e2e/fixtures/documents';
import { drawSignatureWithMouse, sendQuoteForApproval } from '../e2e/fixtures/quotes';
import { freshOrganizationAdmin } from '../e2e/fixtures/fresh-organization';
import { addDays, orgToday, outboxMark, waitForOutbox } from '../e2e/fixtures/scheduling';
import { createScanner, logScanCount, settle } from './fixtures/axe';
import { scanScreen, visit } from './fixtures/screens';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
});
afterAll(async () => {
  logScanCount('public-pages');
  await context?.close();
  await browser?.close();
});

describe('public pages (signed out, desktop)', () => {
  it('sign-in in each of its states, and registration with and without errors', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/login');
    await page.getByRole('button', { name: 'How It Works' }).click();
    await page.getByText('We e-mail you a 6-digit verification code', { exact: false }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await s.scan(page, '/login: How It Works open, invalid email');

    await requestCode(page, baseURL(), 'nobody@example.com');
    await page.getByTestId('account-not-found').waitFor();
    await settle(page);
    await s.scan(page, '/login: no account for the address');

    await requestCode(page, baseURL(), 'manager@example.com');
    await page.getByLabel('Verification code').fill('12345');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Verification code must be 6 digits').waitFor();
    await s.scan(page, '/login: code step with an error');

    await scanScreen(s, page, '/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await s.scan(page, '/register: with errors');
    s.expectClean();
  });

  it("the organization's home and services pages, and every step of the booking wizard", async () => {
    const s = createScanner();
    await scanScreen(s, page, '/org/demo');
    await scanScreen(s, page, '/services/demo');

    const service = await publicService(page, 'Furnace tune-up');
    const date = openDayAhead(6);
    const slot = await freeSlot(page, date, service.id, 0.75);
    await scanScreen(s, page, '/schedule/demo', '/schedule/demo: 1 service');
    await page.getByRole('button', { name: /^Furnace tune-up/ }).click();
    await page.getByRole('heading', { name: 'Select a date' }).waitFor();
    await settle(page);
    await s.scan(page, '/schedule/demo: 2 date, before a day is chosen');
    await pickCalendarDay(page, date);
    const time = page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(slot.time), exact: true });
    await time.click();
    await settle(page);
    await s.scan(page, '/schedule/demo: 2 date and time chosen');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await s.scan(page, '/schedule/demo: 3 details');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Name is required').waitFor();
    await s.scan(page, '/schedule/demo: 3 details with errors');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Ada Axe');
    await page.getByRole('textbox', { name: /^Email/ }).fill(`a11y-${Date.now().toString(36)}@example.com`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: /^(Your appointment is booked|Booking request received)$/ }).waitFor();
    await settle(page);
    await s.scan(page, '/schedule/demo: 4 confirmation');
    s.expectClean();
  });

  it('a payment link (invoice and any amount, card and bank transfer), an unknown link and the customer portal', async () => {
    const s = createScanner();
    const admin = await signedInPage(browser, 'admin@example.com');
    const links = await apiJson<{ linkId: string; status: string; invoiceId: number | null }[]>(admin.page, '/api/payment-links?limit=100');
    await admin.context.close();
    const invoiceLink = links.find((l) => l.status === 'active' && l.invoiceId !== null);
    const anyAmountLink = links.find((l) => l.status === 'active' && l.invoiceId === null);
    if (!invoiceLink || !anyAmountLink) throw new Error('The demo data has no active invoice and any-amount payment links');

    await page.goto(`/payment/${invoiceLink.linkId}`);
    const continueToPay = page.getByRole('button', { name: /^Continue to Pay/ });
    await continueToPay.waitFor();
    await settle(page);
    await s.scan(page, '/payment/{invoice link}');
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    await s.scan(page, '/payment/{invoice link}: bank transfer');
    await page.getByRole('tab', { name: 'Card' }).click();
    await continueToPay.click();
    await page.getByRole('heading', { name: 'Card Details' }).waitFor();
    await settle(page);
    await s.scan(page, '/payment/{invoice link}: card details');

    await page.goto(`/payment/${anyAmountLink.linkId}`);
    await page.getByRole('button', { name: /^Continue to Pay/ }).waitFor();
    await settle(page);
    await s.scan(page, '/payment/{any-amount link}');
    await page.goto('/payment/no-such-link-0000000000');
    await page.getByTestId('link-not-found').waitFor();
    await s.scan(page, '/payment/{unknown link}');

    // Signed out, the portal sends the visitor to sign in; a bad portal link explains itself.
    await page.goto('/customer-portal');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('h1').first().waitFor();
    await s.scan(page, '/customer-portal (signed out: sign in)');
    await visit(page, '/customer-portal?token=not-a-real-token');
    await s.scan(page, '/customer-portal?token= (a bad link)');
    s.expectClean();
  });

  it('a quote sent for approval: open with an optional item, with errors, each answer, approved; an unknown quote', async () => {
    const s = createScanner();
    const admin = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(admin.page, `A11y Quote ${Date.now().toString(36)}`, `a11y-quote-${Date.now().toString(36)}@example.com`);
    const lineItems = [
      { description: 'Gutter cleaning', quantity: 2, rate: '80.00' },
      { description: 'Gutter guards', quantity: 1, rate: '120.00', optional: true },
    ];
    const quote = await sendQuoteForApproval(admin.page, customer.id, { title: 'Gutter work', terms: 'Half on approval.', lineItems });
    await admin.context.close();

    await page.goto(quote.path);
    const approve = page.getByRole('button', { name: /^Approve / });
    await approve.waitFor();
    await settle(page);
    await s.scan(page, '/quote/{token}');
    await approve.click();
    await page.getByText('Draw your signature', { exact: true }).waitFor();
    await s.scan(page, '/quote/{token}: approve with errors');
    await page.getByRole('tab', { name: 'Request changes' }).click();
    await s.scan(page, '/quote/{token}: request changes');
    await page.getByRole('tab', { name: 'Decline' }).click();
    await s.scan(page, '/quote/{token}: decline');
    await page.getByRole('tab', { name: 'Approve' }).click();
    await page.getByRole('checkbox', { name: /Gutter guards/ }).check();
    await page.getByLabel('Your full name').fill('Ada Axe');
    await drawSignatureWithMouse(page);
    await approve.click();
    await page.getByTestId('quote-approved').waitFor();
    await settle(page);
    await s.scan(page, '/quote/{token}: approved');
    await page.goto('/quote/no-such-quote-token-000000000');
    await page.getByTestId('quote-not-found').waitFor();
    await s.scan(page, '/quote/{unknown token}');
    s.expectClean();
  });

  it("a customer's appointment link: as booked, rescheduling, the cancel question, cancelled, changes by phone only, unknown", async () => {
    const s = createScanner();
    // An organization of its own (America/Chicago, every day 9 to 5), so the demo calendar stays as other scans expect.
    const { adminEmail } = await freshOrganizationAdmin(browser, 'A11y Appointments', { firstName: 'Ada', lastName: 'Axe' });
    const admin = await signedInPage(browser, adminEmail);
    const days = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [`${d}Enabled`, true]));
    const body = { timeZone: 'America/Chicago', advanceBookingDays: 30, ...days };
    const existing = await apiJson<{ id: number } | null>(admin.page, '/api/schedule-settings');
    const settings = existing ?? (await postJson<{ id: number }>(admin.page, '/api/schedule-settings', body));
    if (existing) await admin.page.request.put(`/api/schedule-settings/${existing.id}`, { data: body });
    const service = await postJson<{ id: number }>(admin.page, '/api/services', { name: 'Window cleaning', duration: 60, price: '90' });
    const [{ slug }] = await apiJson<{ slug: string }[]>(admin.page, '/api/organizations');
    const day = addDays(orgToday(), 3);
    const bookWithLink = async (time: string) => {
      const email = `a11y-link-${time.replace(':', '')}-${Date.now().toString(36)}@example.com`;
      const mark = await outboxMark(page);
      await postJson(page, `/api/public/schedule-by-slug/${slug}/book`, { serviceId: service.id, appointmentDate: `${day}T${time}:00`, customerName: 'Ada Axe', customerEmail: email });
      const [mail] = await waitForOutbox(page, mark, (e) => e.to === email && (e.subject ?? '').startsWith('Appointment confirmed'));
      return new URL(/Reschedule or cancel: (\S+)/.exec(mail.text)![1]).pathname;
    };

    await scanScreen(s, page, await bookWithLink('10:00'), '/appointment/{token}');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('group', { name: 'Available times' }).getByRole('button').first().click();
    await settle(page);
    await s.scan(page, '/appointment/{token}: rescheduling, a time chosen');
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await s.scanDialog(page, '/appointment/{token}: the cancel question');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByTestId('appointment-cancelled').waitFor();
    await settle(page);
    await s.scan(page, '/appointment/{token}: cancelled');

    const locked = await bookWithLink('14:00');
    const off = await admin.page.request.put(`/api/schedule-settings/${settings.id}`, { data: { allowCancellation: false } });
    if (!off.ok()) throw new Error(`PUT /api/schedule-settings answered ${off.status()}`);
    await admin.context.close();
    await visit(page, locked);
    await page.getByTestId('appointment-locked').waitFor();
    await s.scan(page, '/appointment/{token}: changes by phone or e-mail');
    await visit(page, '/appointment/NoSuchAppointmentLinkToken0000000000000000');
    await page.getByRole('heading', { name: 'Appointment link not found' }).waitFor();
    await s.scan(page, '/appointment/{unknown token}');
    s.expectClean();
  });

  it('the user guide, the not-found pages and the development outbox', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/user-guide', '/user-guide (signed out)');
    await scanScreen(s, page, '/no-such-page', '404 page (signed out)');
    await scanScreen(s, page, '/dev/outbox');
    await page.goto('/s/unknown');
    await page.getByRole('heading', { name: 'Link not found' }).waitFor();
    await s.scan(page, '/s/unknown (short link not found)');
    s.expectClean();
  });
});
