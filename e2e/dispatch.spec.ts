// The dispatch board in a browser (docs/rules/team.md#dispatch-board): a card dragged with the mouse to another person
// and time is moved on the server; a drop onto someone's taken time shows the 409's message and changes nothing; a job
// dragged from the side list onto a person gets its visit; at tablet size the board scrolls inside its frame with the
// names in view and a drag still works; an employee sees the board without handles.
// An organization of its own, so the demo organization's calendars stay as other specs expect them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Appointment, ScheduleSettings } from '@contracts/scheduling';
import { launchBrowser } from './fixtures/browser';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, postJson } from './fixtures/records';
import { addDays, orgToday, SLOT_TAKEN } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';

const TABLET = { width: 1024, height: 768 };
const ALL_DAYS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    [`${d}Enabled`, true],
    [`${d}Start`, '08:00'],
    [`${d}End`, '17:00'],
  ]),
);

let browser: Browser;
let adminEmail: string;
let dana: { id: number };
let eli: { id: number };
let serviceId: number;
let customerId: number;
const stamp = Date.now().toString(36);
/** Days ahead, each test on its own so they never meet. */
const day = (n: number) => addDays(orgToday(), n);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ adminEmail } = await freshOrganizationAdmin(browser, 'Dispatch Heating', { firstName: 'Dora', lastName: 'Dispatch' }));
  const { context, page } = await signedInPage(browser, adminEmail);
  const body = { timeZone: 'America/Chicago', advanceBookingDays: 60, ...ALL_DAYS };
  const existing = await apiJson<ScheduleSettings | null>(page, '/api/schedule-settings');
  if (existing) {
    const res = await page.request.put(`/api/schedule-settings/${existing.id}`, { data: body });
    expect(res.ok()).toBe(true);
  } else await postJson(page, '/api/schedule-settings', body);
  dana = await postJson<{ id: number }>(page, '/api/users', { email: `dana-${stamp}@example.com`, firstName: 'Dana', lastName: 'Reyes', role: 'employee' });
  eli = await postJson<{ id: number }>(page, '/api/users', { email: `eli-${stamp}@example.com`, firstName: 'Eli', lastName: 'Stone', role: 'employee' });
  serviceId = (await postJson<{ id: number }>(page, '/api/services', { name: 'Boiler service', duration: 60, price: '120' })).id;
  customerId = (await postJson<{ id: number }>(page, '/api/customers', { name: 'Casey Home', email: `casey-${stamp}@example.com`, address: '12 Oak St', city: 'Springfield', state: 'IL', zip: '62704' })).id;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function book(page: Page, date: string, time: string, userId: number): Promise<Appointment> {
  return postJson<Appointment>(page, '/api/appointments', { customerId, customerName: 'Casey Home', serviceId, appointmentDate: `${date}T${time}`, assigneeIds: [userId] });
}

const card = (page: Page, kind: 'appointment' | 'job', id: number, personId?: number): Locator =>
  page.locator(`[data-testid="dispatch-card"][data-kind="${kind}"][data-id="${id}"]${personId ? `[data-person="${personId}"]` : ''}`);
const slot = (page: Page, personId: number, time: string): Locator => page.locator(`[data-testid="dispatch-slot"][data-person="${personId}"][data-time="${time}"]`);

