// Saves PNGs of the booking, messaging and scheduling screens (desktop 1280 and phone 390) for a visual check: the
// public services page and each step of the /schedule wizard (with its errors and the slot-taken notice), Messaging
// with the New Message dialog, and the staff Scheduling screen's tabs and appointment dialog:
// `npx tsx e2e/screenshots-scheduling.ts`. Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { bookByApi, freeSlot, label12h, openDayAhead, orgToday, pickCalendarDay, publicService } from './fixtures/scheduling';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots');

type Viewport = { width: number; height: number };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  // Let dialogs, tabs and toasts finish their entry.
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/${name}.png`);
}

/** The dialog's top, and on a phone also its bottom (the dialog scrolls). */
async function shootDialog(page: Page, dialog: Locator, name: string, suffix: string) {
  await shoot(page, `${name}-${suffix}`);
  if (suffix === 'phone' && (await dialog.evaluate((el) => el.scrollHeight > el.clientHeight))) {
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
}

/** Signs in once per user and reuses the session for every viewport (sending codes is rate limited). */
function sessions(browser: Browser, baseURL: string) {
  const states = new Map<string, StorageState>();
  return async (email: string, viewport: Viewport) => {
    const context = await browser.newContext({ baseURL, viewport, storageState: states.get(email) });
    const page = await context.newPage();
    if (!states.has(email)) {
      await signIn(page, baseURL, email);
      states.set(email, await context.storageState());
    }
    return { context, page };
  };
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('(555) 201-4477');
}

/** Signed out: the services page, every wizard step, the details errors, a booking, and the slot-taken notice. */
async function bookingAt(browser: Browser, baseURL: string, viewport: Viewport, suffix: string) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/services/demo');
  await page.getByRole('link', { name: /^Book Now/ }).first().waitFor();
  await shoot(page, `booking-services-${suffix}`);
  await shoot(page, `booking-services-${suffix}-full`, true);

  const service = await publicService(page, 'Drain cleaning');
  const date = openDayAhead(suffix === 'desktop' ? 3 : 4);
  const slot = await freeSlot(page, date, service.id, 0.5);
  await page.goto('/schedule/demo');
  await page.getByRole('button', { name: /^Drain cleaning/ }).waitFor();
  await shoot(page, `booking-step-service-${suffix}`);
  await shoot(page, `booking-step-service-${suffix}-full`, true);

  await page.getByRole('button', { name: /^Drain cleaning/ }).click();
  await page.getByRole('heading', { name: 'Select a date' }).waitFor();
  await shoot(page, `booking-step-date-${suffix}`);
  await pickCalendarDay(page, date);
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(slot.time), exact: true }).click();
  await shoot(page, `booking-step-time-${suffix}`, true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await shoot(page, `booking-step-details-${suffix}`, true);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByText('Name is required').waitFor();
  await shoot(page, `booking-step-details-errors-${suffix}`, true);
  await fillDetails(page, 'Taylor Booker', `shots-${suffix}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
  await shoot(page, `booking-step-confirmation-${suffix}`);
  await shoot(page, `booking-step-confirmation-${suffix}-full`, true);

  // Someone else takes the chosen time while this visitor is still choosing (the details are kept from the booking above).
  const taken = await freeSlot(page, date, service.id, 0.8);
  await page.getByRole('button', { name: 'Book another appointment' }).click();
  await page.getByRole('button', { name: /^Drain cleaning/ }).click();
  await pickCalendarDay(page, date);
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(taken.time), exact: true }).click();
  const rival = await bookByApi(page, { serviceId: service.id, appointmentDate: taken.appointmentDate, customerName: 'Early Bird', customerEmail: `early-${suffix}-${Date.now()}@example.com` });
  if (rival.status() !== 201) throw new Error(`The rival booking answered ${rival.status()}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const notice = page.getByText('Someone booked that time just before you.');
  // Continue itself may already submit the kept details (reported as a defect); otherwise confirm on the details step.
  const refusedAlready = await notice.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!refusedAlready) await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await notice.waitFor();
  await shoot(page, `booking-slot-taken-${suffix}`);

  await page.goto('/schedule/no-such-organization');
  await page.getByRole('heading', { name: 'Schedule Not Found' }).waitFor();
  await shoot(page, `booking-not-found-${suffix}`);
  await context.close();
}

async function messagingAt(page: Page, suffix: string) {
  await page.goto('/messaging');
  await page.getByTestId(suffix === 'desktop' ? 'message-row' : 'message-card').first().waitFor();
  await shoot(page, `messaging-${suffix}`);
  await shoot(page, `messaging-${suffix}-full`, true);

  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox').first().waitFor();
  await shootDialog(page, dialog, 'messaging-dialog-empty', suffix);
  await dialog.getByLabel('Type').selectOption('sms');
  const boxes = dialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox');
  await boxes.first().waitFor();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await dialog.getByLabel('Content').fill('Your technician is on the way and will arrive in about 30 minutes.');
  await shootDialog(page, dialog, 'messaging-dialog-sms', suffix);
  await dialog.getByLabel('Type').selectOption('email');
  await dialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await dialog.getByText('Subject is required').waitFor();
  await shootDialog(page, dialog, 'messaging-dialog-errors', suffix);
  await closeDialog(page, dialog);
}

async function schedulingAt(page: Page, suffix: string) {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  await page.getByTestId('appointment-item').first().waitFor();
  await shoot(page, `scheduling-${suffix}`);
  await shoot(page, `scheduling-${suffix}-full`, true);

  const today = page.getByTestId(`day-${orgToday()}`);
  const edit = (await today.getByTestId('appointment-item').count()) > 0 ? today : page.getByTestId('week-view');
  await edit.getByRole('button', { name: /^Edit appointment with/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Edit Appointment' }).waitFor();
  await shootDialog(page, dialog, 'scheduling-appointment-dialog', suffix);
  await closeDialog(page, dialog);

  await page.getByRole('button', { name: 'Add Appointment' }).click();
  await dialog.getByRole('heading', { name: 'Add Appointment' }).waitFor();
  await dialog.getByRole('button', { name: 'Add Appointment' }).click();
  await dialog.getByText('Customer name is required').waitFor({ timeout: 3_000 }).catch(() => undefined);
  await shootDialog(page, dialog, 'scheduling-add-dialog-errors', suffix);
  await closeDialog(page, dialog);

  for (const tab of ['Services', 'Reminders', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await shoot(page, `scheduling-${tab.toLowerCase()}-${suffix}`, true);
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = sessions(browser, baseURL);
  try {
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await bookingAt(browser, baseURL, viewport, suffix);
      const { context, page } = await session('admin@example.com', viewport);
      await messagingAt(page, suffix);
      await context.close();
    }
    // Last: the Scheduling screen is still being finished.
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('admin@example.com', viewport);
      try {
        await schedulingAt(page, suffix);
      } catch (error) {
        console.log(`scheduling (${suffix}) not shot: ${(error as Error).message.split('\n')[0]}`);
        await shoot(page, `scheduling-${suffix}-failed`).catch(() => undefined);
      }
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
