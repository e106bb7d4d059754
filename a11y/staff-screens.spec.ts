// Every organization screen signed in as the demo organization's admin, and every dialog and menu those
// screens open, scanned with axe at desktop width. Dialogs are opened and closed without saving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { apiJson, uniqueName } from '../e2e/fixtures/records';
import { signedInPage } from '../e2e/fixtures/sessions';
import { closeDialog, createScanner, logScanCount, settle } from './fixtures/axe';
import { openAndScanDialog, scanDialogFrom, scanEachTab, scanMenuFrom, scanScreen, visit } from './fixtures/screens';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, 'admin@example.com'));
});
afterAll(async () => {
  logScanCount('staff-screens');
  await context?.close();
  await browser?.close();
});

describe('organization screens (admin, desktop)', () => {
  it('dashboard: the page, its quick-action dialogs, a job, the top bar menus and the search results', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/dashboard');
    const actions = page.getByTestId('quick-actions');
    // Quick actions read in the organization's words ("Create Service Bill" for the demo home-services company).
    await scanDialogFrom(s, page, 'dashboard: create invoice dialog', actions.getByRole('button', { name: /^Create / }));
    await scanDialogFrom(s, page, 'dashboard: add customer dialog', actions.getByRole('button', { name: /^Add / }));
    await scanDialogFrom(s, page, 'dashboard: recent job dialog', page.getByTestId('recent-jobs').getByRole('button', { name: /^WO-/ }).first());
    await scanMenuFrom(s, page, 'top bar: notifications menu', page.getByRole('button', { name: /^Notifications/ }));
    await scanMenuFrom(s, page, 'top bar: user menu', page.getByRole('button', { name: /User menu/ }));

    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('a');
    const results = page.locator(`#${await search.getAttribute('aria-controls')}`);
    await results.getByRole('option').first().waitFor();
    await s.scanElement(page, 'top bar: search results', results);
    await search.fill('');
    s.expectClean();
  });

  it('customers, work orders, estimates and invoices with their create and edit dialogs', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/customers');
    await openAndScanDialog(s, page, 'customers: New Customer dialog', page.getByRole('button', { name: 'New Customer' }));
    await page.getByRole('dialog').getByRole('button', { name: 'Add Customer' }).click();
    await page.getByRole('dialog').locator('[aria-invalid="true"]').first().waitFor();
    await s.scanDialog(page, 'customers: New Customer dialog with errors');
    await closeDialog(page);
    await scanDialogFrom(s, page, 'customers: Edit Customer dialog', page.getByRole('button', { name: /^Edit / }).first());

    await scanScreen(s, page, '/work-orders');
    await openAndScanDialog(s, page, 'work orders: New dialog', page.getByRole('button', { name: 'New', exact: true }));
    await page.getByRole('dialog').getByRole('combobox', { name: 'Customer' }).click();
    const listbox = page.getByRole('textbox', { name: 'Search customers' });
    await listbox.waitFor();
    await s.scanDialog(page, 'work orders: customer picker open');
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByRole('button', { name: 'Create Service Job' }).click();
    await page.getByRole('dialog').locator('[aria-invalid="true"]').first().waitFor();
    await s.scanDialog(page, 'work orders: New dialog with errors');
    await scanDialogFrom(s, page, 'work orders: Add New Customer dialog (over the job)', page.getByRole('dialog').getByRole('button', { name: 'Add New Customer' }));
    await closeDialog(page);
    await scanDialogFrom(s, page, 'work orders: Edit dialog', page.getByRole('button', { name: /^WO-\d+$/ }).first());

    await scanScreen(s, page, '/estimates');
    await scanDialogFrom(s, page, 'estimates: New dialog', page.getByRole('button', { name: 'New', exact: true }));
    await scanDialogFrom(s, page, 'estimates: Edit dialog', page.getByRole('button', { name: /^EST-\d+$/ }).first());
    await scanMenuFrom(s, page, 'estimates: actions menu', page.getByRole('button', { name: /^Actions for/ }).first());
    // Quote approval (docs/rules/quote-approval.md): the dialogs a draft and an approved estimate open from their menus.
    const draftRow = page.getByRole('row').filter({ hasText: 'Draft' }).first();
    await draftRow.getByRole('button', { name: /^Actions for/ }).click();
    await scanDialogFrom(s, page, 'estimates: Send for approval dialog', page.getByRole('menuitem', { name: 'Send for approval' }));
    const approvedRow = page.getByRole('row').filter({ hasText: 'Approved' }).first();
    await approvedRow.getByRole('button', { name: /^Actions for/ }).click();
    await scanDialogFrom(s, page, 'estimates: Convert dialog', page.getByRole('menuitem', { name: 'Convert…' }));
    await approvedRow.getByRole('button', { name: /^Actions for/ }).click();
    await scanDialogFrom(s, page, 'estimates: New version dialog', page.getByRole('menuitem', { name: 'New version' }));
    await scanDialogFrom(s, page, 'estimates: approved (locked) estimate with its approval panel', approvedRow.getByRole('button', { name: /^EST-\d+$/ }));

    await scanScreen(s, page, '/invoices');
    await scanDialogFrom(s, page, 'invoices: New dialog', page.getByRole('button', { name: 'New', exact: true }));
    await scanDialogFrom(s, page, 'invoices: Edit dialog', page.getByRole('button', { name: /^INV-\d+$/ }).first());
    await scanMenuFrom(s, page, 'invoices: actions menu', page.getByRole('button', { name: /^Actions for/ }).first());
    await scanMenuFrom(s, page, 'invoices: Export menu', page.getByTestId('list-export'));
    // Installments (docs/rules/money-and-payments.md#installments): a sent invoice's payment plan form.
    const sentRow = page.getByRole('row').filter({ hasText: 'Sent' }).first();
    await sentRow.getByRole('button', { name: /^Actions for/ }).click();
    await scanDialogFrom(s, page, 'invoices: Payment plan dialog', page.getByRole('menuitem', { name: 'Payment plan…' }));
    s.expectClean();
  });

  it('payments, payment links and payment analytics with their dialogs and tabs', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/payments');
    await scanDialogFrom(s, page, 'payments: Record Payment dialog', page.getByRole('button', { name: 'Record Payment' }));
    await openAndScanDialog(s, page, 'payments: Process Payment dialog (card)', page.getByRole('button', { name: 'Process Payment' }));
    const process = page.getByRole('dialog');
    await process.getByRole('tab', { name: 'Bank Transfer' }).click();
    await s.scanDialog(page, 'payments: Process Payment dialog (bank transfer)');
    await process.getByRole('tab', { name: 'Credit Card' }).click();
    await process.getByLabel('Amount').fill('12.34');
    await process.getByLabel('Customer Name').fill('Axe Walkin');
    await process.getByLabel('Description').fill('Accessibility check');
    await process.getByRole('button', { name: 'Continue' }).click();
    await process.getByTestId('pay-with-intent').getByText('Test mode', { exact: true }).waitFor();
    await s.scanDialog(page, 'payments: Process Payment dialog (card form)');
    await closeDialog(page);

    await scanScreen(s, page, '/payment-links');
    await scanScreen(s, page, '/recurring-invoices');
    await scanDialogFrom(s, page, 'recurring billing: New dialog', page.getByRole('button', { name: 'New', exact: true }));
    // A customer of its own without portal access, so Recommended Actions offers Enable Portal.
    const created = await page.request.post('/api/customers', { data: { name: uniqueName('A11y No Portal'), portalAccessEnabled: false } });
    if (!created.ok()) throw new Error(`POST /api/customers answered ${created.status()}: ${await created.text()}`);
    await scanScreen(s, page, '/payment-analytics');
    await scanDialogFrom(s, page, 'payment analytics: Enable Portal confirmation', page.getByRole('button', { name: /^Enable Portal/ }));
    await scanEachTab(s, page, '/payment-analytics');
    s.expectClean();
  });

  it('inventory, time tracking, messaging and the URL shortener with their dialogs', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/inventory');
    await scanDialogFrom(s, page, 'inventory: Add Item dialog', page.getByRole('button', { name: 'Add Item' }));
    await scanDialogFrom(s, page, 'inventory: Edit item dialog', page.getByRole('table').getByRole('button', { name: /^Edit / }).first());
    await scanDialogFrom(s, page, 'inventory: Update Quantity dialog', page.getByRole('table').getByRole('button', { name: /Update quantity of/ }).first());

    await scanScreen(s, page, '/time-tracking');

    await scanScreen(s, page, '/messaging');
    await scanDialogFrom(s, page, 'messaging: New Message dialog', page.getByRole('button', { name: 'New Message' }));
    await scanDialogFrom(s, page, 'messaging: Add Template dialog', page.getByRole('button', { name: 'Add Template' }));
    await scanDialogFrom(s, page, 'messaging: Edit template dialog', page.getByRole('button', { name: /^Edit / }).first());
    await scanDialogFrom(s, page, 'messaging: Delete template confirmation', page.getByRole('button', { name: /^Delete / }).first());
    // SMS conversations (docs/rules/messaging.md#conversations): the tab, and a thread of its own opened as a chat.
    const started = await page.request.post('/api/conversations', { data: { phone: '5550199111', body: 'Accessibility check' } });
    expect(started.status()).toBe(201);
    await scanEachTab(s, page, '/messaging');
    await scanDialogFrom(s, page, 'messaging: conversation dialog', page.getByTestId('conversation-row').first().getByRole('button'));

    await scanScreen(s, page, '/url-shortener');
    await scanDialogFrom(s, page, 'url shortener: Create Short URL dialog', page.getByRole('button', { name: 'Create Short URL' }));
    await scanDialogFrom(s, page, 'url shortener: Edit dialog', page.getByRole('button', { name: /^Edit / }).first());
    s.expectClean();
  });

  it('scheduling: every tab and every dialog', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/scheduling');
    await scanDialogFrom(s, page, 'scheduling: Add Appointment dialog', page.getByRole('button', { name: 'Add Appointment' }));
    const open = page.getByTestId('appointment-item').filter({ hasNotText: 'Cancelled' }).first();
    await openAndScanDialog(s, page, 'scheduling: Edit appointment dialog', open.getByRole('button', { name: /^Edit appointment with/ }));
    await scanDialogFrom(s, page, 'scheduling: Cancel Appointment confirmation', page.getByRole('dialog').getByRole('button', { name: 'Cancel Appointment' }));
    await closeDialog(page);
    await scanEachTab(s, page, '/scheduling');

    const tabs = page.getByRole('tablist', { name: 'Scheduling sections' });
    await tabs.getByRole('tab', { name: 'Services' }).click();
    await settle(page);
    await scanDialogFrom(s, page, 'scheduling: Add Service dialog', page.getByRole('button', { name: 'Add Service' }));
    await scanDialogFrom(s, page, 'scheduling: Edit Service dialog', page.getByRole('button', { name: 'Edit Service' }).first());
    await tabs.getByRole('tab', { name: 'Checklists' }).click();
    await settle(page);
    await scanDialogFrom(s, page, 'scheduling: Add Checklist dialog', page.getByRole('button', { name: 'Add Checklist' }));
    await tabs.getByRole('tab', { name: 'Settings' }).click();
    await settle(page);
    await scanDialogFrom(s, page, 'scheduling: settings dialog', page.getByRole('button', { name: /^(Update Settings|Setup Scheduling)$/ }));
    s.expectClean();
  });

  it('team: the list, the calendar card and the hours and time-off dialogs', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/team');
    await scanDialogFrom(s, page, 'team: Edit hours dialog', page.getByRole('button', { name: /^Edit hours for / }).first());
    await openAndScanDialog(s, page, 'team: Time off dialog', page.getByRole('button', { name: /^Time off for / }).first());
    await page.getByRole('dialog').getByLabel('Ends').fill('2020-01-01T08:00');
    await page.getByRole('dialog').getByRole('button', { name: 'Add time off' }).click();
    await page.getByRole('dialog').locator('[aria-invalid="true"]').first().waitFor();
    await s.scanDialog(page, 'team: Time off dialog with errors');
    await closeDialog(page);
    s.expectClean();
  });

  it('dispatch: the day board with its unassigned list, and the week', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/dispatch');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByTestId('dispatch-week').waitFor();
    await s.scan(page, 'dispatch: week');
    s.expectClean();
  });

  it("my day, and a job's dialog with its sections, the Schedule visit and customer sign-off dialogs", async () => {
    const s = createScanner();
    await scanScreen(s, page, '/my-day');
    const customers = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
    const job = await page.request.post('/api/work-orders', { data: { customerId: customers[0].id, title: 'Accessibility sign-off job', status: 'in_progress' } });
    expect(job.status()).toBe(201);
    await visit(page, `/work-orders?open=${((await job.json()) as { id: number }).id}`);
    await page.getByTestId('sign-off-section').waitFor();
    // The job's own dialog with its Visits, Checklists, Photos and files and sign-off sections, and scheduling a visit.
    await page.getByTestId('job-visits-section').getByText('No visits on the calendar').waitFor();
    await s.scanDialog(page, 'work orders: a job with its visits, checklists, photos and sign-off');
    await scanDialogFrom(s, page, 'work orders: Schedule visit dialog', page.getByRole('button', { name: 'Schedule visit' }));
    await openAndScanDialog(s, page, 'work orders: Customer sign-off dialog', page.getByRole('button', { name: 'Get customer signature' }));
    await page.getByTestId('sign-off-dialog').getByRole('button', { name: 'Accept and sign' }).click();
    await page.getByTestId('sign-off-dialog').getByText('Please sign in the box').waitFor();
    await s.scanDialog(page, 'work orders: Customer sign-off dialog with errors');
    s.expectClean();
  });

  it('reports, vendors (Pay Bills), organization, users, the user guide and the 404 page', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/reports');

    await scanScreen(s, page, '/vendors');
    await scanDialogFrom(s, page, 'vendors: Add Vendor dialog', page.getByRole('button', { name: 'Add Vendor' }));
    await scanDialogFrom(s, page, 'vendors: New Payment dialog', page.getByRole('button', { name: 'New Payment' }));
    await scanDialogFrom(s, page, 'vendors: Edit vendor dialog', page.getByRole('button', { name: /^Edit (?!payment to)/ }).first());
    await scanDialogFrom(s, page, 'vendors: Delete vendor confirmation', page.getByRole('button', { name: /^Delete (?!payment to)/ }).first());
    await scanDialogFrom(s, page, 'vendors: Edit payment dialog', page.getByRole('button', { name: /^Edit payment to/ }).first());
    await scanDialogFrom(s, page, 'vendors: Delete payment confirmation', page.getByRole('button', { name: /^Delete payment to/ }).first());

    await scanScreen(s, page, '/organization');
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Hide' }).first().waitFor();
    await settle(page);
    await s.scan(page, '/organization: payment processors opened');
    await scanDialogFrom(s, page, 'organization: Edit Organization dialog', page.getByRole('button', { name: /^Edit Demo/ }).first());
    await scanDialogFrom(s, page, 'organization: Add tax rate dialog', page.getByRole('button', { name: 'Add tax rate' }));

    await scanScreen(s, page, '/users');
    await scanDialogFrom(s, page, 'users: Add User dialog', page.getByRole('button', { name: 'Add User' }));
    await scanDialogFrom(s, page, 'users: Edit User dialog', page.getByRole('button', { name: /^Edit / }).first());

    await scanScreen(s, page, '/user-guide', '/user-guide (signed in)');
    await visit(page, '/no-such-page');
    await s.scan(page, '404 page (signed in)');
    s.expectClean();
  });

  it('accounting: the screen, and its settings refused with their messages (nothing saved)', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/accounting');
    const settings = page.getByTestId('accounting-settings-form');
    // An empty income account is refused before anything is sent, whether or not settings were saved before.
    await settings.getByLabel('Income account').fill('x');
    await settings.getByLabel('Income account').fill('');
    await settings.getByRole('button', { name: 'Save accounting settings' }).click();
    await settings.locator('[aria-invalid="true"]').first().waitFor();
    await settle(page);
    await s.scan(page, '/accounting: settings with errors');
    await page.getByLabel('Period').selectOption('custom');
    await settle(page);
    await s.scan(page, '/accounting: custom period');
    s.expectClean();
  });

  it('developers: API keys, the create dialog with its errors, the key shown once and the revoke confirmation', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/developers');
    await openAndScanDialog(s, page, 'developers: Create API key dialog', page.getByRole('button', { name: 'Create API key' }));
    const create = page.getByTestId('create-api-key-dialog');
    await create.getByRole('button', { name: 'Create API key' }).click();
    await create.getByText('Choose at least one permission').waitFor();
    await s.scanDialog(page, 'developers: Create API key dialog with errors');
    await create.getByLabel('Name').fill(uniqueName('Accessibility key'));
    await create.getByRole('button', { name: 'Read only' }).click();
    await create.getByRole('button', { name: 'Create API key' }).click();
    await page.getByTestId('api-key-secret-dialog').waitFor();
    await s.scanDialog(page, 'developers: API key shown once');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('api-key-secret-dialog').waitFor({ state: 'detached' });
    await scanDialogFrom(s, page, 'developers: Revoke API key confirmation', page.getByRole('button', { name: /^Revoke / }).first());
    s.expectClean();
  });

  it('developers: webhooks, the add dialog with its errors, the new secret, an endpoint with a delivery opened, and its confirmations', async () => {
    const s = createScanner();
    await visit(page, '/developers');
    const panel = page.getByTestId('webhooks-panel');
    await openAndScanDialog(s, page, 'developers: Add endpoint dialog', panel.getByRole('button', { name: 'Add endpoint' }));
    const dialog = page.getByTestId('webhook-endpoint-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Choose at least one event').waitFor();
    await s.scanDialog(page, 'developers: Add endpoint dialog with errors');
    await dialog.getByLabel('Endpoint URL').fill(`https://hooks.example.com/${uniqueName('a11y').replace(/\W/g, '-')}`);
    await dialog.getByRole('checkbox', { name: /customer\.created/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-endpoint-created').waitFor();
    await s.scanDialog(page, 'developers: Endpoint added, its secret shown');
    await page.getByTestId('webhook-endpoint-created').getByRole('button', { name: 'Done' }).click();
    const detail = page.getByTestId('webhook-endpoint-detail');
    // A test event gives the deliveries a row to open; the secret is revealed.
    await detail.getByRole('button', { name: 'Send test event' }).click();
    const delivery = detail.getByTestId('webhook-delivery').first();
    await delivery.getByText('Details').click();
    await detail.getByRole('button', { name: 'Reveal' }).click();
    await detail.getByTestId('webhook-secret').waitFor();
    await s.scanDialog(page, 'developers: webhook endpoint details, a delivery opened');
    await scanDialogFrom(s, page, 'developers: Roll the signing secret confirmation', detail.getByRole('button', { name: 'Roll secret' }));
    // The delete confirmation takes the details' place; Escape leaves the screen.
    await scanDialogFrom(s, page, 'developers: Delete endpoint confirmation', detail.getByRole('button', { name: 'Delete' }));
    await panel.getByRole('button', { name: /^Details of / }).first().click();
    await openAndScanDialog(s, page, 'developers: Edit endpoint dialog', detail.getByRole('button', { name: 'Edit' }));
    await page.getByTestId('webhook-endpoint-dialog').getByRole('button', { name: 'Cancel' }).click();
    await closeDialog(page);
    s.expectClean();
  });

  it('import data: the empty screen, and a file with its mapping, preview and problems', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/imports?kind=customers', '/imports');
    // A row with a bad e-mail: the screen shows every part and nothing is imported.
    const csv = 'Name,Email,Phone\r\nAda Access,ada.access@example.com,555-333-1234\r\nBad Row,not-an-email,\r\n';
    await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'a11y.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-problems').waitFor();
    await settle(page);
    await s.scan(page, '/imports with a file, its preview and problems');
    s.expectClean();
  });

  it('an employee sees a customer read-only in the details dialog', async () => {
    const s = createScanner();
    const employee = await signedInPage(browser, 'employee@example.com');
    await scanScreen(s, employee.page, '/customers', '/customers (employee)');
    const [first] = await apiJson<{ id: number }[]>(employee.page, '/api/customers?limit=1');
    // Staff who may not edit open a customer by link (?open=ID), which shows the details without a form.
    await employee.page.goto(`/customers?open=${first.id}`);
    await s.scanDialog(employee.page, 'customers: details dialog (employee)');
    await employee.context.close();
    s.expectClean();
  });
});