async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/dispatch?date=${date}`);
  await page.getByTestId('dispatch-day').waitFor();
}

/**
 * Drags with real mouse moves: pressed on the card `grab` pixels from its left edge, a few small steps past the
 * activation distance, then on to `to` in steps, and released. Cards already on a day row land where their left edge
 * is, so the pointer goes `grab` pixels into the target cell.
 */
async function drag(page: Page, from: Locator, target: Locator, opts: { byEdge: boolean }): Promise<void> {
  // Both in view before the press: the board scrolls sideways inside its frame.
  await target.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const grab = 14;
  const start = { x: a.x + grab, y: a.y + Math.min(a.height / 2, 20) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 2, { steps: 2 });
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 3 });
  const aim = async () => {
    const b = (await target.boundingBox())!;
    return { x: opts.byEdge ? b.x + grab + 4 : b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  await page.mouse.move((await aim()).x, (await aim()).y, { steps: 12 });
  // The board may have scrolled itself while the card passed its edge: aim again where the cell is now.
  await page.waitForTimeout(150);
  const to = await aim();
  await page.mouse.move(to.x, to.y, { steps: 3 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

async function appointment(page: Page, id: number): Promise<Appointment> {
  return apiJson<Appointment>(page, `/api/appointments/${id}`);
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

describe('Dispatch board', () => {
  it('moves an appointment to another person and time with the mouse', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const date = day(3);
    const moved = await book(page, date, '09:00', dana.id);
    await openDay(page, date);
    const source = card(page, 'appointment', moved.id, dana.id);
    await source.waitFor();
    await expect(source.textContent()).resolves.toContain('12 Oak St, Springfield, IL 62704');
    await drag(page, source, slot(page, eli.id, '11:00'), { byEdge: true });
    await page.getByText('Appointment moved', { exact: true }).first().waitFor();
    const after = await waitFor(() => appointment(page, moved.id), (a) => a.assignees.some((p) => p.id === eli.id));
    expect(after.appointmentDate).toBe(`${date}T11:00:00`);
    expect(after.assignees.map((p) => p.id)).toEqual([eli.id]);
    await card(page, 'appointment', moved.id, eli.id).waitFor();
    await context.close();
  });

  it('shows the server’s 409 message on a clash and leaves the card where it was', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const date = day(4);
    const mine = await book(page, date, '09:00', dana.id);
    await book(page, date, '10:00', eli.id);
    await openDay(page, date);
    const source = card(page, 'appointment', mine.id, dana.id);
    await source.waitFor();
    await drag(page, source, slot(page, eli.id, '10:00'), { byEdge: true });
    await page.getByText(SLOT_TAKEN, { exact: true }).first().waitFor();
    const after = await appointment(page, mine.id);
    expect(after.appointmentDate).toBe(`${date}T09:00:00`);
    expect(after.assignees.map((p) => p.id)).toEqual([dana.id]);
    await source.waitFor();
    expect(await card(page, 'appointment', mine.id, eli.id).count()).toBe(0);
    await context.close();
  });

  it('schedules a job from the side list onto a person', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const date = day(5);
    const job = await postJson<{ id: number; orderNumber: string }>(page, '/api/work-orders', { customerId, title: `Replace boiler ${stamp}`, estimatedHours: '2' });
    await openDay(page, date);
    const source = card(page, 'job', job.id);
    await source.waitFor();
    await drag(page, source, slot(page, dana.id, '14:00'), { byEdge: false });
    await page.getByText(`${job.orderNumber} scheduled`, { exact: true }).first().waitFor();
    const visits = await waitFor(
      () => apiJson<Appointment[]>(page, `/api/appointments?from=${date}&to=${date}`),
      (list) => list.some((a) => a.workOrderId === job.id),
    );
    const visit = visits.find((a) => a.workOrderId === job.id)!;
    expect(visit).toMatchObject({ appointmentDate: `${date}T14:00:00`, duration: 120, customerName: 'Casey Home' });
    expect(visit.assignees.map((p) => p.id)).toEqual([dana.id]);
    const wo = await apiJson<{ assignees: { id: number }[] }>(page, `/api/work-orders/${job.id}`);
    expect(wo.assignees.map((p) => p.id)).toEqual([dana.id]);
    await card(page, 'appointment', visit.id, dana.id).waitFor();
    expect(await source.count()).toBe(0);
    await context.close();
  });

  it('works on a tablet (1024 x 768): the board scrolls inside its frame, the names stay, a drag moves the card', async () => {
    const { context, page } = await signedInPage(browser, adminEmail, TABLET);
    const date = day(6);
    const moved = await book(page, date, '10:00', eli.id);
    await openDay(page, date);
    const frame = page.getByTestId('dispatch-day');
    const sizes = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.page).toBeLessThanOrEqual(TABLET.width);
    await frame.evaluate((el) => el.scrollBy({ left: 400 }));
    const name = page.getByTestId('dispatch-row').filter({ has: page.locator(`[data-person="${dana.id}"]`) }).getByTestId('dispatch-person');
    const frameBox = (await frame.boundingBox())!;
    const nameBox = (await page.locator(`[data-testid="dispatch-row"][data-person="${dana.id}"]`).getByTestId('dispatch-person').boundingBox())!;
    expect(nameBox.x).toBeGreaterThanOrEqual(frameBox.x);
    expect(nameBox.x).toBeLessThan(frameBox.x + 40);
    expect(name).toBeDefined();
    await frame.evaluate((el) => el.scrollTo({ left: 0 }));
    const source = card(page, 'appointment', moved.id, eli.id);
    await source.waitFor();
    await drag(page, source, slot(page, dana.id, '10:00'), { byEdge: true });
    const after = await waitFor(() => appointment(page, moved.id), (a) => a.assignees.some((p) => p.id === dana.id));
    expect(after.appointmentDate).toBe(`${date}T10:00:00`);
    expect(after.assignees.map((p) => p.id)).toEqual([dana.id]);
    await page.getByTestId('dispatch-unassigned').waitFor();
    await context.close();
  });

  it('moves a card with the keyboard: Space lifts it, the arrows move it a cell, Space drops it', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const date = day(7);
    const moved = await book(page, date, '09:00', dana.id);
    await openDay(page, date);
    const handle = card(page, 'appointment', moved.id, dana.id).getByRole('button', { name: /^Move .*Casey Home/ });
    await handle.focus();
    // Each key waits for dnd-kit's spoken announcement of where the card is now: under load a key pressed before the
    // last move was measured is lost.
    const live = page.locator('[id^="DndLiveRegion"]');
    const press = async (key: string) => {
      const before = (await live.textContent()) ?? '';
      await page.keyboard.press(key);
      await expect.poll(async () => (await live.textContent()) ?? '', { timeout: 10_000 }).not.toBe(before);
    };
    await press('Space');
    // Rows are in name order (Dana, Dora, Eli): two rows down, then one half hour on.
    await press('ArrowDown');
    await press('ArrowDown');
    await press('ArrowRight');
    await page.keyboard.press('Space');
    const after = await waitFor(() => appointment(page, moved.id), (a) => a.assignees.some((p) => p.id === eli.id));
    expect(after.appointmentDate).toBe(`${date}T09:30:00`);
    expect(after.assignees.map((p) => p.id)).toEqual([eli.id]);
    await context.close();
  });

  it('lets an employee read the board without moving anything', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com');
    await page.goto('/dispatch');
    await page.getByTestId('dispatch-day').waitFor();
    await page.getByTestId('dispatch-row').first().waitFor();
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByTestId('dispatch-week').waitFor();
    await context.close();
  });
});
