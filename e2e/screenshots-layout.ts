// Saves PNGs (1440x900 and 390x844) of the screens ADR 018 touched, for a visual check: 200-character names in the
// customers list and details, the inventory and the dashboard as each staff role, the public services page and the
// booking wizard signed out, and the phone bar's More sheet for each staff role:
// `npx tsx e2e/screenshots-layout.ts`. Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, PHONE } from './fixtures/browser-config';
import { freeSlot, label12h, openDayAhead, pickCalendarDay } from './fixtures/scheduling';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots/layout');
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', PHONE],
] as const;
const STAFF = ['super@example.com', 'admin@example.com', 'manager@example.com', 'employee@example.com'];

const stamp = Date.now().toString(36).toUpperCase();
const longName = (prefix: string) => `${prefix}${stamp}`.padEnd(200, 'W');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved screenshots/layout/${name}.png`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const setup = await browser.newContext({ baseURL });
    const admin = await setup.newPage();
    await signIn(admin, baseURL, 'admin@example.com');
    const post = async (url: string, data: object) => {
      const response = await admin.request.post(url, { data });
      if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}`);
      return (await response.json()) as { id: number };
    };
    const customer = await post('/api/customers', { name: longName('Customer'), email: `shots-${stamp.toLowerCase()}@example.com` });
    const service = await post('/api/services', { name: longName('Service'), duration: 60, price: '80', isActive: true });
    await post('/api/inventory', { name: longName('Item'), quantity: 5, minimumStock: 1 });
    await post('/api/work-orders', { title: longName('Job'), customerId: customer.id });
    const states = new Map<string, Awaited<ReturnType<typeof setup.storageState>>>();
    for (const email of STAFF) {
      const page = await setup.newPage();
      await page.context().clearCookies();
      await signIn(page, baseURL, email);
      states.set(email, await page.context().storageState());
    }
    await setup.close();

    for (const email of STAFF) {
      const who = email.split('@')[0];
      for (const [size, viewport] of SIZES) {
        const context = await browser.newContext({ baseURL, viewport, storageState: states.get(email) });
        const page = await context.newPage();
        await page.goto('/');
        await shoot(page, `dashboard-${who}-${size}`);
        await page.goto('/customers');
        await page.getByRole('searchbox').first().fill(stamp);
        await page.getByText(`Customer${stamp}`).locator('visible=true').first().waitFor();
        await shoot(page, `customers-${who}-${size}`);
        await page.goto(`/customers?open=${customer.id}`);
        await page.getByRole('dialog').waitFor();
        await shoot(page, `customer-details-${who}-${size}`);
        await page.goto('/inventory');
        await page.getByRole('searchbox').first().fill(stamp);
        await page.getByText(`Item${stamp}`).locator('visible=true').first().waitFor();
        await shoot(page, `inventory-${who}-${size}`);
        if (size === 'phone') {
          await page.getByTestId('mobile-bar').getByRole('button', { name: 'More' }).click();
          await page.getByTestId('more-sheet').waitFor();
          await shoot(page, `more-sheet-${who}-${size}`);
        }
        await context.close();
      }
    }

    for (const [size, viewport] of SIZES) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await page.goto('/services/demo');
      await shoot(page, `public-services-${size}`);
      const date = openDayAhead(5);
      const slot = await freeSlot(page, date, service.id);
      await page.goto(`/schedule/demo?service=${service.id}`);
      await page.getByRole('heading', { name: 'Select a date' }).waitFor();
      await pickCalendarDay(page, date);
      await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(slot.time), exact: true }).click();
      await shoot(page, `booking-date-${size}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill(longName('Visitor'));
      await shoot(page, `booking-details-${size}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
