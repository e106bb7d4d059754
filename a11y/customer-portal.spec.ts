// The customer portal signed in as the demo customer, with its Pay Invoice and Add Payment Method dialogs,
// scanned with axe at desktop width. Dialogs are opened and closed without paying or saving.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { createSentInvoice, customerNamed } from '../e2e/fixtures/money';
import { uniqueName } from '../e2e/fixtures/records';
import { signedInPage } from '../e2e/fixtures/sessions';
import { createScanner, logScanCount, settle } from './fixtures/axe';
import { scanDialogFrom } from './fixtures/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  logScanCount('customer-portal');
  await browser?.close();
});

describe('customer portal (customer, desktop)', () => {
  it('the portal, Pay Invoice and Add Payment Method', async () => {
    const s = createScanner();
    // A sent invoice of the customer's own, so there is one to pay whatever other specs paid before.
    const admin = await signedInPage(browser, 'admin@example.com');
    const casey = await customerNamed(admin.page, 'Casey Customer');
    const invoice = await createSentInvoice(admin.page, casey.id, uniqueName('Accessibility check'), '42.00');
    await admin.context.close();

    const { context, page } = await signedInPage(browser, 'customer@example.com');
    await page.goto('/customer-portal');
    await page.getByTestId('portal-greeting').waitFor();
    await settle(page);
    await s.scan(page, '/customer-portal (customer)');
    const payNow = page.getByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}` }).filter({ visible: true });
    await scanDialogFrom(s, page, 'customer portal: Pay Invoice dialog', payNow);
    await scanDialogFrom(s, page, 'customer portal: Add Payment Method dialog', page.getByRole('button', { name: 'Add Payment Method' }));
    await context.close();
    s.expectClean();
  });
});
