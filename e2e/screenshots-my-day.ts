// Saves PNGs of My day (desktop 1440 and phone 390) for a visual check: a day of four visits in every state (completed,
// started, on the way, booked with a long address and notes), the On my way dialog with its quick picks and the
// message, the Complete confirmation, and the empty day: `npx tsx e2e/screenshots-my-day.ts` (into /tmp/shots-my-day,
// or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data. The visits are booked
// for the demo employee three weeks ahead (past the demo fortnight) and cancelled at the end.
import type { Page } from 'playwright-core';
import type { StaffMember } from '@contracts/team';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);

const EMPLOYEE = 'employee@example.com';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const DAY = inDays(21);
const EMPTY_DAY = inDays(22);

/** Books the employee's day as an admin; the employee then moves three of the visits along. */
async function makeDay(employeePage: Page): Promise<number[]> {
  const context = await shots.browser.newContext({ baseURL: shots.baseURL });
  const admin = await context.newPage();
  await signIn(admin, shots.baseURL, 'admin@example.com');
  const staff = await apiJson<StaffMember[]>(admin, '/api/team');
  const employeeId = staff.find((m) => m.email === EMPLOYEE)!.id;
  const stamp = Date.now().toString(36);
  const customer = (name: string, extra: Record<string, string>) => postJson<{ id: number }>(admin, '/api/customers', { name, email: `${stamp}.${name.split(' ')[0].toLowerCase()}@example.com`, ...extra });
  const rivera = await customer('Maria Rivera', { phone: '5555550142', address: '4521 Cedar Ridge Road', city: 'Austin', state: 'TX', zip: '78731' });
  const chen = await customer('David Chen', { phone: '5555550177', address: '88 Lakeview Terrace, Apartment 12B', city: 'Round Rock', state: 'TX', zip: '78664' });
  const okafor = await customer('Grace Okafor', { address: '1200 Barton Springs Road', city: 'Austin', state: 'TX', zip: '78704' });
  const job = (customerId: number, title: string) => postJson<{ id: number }>(admin, '/api/work-orders', { customerId, title });
  const furnace = await job(rivera.id, 'Furnace replacement');
  const ac = await job(chen.id, 'AC not cooling upstairs');
  const visit = (time: string, customerId: number, name: string, extra: Record<string, unknown>) =>
    postJson<{ id: number }>(admin, '/api/appointments', {
      customerId,
      customerName: name,
      customerEmail: `${stamp}.${time.replace(':', '')}@example.com`,
      appointmentDate: `${DAY}T${time}`,
      duration: 90,
      assigneeIds: [employeeId],
      ...extra,
    });
  const services = await apiJson<{ id: number; name: string }[]>(admin, '/api/services');
  const serviceId = services[0]?.id;
  const ids = [
    (await visit('08:00', rivera.id, 'Maria Rivera', { serviceId, customerPhone: '5555550142', workOrderId: furnace.id, notes: 'Old unit in the garage.' })).id,
    (await visit('10:00', chen.id, 'David Chen', { serviceId, customerPhone: '5555550177', workOrderId: ac.id })).id,
    (await visit('12:30', okafor.id, 'Grace Okafor', { serviceId })).id,
    (await visit('14:30', chen.id, 'David Chen', {
      serviceId,
      customerPhone: '5555550177',
      notes: 'Gate code 4411. Park on the street, not in the shared driveway. Dog in the backyard is friendly but will try to get out.',
    })).id,
  ];
  await context.close();
  // The employee works the first three: completed, started, on the way.
  const act = (id: number, action: string, data: unknown = {}) => postJson(employeePage, `/api/my-day/${id}/${action}`, data);
  await act(ids[0], 'start');
  await act(ids[0], 'complete');
  await act(ids[1], 'start');
  await act(ids[2], 'on-my-way', { etaMinutes: 20 });
  return ids;
}

async function undoDay(ids: number[]) {
  const context = await shots.browser.newContext({ baseURL: shots.baseURL });
  const admin = await context.newPage();
  await signIn(admin, shots.baseURL, 'admin@example.com');
  for (const id of ids) await admin.request.delete(`/api/appointments/${id}`);
  await context.close();
}

async function dayAt(page: Page, suffix: string) {
  await page.goto(`/my-day?date=${DAY}`);
  await page.getByTestId('my-day-visit').nth(3).waitFor();
  await shoot(page, `my-day-${suffix}`, true);
  await page.getByTestId('my-day-visit').first().scrollIntoViewIfNeeded();
  await shoot(page, `my-day-top-${suffix}`);
}

async function onMyWayAt(page: Page, suffix: string) {
  await page.getByTestId('my-day-visit').nth(3).getByRole('button', { name: 'On my way' }).click();
  const dialog = page.getByTestId('on-my-way-dialog');
  await dialog.getByRole('button', { name: '30 min' }).click();
  await dialog.getByTestId('on-my-way-preview').waitFor();
  await shoot(page, `my-day-on-my-way-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function completeAt(page: Page, suffix: string) {
  await page.getByTestId('my-day-visit').nth(1).getByRole('button', { name: 'Complete' }).click();
  await page.getByTestId('complete-visit-dialog').waitFor();
  await shoot(page, `my-day-complete-${suffix}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('complete-visit-dialog').waitFor({ state: 'detached' });
}

async function emptyAt(page: Page, suffix: string) {
  await page.goto(`/my-day?date=${EMPTY_DAY}`);
  await page.getByTestId('my-day-empty').waitFor();
  await shoot(page, `my-day-empty-${suffix}`);
}

runScreenshots('/tmp/shots-my-day', async (run) => {
  shots = run;
  let ids: number[] = [];
  try {
    await run.atBothWidths(async (page, suffix, _viewport, first) => {
      if (suffix === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      if (first) ids = await makeDay(page);
      await dayAt(page, suffix);
      await onMyWayAt(page, suffix);
      await completeAt(page, suffix);
      await emptyAt(page, suffix);
    }, EMPLOYEE);
  } finally {
    // A BASE_URL app is someone's: the visits go, and the employee's timer with the started one's Complete.
    if (ids.length) {
      const context = await shots.browser.newContext({ baseURL: shots.baseURL });
      const page = await context.newPage();
      await signIn(page, shots.baseURL, EMPLOYEE);
      await page.request.post(`/api/my-day/${ids[1]}/complete`, { data: {} });
      await context.close();
      await undoDay(ids);
    }
  }
});
