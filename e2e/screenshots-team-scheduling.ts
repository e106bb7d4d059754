// Saves PNGs of scheduling with a team (desktop 1280 and phone 390) for a visual check: the service dialog with who
// performs it and its buffers, the appointment dialog with Assigned to (new and edited), the week with people's names
// on the cards, the settings dialog's "Let customers choose a person", and the public booking page's Date & Time step
// with the "With" choice, the details step and the confirmation naming the person: `npx tsx e2e/screenshots-team-scheduling.ts` (into
// /tmp/shots-team-scheduling, or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo
// data. Everything is made in an organization of its own, so a BASE_URL app's demo organization is left as it was.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { ScheduleSettings, Service } from '@contracts/scheduling';
import { postJson } from './fixtures/records';
import { addDays, label12h, orgToday, pickCalendarDay, weekdayOf } from './fixtures/scheduling';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);

const ALL_DAYS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    [`${d}Enabled`, true],
    [`${d}Start`, '08:00'],
    [`${d}End`, '17:00'],
  ]),
);

interface World {
  token: string;
  boiler: Service;
  /** The day the week's appointments are on (tomorrow on the organization's clock). */
  day: string;
}

async function putJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.put(url, { data });
  if (!response.ok()) throw new Error(`PUT ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new organization and its admin, made by the super user. */
async function freshOrganization(run: ShotRun): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const adminEmail = `harbor-admin-${tag}@example.com`;
  const context = await run.browser.newContext({ baseURL: run.baseURL });
  const page = await context.newPage();
  await signIn(page, run.baseURL, 'super@example.com');
  const org = await postJson<{ id: number }>(page, '/api/organizations', { name: `Harbor Heating ${tag}`, industry: 'Home Services', email: 'owner@example.com' });
  await postJson(page, '/api/users', { email: adminEmail, firstName: 'Tara', lastName: 'Team', role: 'org_admin', organizationId: org.id });
  await context.close();
  return adminEmail;
}

/** Settings with choosing a person on, two more staff, two services and a day of appointments for different people. */
async function makeWorld(page: Page): Promise<World> {
  const body = { timeZone: 'America/Chicago', advanceBookingDays: 60, allowStaffChoice: true, ...ALL_DAYS };
  const existing = (await (await page.request.get('/api/schedule-settings')).json()) as ScheduleSettings | null;
  const settings = existing ? await putJson<ScheduleSettings>(page, `/api/schedule-settings/${existing.id}`, body) : await postJson<ScheduleSettings>(page, '/api/schedule-settings', body);
  const stamp = Date.now().toString(36);
  const dana = await postJson<{ id: number }>(page, '/api/users', { email: `dana-${stamp}@example.com`, firstName: 'Dana', lastName: 'Reyes', role: 'employee' });
  const eli = await postJson<{ id: number }>(page, '/api/users', { email: `eli-${stamp}@example.com`, firstName: 'Eli', lastName: 'Stone', role: 'employee' });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
  const boiler = await postJson<Service>(page, '/api/services', {
    name: 'Boiler service',
    description: 'Annual inspection and cleaning.',
    duration: 90,
    price: '149',
    bufferBefore: 30,
    bufferAfter: 15,
    performerIds: [dana.id, eli.id],
  });
  const bleed = await postJson<Service>(page, '/api/services', { name: 'Radiator bleed', duration: 30, price: '45', performerIds: [dana.id] });
  const day = addDays(orgToday(), 1);
  const visit = (customerName: string, serviceId: number, time: string, assigneeIds: number[]) =>
    postJson(page, '/api/appointments', {
      customerName,
      customerEmail: `${customerName.toLowerCase().replace(/\W+/g, '.')}.${stamp}@example.com`,
      serviceId,
      appointmentDate: `${day}T${time}`,
      assigneeIds,
    });
  await visit('Harper Lawson', boiler.id, '09:00', [dana.id]);
  await visit('Morgan Ellis', boiler.id, '09:00', [eli.id]);
  await visit('Bright Dental Office Group LLC', boiler.id, '12:00', [dana.id, eli.id]);
  await visit('Quinn Avery', bleed.id, '15:00', []);
  await visit('Jordan Reyes', bleed.id, '10:30', [me.id]);
  return { token: settings.scheduleToken, boiler, day };
}

/** Scrolls the dialog so `target` sits in view, then shoots the page. */
async function shootAt(page: Page, target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await shoot(page, name);
}

async function openScheduling(page: Page, day: string) {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  const today = orgToday();
  const weeks = Math.round((Date.parse(addDays(day, -weekdayOf(day))) - Date.parse(addDays(today, -weekdayOf(today)))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId(`day-${day}`).getByTestId('appointment-item').first().waitFor();
}

async function schedulingAt(page: Page, world: World, suffix: string) {
  await openScheduling(page, world.day);
  await shoot(page, `team-week-${suffix}`);
  await shots.shootElement(page, page.getByTestId(`day-${world.day}`), `team-week-day-${suffix}`);

  // A new appointment: the signed-in admin is on it until changed.
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Add Appointment' }).waitFor();
  await dialog.getByLabel('Service').selectOption(String(world.boiler.id));
  await dialog.getByLabel('Date').fill(world.day);
  const assigned = dialog.getByRole('group', { name: 'Assigned to' });
  await assigned.getByRole('button', { name: 'Tara Team' }).waitFor();
  await shoot(page, `team-appointment-new-${suffix}`);
  await shootAt(page, assigned, `team-appointment-new-assigned-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // Editing one that two people are on.
  await page.getByRole('button', { name: 'Edit appointment with Bright Dental Office Group LLC' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Edit Appointment' }).waitFor();
  await dialog.getByRole('group', { name: 'Assigned to' }).getByRole('button', { name: 'Eli Stone' }).waitFor();
  await shootAt(page, dialog.getByRole('group', { name: 'Assigned to' }), `team-appointment-edit-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // The service: who performs it and its buffers.
  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByTestId('service-card').filter({ hasText: 'Boiler service' }).getByRole('button', { name: 'Edit Service' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Edit Service' }).waitFor();
  await dialog.getByRole('group', { name: 'Who performs it' }).getByRole('button', { name: 'Dana Reyes' }).waitFor();
  await shoot(page, `team-service-dialog-${suffix}`);
  await shootAt(page, dialog.getByTestId('service-buffers'), `team-service-dialog-buffers-${suffix}`);
  // The buffer's own message.
  await dialog.getByLabel('Buffer after (minutes)').fill('7');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByText('Between 0 and 240 minutes, in steps of 5').waitFor();
  await shootAt(page, dialog.getByTestId('service-buffers'), `team-service-dialog-buffer-error-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' }).catch(() => page.keyboard.press('Escape'));

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  dialog = page.getByRole('dialog');
  const choose = dialog.getByLabel('Let customers choose a person');
  await choose.waitFor();
  await shootAt(page, choose, `team-settings-dialog-${suffix}`);
  await page.keyboard.press('Escape');
}

async function bookingAt(page: Page, world: World, suffix: string) {
  const date = addDays(world.day, 1);
  await page.goto(`/schedule/${world.token}`);
  await page.getByRole('button', { name: /^Boiler service/ }).click();
  await page.getByRole('heading', { name: 'Select a date' }).waitFor();
  await page.getByRole('group', { name: 'With' }).waitFor();
  await shoot(page, `team-booking-with-${suffix}`);
  await pickCalendarDay(page, date);
  await page.getByRole('group', { name: 'With' }).getByText('Dana R.', { exact: true }).click();
  const times = page.getByRole('group', { name: 'Available times' });
  await times.getByRole('button').first().waitFor();
  // Each round books its own time with Dana.
  await times.getByRole('button', { name: label12h(suffix === 'desktop' ? '10:00' : '13:00'), exact: true }).click();
  await shoot(page, `team-booking-with-chosen-${suffix}`, true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await shootAt(page, page.getByRole('complementary', { name: 'Your booking' }), `team-booking-details-${suffix}`);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
  await shoot(page, `team-booking-confirmation-${suffix}`, true);
}

runScreenshots('/tmp/shots-team-scheduling', async (run) => {
  shots = run;
  const adminEmail = await freshOrganization(run);
  let world: World | null = null;
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    if (first) world = await makeWorld(page);
    if (!world) throw new Error('No world made');
    try {
      await schedulingAt(page, world, suffix);
      await bookingAt(page, world, suffix);
    } catch (error) {
      await shoot(page, `team-failed-${suffix}`);
      throw error;
    }
  }, adminEmail);
});
