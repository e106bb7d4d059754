// Saves PNGs of the dispatch board (desktop 1440, tablet 1024 and phone 390) for a visual check: the day view with the
// demo team's appointments, shaded hours and the unassigned list; the week view; a card being dragged over a cell; the
// board scrolled sideways on a tablet (names kept); and the board as an employee sees it (no handles):
// `npx tsx e2e/screenshots-dispatch.ts` (into /tmp/shots-dispatch, or OUT_DIR). Uses BASE_URL when given (a running
// app), else starts one with fresh demo data. Nothing is changed: the drag is let go with Escape.
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, orgToday, weekdayOf } from './fixtures/scheduling';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

const WIDTHS = [
  ['desktop', { width: 1440, height: 900 }],
  ['tablet', { width: 1024, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** The next weekday from tomorrow: a day the whole demo team works. */
function boardDay(): string {
  let next = addDays(orgToday(), 1);
  while (weekdayOf(next) === 0 || weekdayOf(next) === 6) next = addDays(next, 1);
  return next;
}

async function dayAt(shots: ShotRun, page: Page, suffix: string) {
  await page.goto(`/dispatch?date=${boardDay()}`);
  await page.getByTestId(suffix === 'phone' ? 'dispatch-phone' : 'dispatch-day').waitFor();
  await page.getByTestId('dispatch-card').first().waitFor();
  await shots.shoot(page, `dispatch-day-${suffix}`, true);
}

async function weekAt(shots: ShotRun, page: Page, suffix: string) {
  await page.goto(`/dispatch?date=${boardDay()}&view=week`);
  await page.getByTestId(suffix === 'phone' ? 'dispatch-phone' : 'dispatch-week').waitFor();
  await page.getByTestId('dispatch-card').first().waitFor();
  await shots.shoot(page, `dispatch-week-${suffix}`, true);
}

/** A card lifted and held over another person's row, then put back with Escape. */
async function dragAt(shots: ShotRun, page: Page, suffix: string) {
  await page.goto(`/dispatch?date=${boardDay()}`);
  const card = page.getByTestId('dispatch-day').getByTestId('dispatch-card').first();
  await card.waitFor();
  const a = (await card.boundingBox())!;
  await page.mouse.move(a.x + 14, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + 30, { steps: 4 });
  await page.mouse.move(a.x + 110, a.y + 120, { steps: 10 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${process.env.OUT_DIR ?? '/tmp/shots-dispatch'}/dispatch-dragging-${suffix}.png` });
  console.log(`saved dispatch-dragging-${suffix}.png`);
  await page.keyboard.press('Escape');
  await page.mouse.up();
}

async function scrolledAt(shots: ShotRun, page: Page) {
  await page.goto(`/dispatch?date=${boardDay()}`);
  const frame = page.getByTestId('dispatch-day');
  await frame.waitFor();
  await frame.evaluate((el) => el.scrollBy({ left: 360 }));
  await shots.shoot(page, 'dispatch-day-scrolled-tablet');
}

async function employeeAt(shots: ShotRun, context: BrowserContext, suffix: string) {
  const employee = await context.newPage();
  await signIn(employee, shots.baseURL, 'employee@example.com');
  await employee.goto(`/dispatch?date=${boardDay()}`);
  await employee.getByTestId('dispatch-card').first().waitFor();
  await shots.shoot(employee, `dispatch-employee-${suffix}`, true);
}

runScreenshots('/tmp/shots-dispatch', async (shots) => {
  let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  let employeeState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  for (const [suffix, viewport] of WIDTHS) {
    const context = await shots.browser.newContext({ baseURL: shots.baseURL, viewport, storageState: state });
    const page = await context.newPage();
    if (!state) {
      await signIn(page, shots.baseURL, 'admin@example.com');
      state = await context.storageState();
    }
    await dayAt(shots, page, suffix);
    await weekAt(shots, page, suffix);
    if (suffix !== 'phone') await dragAt(shots, page, suffix);
    if (suffix === 'tablet') await scrolledAt(shots, page);
    await context.close();
    if (suffix === 'phone') continue;
    const other = await shots.browser.newContext({ baseURL: shots.baseURL, viewport, storageState: employeeState });
    if (!employeeState) {
      await employeeAt(shots, other, suffix);
      employeeState = await other.storageState();
    } else {
      const employee = await other.newPage();
      await employee.goto(`/dispatch?date=${boardDay()}`);
      await employee.getByTestId('dispatch-card').first().waitFor();
      await shots.shoot(employee, `dispatch-employee-${suffix}`, true);
    }
    await other.close();
  }
});
