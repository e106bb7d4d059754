// Issue 14 part B: an unbroken 200-character name never widens a screen; its text wraps, or it is cut with an
// ellipsis and the full text shows on hover (docs/decisions/018-long-text-toasts-and-the-more-sheet.md).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './fixtures/browser';
import { freeSlot, label12h, openDayAhead, pickCalendarDay } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots/long-names');
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: PHONE },
];

const stamp = Date.now().toString(36).toUpperCase();
/** 200 characters without a space: the longest name each form accepts. */
const longName = (prefix: string) => `${prefix}${stamp}`.padEnd(200, 'W');
const CUSTOMER = longName('Customer');
const SERVICE = longName('Service');
const ITEM = longName('Item');
const VISITOR = longName('Visitor');
const JOB = longName('Job');

let browser: Browser;
let customerId = 0;
let serviceId = 0;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  const post = async (url: string, data: object): Promise<{ id: number }> => {
    const response = await page.request.post(url, { data });
    if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  customerId = (await post('/api/customers', { name: CUSTOMER, email: `long-${stamp.toLowerCase()}@example.com` })).id;
  serviceId = (await post('/api/services', { name: SERVICE, duration: 60, price: '80', isActive: true })).id;
  await post('/api/inventory', { name: ITEM, quantity: 5, minimumStock: 1 });
  await post('/api/work-orders', { title: JOB, customerId });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The page is no wider than the screen, and every element showing `text` lies inside the screen (in a table, inside a
 * column of at most 20rem); where it is cut with an ellipsis, hovering it shows the whole text as a title.
 */
async function expectFits(page: Page, text: string | null, where: string): Promise<void> {
  if (text) await page.getByText(text.slice(0, 24)).locator('visible=true').first().waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await page.evaluate(() => ({
    screen: document.documentElement.clientWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(sizes.page, `${where}: page width`).toBeLessThanOrEqual(sizes.screen);
  if (!text) return;

  // The innermost elements whose own text holds the name.
  const holders = page.locator('*:visible', { hasText: text }).filter({ hasNot: page.locator('*', { hasText: text }) });
  const count = await holders.count();
  expect(count, `${where}: the name is shown`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const holder = holders.nth(i);
    const box = await holder.boundingBox();
    if (!box) continue;
    expect(box.x + box.width, `${where}: the name's right edge`).toBeLessThanOrEqual(sizes.screen + 0.5);
    // In a table the name wraps within its column (at most 20rem and the cell's padding) instead of widening the table.
    const cellWidth = await holder.evaluate((el) => el.closest('td')?.getBoundingClientRect().width ?? 0);
    expect(cellWidth, `${where}: the name's table cell`).toBeLessThanOrEqual(20 * 16 + 24 + 0.5);
    const cut = await holder.evaluate((el) => {
      for (let node: HTMLElement | null = el as HTMLElement, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
        if (node.scrollWidth > node.clientWidth && getComputedStyle(node).textOverflow === 'ellipsis') return true;
      }
      return false;
    });
    if (!cut) continue;
    await holder.hover();
    const title = await holder.evaluate((el) => el.closest('[title]')?.getAttribute('title') ?? '');
    expect(title, `${where}: a cut name shows its full text on hover`).toContain(text);
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** Searches a list for this run's records and waits for the server's answer and its rows. */
async function search(page: Page, box: RegExp): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes(stamp));
  await page.getByRole('searchbox', { name: box }).fill(stamp);
  await answered;
  await page.waitForLoadState('networkidle');
}

describe('a 200-character unbroken name', () => {
  for (const { name, viewport } of SIZES) {
    it(`fits the customers list, the customer's details, the inventory and the dashboard (${name})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin@example.com', viewport);
      await page.goto('/customers');
      await search(page, /Search customers/);
      await expectFits(page, CUSTOMER, `customers ${name}`);
      await shot(page, `customers-${name}`);

      await page.goto(`/customers?open=${customerId}`);
      const details = page.getByRole('dialog');
      await details.waitFor();
      await page.waitForLoadState('networkidle');
      const showsName = (await details.getByText(CUSTOMER.slice(0, 24)).count()) > 0;
      await expectFits(page, showsName ? CUSTOMER : null, `customer details ${name}`);
      const dialog = await details.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(dialog.scroll).toBeLessThanOrEqual(dialog.client);
      await shot(page, `customer-details-${name}`);

      await page.goto('/inventory');
      await search(page, /Search/);
      await expectFits(page, ITEM, `inventory ${name}`);
      await shot(page, `inventory-${name}`);

      await page.goto('/');
      await page.getByTestId('page-title').waitFor();
      await expectFits(page, JOB, `dashboard ${name}`);
      await shot(page, `dashboard-${name}`);
      await context.close();
    });

    it(`fits the public services page and every step of the booking wizard (${name})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/services/demo');
      await expectFits(page, SERVICE, `services ${name}`);
      await shot(page, `public-services-${name}`);

      const date = openDayAhead(4);
      const slot = await freeSlot(page, date, serviceId);
      await page.goto(`/schedule/demo`);
      await page.getByRole('heading', { name: 'Book Online', level: 1 }).waitFor();
      await expectFits(page, SERVICE, `booking: service step ${name}`);
      await shot(page, `booking-service-${name}`);
      await page.getByRole('button', { name: new RegExp(`^${SERVICE}`) }).click();
      await page.getByRole('heading', { name: 'Select a date' }).waitFor();
      await pickCalendarDay(page, date);
      await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(slot.time), exact: true }).click();
      // The date step names no service; the page still must not grow.
      await expectFits(page, null, `booking: date step ${name}`);
      await shot(page, `booking-date-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill(VISITOR);
      await page.getByRole('textbox', { name: /^Email/ }).fill(`visitor-${stamp.toLowerCase()}-${name}@example.com`);
      await page.getByRole('textbox', { name: /^Phone/ }).fill('(555) 201-4477');
      await expectFits(page, SERVICE, `booking: details step ${name}`);
      await shot(page, `booking-details-${name}`);
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await page.getByRole('heading', { name: /Your appointment is booked|Booking request received/ }).waitFor();
      await expectFits(page, SERVICE, `booking: confirmation ${name}`);
      await shot(page, `booking-confirmation-${name}`);
      await context.close();
    });
  }
});
