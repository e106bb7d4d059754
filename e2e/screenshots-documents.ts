// Saves PNGs of the work order, estimate and invoice lists and dialogs (desktop 1280 and phone 390),
// and an invoice PDF rendered to PNG, for a visual check: `npx tsx e2e/screenshots-documents.ts`.
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { fillLine, pickCustomer } from './fixtures/documents';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots');
/** Tall enough to show a whole document dialog at once on a desktop. */
const DESKTOP_TALL = { width: DESKTOP.width, height: 1400 };

type Viewport = { width: number; height: number };

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  // Let dialogs and menus finish their entry.
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/${name}.png`);
}

/** The dialog's top, and on a phone also its bottom (the dialog scrolls). */
async function shootDialog(page: Page, dialog: Locator, name: string, suffix: string) {
  await shoot(page, `${name}-${suffix}`);
  if (suffix === 'phone') {
    await dialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await shoot(page, `${name}-${suffix}-bottom`);
  }
}

/** Escape closes the topmost layer first: an open toast, then the dialog. */
async function closeDialog(page: Page, dialog: Locator) {
  for (let i = 0; i < 3 && (await dialog.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 1_000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: 'detached' });
}

async function documentsAt(page: Page, suffix: string, viewport: Viewport, dialogViewport: Viewport) {
  await page.setViewportSize(viewport);

  // Work orders: list, create (with an error state and a filled form), edit.
  await page.goto('/work-orders');
  await page.getByTestId(suffix === 'phone' ? 'work-order-card' : 'work-order-row').first().waitFor();
  await shoot(page, `work-orders-${suffix}`);
  await page.setViewportSize(dialogViewport);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const wo = page.getByTestId('work-order-dialog');
  await wo.getByLabel('Line 1 description').waitFor();
  await wo.getByRole('button', { name: 'Create Service Job' }).click();
  await wo.getByText('Please enter a job title').waitFor();
  await shootDialog(page, wo, 'work-order-create-errors', suffix);
  await pickCustomer(wo, 'Casey Customer');
  await wo.getByLabel('Title').fill('Replace kitchen faucet');
  await wo.getByLabel('Start Date').fill('2026-12-01');
  await wo.getByLabel('Due Date').fill('2026-12-02');
  await wo.getByLabel('Estimated Hours').fill('2.5');
  await wo.getByLabel('Labor Cost').fill('120');
  await wo.getByLabel('Material Cost').fill('35.5');
  await fillLine(wo, 1, { description: 'Faucet, brushed nickel', quantity: '1', rate: '189.99' });
  await wo.getByRole('button', { name: 'Add line' }).click();
  await fillLine(wo, 2, { description: 'Supply lines', quantity: '2', rate: '12.49' });
  await shootDialog(page, wo, 'work-order-create', suffix);
  await closeDialog(page, wo);
  await page.getByRole('button', { name: /^WO-\d+$/ }).first().click();
  await wo.getByRole('heading', { name: 'Edit Service Job' }).waitFor();
  await wo.getByLabel('Line 1 description').waitFor();
  await shootDialog(page, wo, 'work-order-edit', suffix);
  await closeDialog(page, wo);
  await page.setViewportSize(viewport);

  // Estimates: list, actions menu, create, edit.
  await page.goto('/estimates');
  const estimateRow = page.getByTestId(suffix === 'phone' ? 'estimate-card' : 'estimate-row').first();
  await estimateRow.waitFor();
  await shoot(page, `estimates-${suffix}`);
  await estimateRow.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Download Service Quote' }).waitFor();
  await shoot(page, `estimates-menu-${suffix}`);
  await page.keyboard.press('Escape');
  await page.setViewportSize(dialogViewport);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const est = page.getByTestId('estimate-dialog');
  await est.getByLabel('Line 1 description').waitFor();
  await pickCustomer(est, 'Casey Customer');
  await est.getByLabel('Title').fill('Bathroom refresh');
  await est.getByLabel('Valid Until').fill('2026-12-31');
  await fillLine(est, 1, { description: 'Vanity and sink', quantity: '1', rate: '640' });
  await est.getByLabel('Tax').fill('51.20');
  await shootDialog(page, est, 'estimate-create', suffix);
  await closeDialog(page, est);
  await page.getByRole('button', { name: /^EST-\d+$/ }).first().click();
  await est.getByRole('heading', { name: 'Edit Estimate' }).waitFor();
  await est.getByLabel('Line 1 description').waitFor();
  await shootDialog(page, est, 'estimate-edit', suffix);
  await closeDialog(page, est);
  await page.setViewportSize(viewport);

  // Invoices: list, actions menu, create from a work order, after-create buttons, edit.
  await page.goto('/invoices');
  const invoiceRow = page.getByTestId(suffix === 'phone' ? 'invoice-card' : 'invoice-row').first();
  await invoiceRow.waitFor();
  await shoot(page, `invoices-${suffix}`);
  await invoiceRow.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Download Service Bill' }).waitFor();
  await shoot(page, `invoices-menu-${suffix}`);
  await page.keyboard.press('Escape');
  await page.setViewportSize(dialogViewport);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const inv = page.getByTestId('invoice-dialog');
  await inv.getByLabel('Line 1 description').waitFor();
  await pickCustomer(inv, 'Casey Customer');
  const selector = inv.getByLabel('Add Service Job');
  await selector.locator('option').nth(1).waitFor({ state: 'attached' });
  await selector.selectOption({ index: 1 });
  await inv.getByLabel('Due Date').fill('2026-12-15');
  await inv.getByLabel('Notes').fill('Thank you for your business.');
  await shootDialog(page, inv, 'invoice-create', suffix);
  await inv.getByRole('button', { name: 'Create Service Bill' }).click();
  await inv.getByRole('button', { name: 'Done', exact: true }).waitFor();
  await shootDialog(page, inv, 'invoice-created', suffix);
  let pdfPath: string | null = null;
  if (suffix === 'desktop') {
    const [download] = await Promise.all([page.waitForEvent('download'), inv.getByRole('button', { name: 'Download', exact: true }).click()]);
    pdfPath = path.join(OUT, download.suggestedFilename());
    await download.saveAs(pdfPath);
  }
  await inv.getByRole('button', { name: 'Done', exact: true }).click();
  await inv.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /^INV-\d+$/ }).first().click();
  await inv.getByRole('heading', { name: 'Edit Service Bill' }).waitFor();
  await inv.getByLabel('Line 1 description').waitFor();
  await shootDialog(page, inv, 'invoice-edit', suffix);
  await closeDialog(page, inv);
  await page.setViewportSize(viewport);
  return pdfPath;
}

/** pdftoppm -png -r 70: one PNG per page, invoice-pdf-1.png ... */
function renderPdf(pdfPath: string) {
  const prefix = path.join(OUT, 'invoice-pdf');
  execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, prefix]);
  for (const f of fs.readdirSync(OUT).filter((f) => f.startsWith('invoice-pdf'))) console.log(`saved screenshots/${f}`);
  fs.rmSync(pdfPath);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'admin@example.com');
    const pdfPath = await documentsAt(page, 'desktop', DESKTOP, DESKTOP_TALL);
    await documentsAt(page, 'phone', PHONE, PHONE);
    if (pdfPath) renderPdf(pdfPath);
    await context.close();

    // An employee's read-only view of a work order.
    const employee = await browser.newContext({ baseURL, viewport: DESKTOP_TALL });
    const employeePage = await employee.newPage();
    await signIn(employeePage, baseURL, 'employee@example.com');
    await employeePage.goto('/work-orders');
    await employeePage.getByRole('button', { name: /^WO-\d+$/ }).first().click();
    await employeePage.getByTestId('work-order-dialog').getByLabel('Line 1 description').waitFor();
    await shoot(employeePage, 'work-order-view-employee');
    await employeePage.goto('/invoices');
    await employeePage.getByTestId('list-forbidden').waitFor();
    await employeePage.setViewportSize(DESKTOP);
    await shoot(employeePage, 'invoices-employee');
    await employee.close();
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
