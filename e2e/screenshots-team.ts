// Saves PNGs of the Team screen (desktop 1280 and phone 390) for a visual check: the list (organization and own
// hours, split hours, a person not offered online, a long name), the calendar card before and after a link is made
// (the link shown once), the edit-hours dialog with the contract's message on a day, the time-off dialog with entries
// and its form, and the screen as an employee sees it: `npx tsx e2e/screenshots-team.ts` (into /tmp/shots-team, or
// OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data; the people, hours, time
// off and calendar link made here are undone at the end.
import type { Page } from 'playwright-core';
import type { TimeOff } from '@contracts/team';
import { postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);

const off = { enabled: false, start: '09:00', end: '17:00' };
const on = (start: string, end: string) => ({ enabled: true, start, end });

interface Made {
  userIds: number[];
  timeOff: TimeOff[];
}

async function makeTeam(page: Page): Promise<Made> {
  const stamp = Date.now().toString(36);
  const user = (firstName: string, lastName: string, role: string) =>
    postJson<{ id: number }>(page, '/api/users', { email: `${firstName.toLowerCase()}.${stamp}@example.com`, firstName, lastName, role });
  const alex = await user('Alexandria', 'Montgomery-Whitfield', 'employee');
  const sam = await user('Sam', 'Lee', 'manager');
  const put = (id: number, data: unknown) => page.request.put(`/api/team/${id}`, { data });
  await put(alex.id, { hours: [off, on('07:00', '15:30'), off, on('07:00', '15:30'), off, on('07:00', '15:30'), on('09:00', '13:00')] });
  await put(sam.id, { hours: [off, off, on('08:00', '16:00'), on('08:00', '16:00'), on('08:00', '16:00'), on('08:00', '16:00'), on('08:00', '16:00')], bookable: false });
  const inDays = (n: number, time: string) => {
    const d = new Date(Date.now() + n * 86_400_000);
    return `${d.toISOString().slice(0, 10)}T${time}`;
  };
  const timeOff = [
    await postJson<TimeOff>(page, `/api/team/${alex.id}/time-off`, { startsAt: inDays(3, '13:00'), endsAt: inDays(3, '17:00'), reason: 'Dentist' }),
    await postJson<TimeOff>(page, `/api/team/${alex.id}/time-off`, {
      startsAt: inDays(14, '08:00'),
      endsAt: inDays(21, '18:00'),
      reason: 'Family vacation at the lake house, back on the following Monday morning',
    }),
    await postJson<TimeOff>(page, `/api/team/${alex.id}/time-off`, { startsAt: inDays(30, '09:00'), endsAt: inDays(30, '12:00') }),
  ];
  return { userIds: [alex.id, sam.id], timeOff };
}

async function listAt(page: Page, suffix: string) {
  await page.goto('/team');
  await page.getByTestId(suffix === 'phone' ? 'team-card' : 'team-row').filter({ hasText: 'Montgomery-Whitfield' }).waitFor();
  await page.getByTestId('calendar-feed-status').waitFor();
  await shoot(page, `team-list-${suffix}`, true);
}

async function calendarAt(page: Page, suffix: string) {
  const card = page.getByTestId('calendar-feed-card');
  const create = card.getByRole('button', { name: 'Create calendar link' });
  if (await create.isVisible()) await create.click();
  else {
    await card.getByRole('button', { name: 'Replace link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Replace link' }).click();
  }
  await card.getByTestId('calendar-feed-url').waitFor();
  await shots.shootElement(page, card, `team-calendar-link-${suffix}`);
}

async function hoursAt(page: Page, suffix: string) {
  await page.getByRole('button', { name: 'Edit hours for Alexandria Montgomery-Whitfield' }).click();
  const dialog = page.getByTestId('hours-dialog');
  await dialog.getByLabel('Saturday end').waitFor();
  await shoot(page, `team-hours-dialog-${suffix}`);
  await dialog.getByLabel('Thursday', { exact: true }).check();
  await dialog.getByLabel('Thursday start').selectOption('14:00');
  await dialog.getByLabel('Thursday end').selectOption('12:00');
  await dialog.getByRole('button', { name: 'Save hours' }).click();
  await dialog.getByText('The end must be after the start').waitFor();
  await dialog.getByLabel('Thursday end').scrollIntoViewIfNeeded();
  await shoot(page, `team-hours-errors-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function timeOffAt(page: Page, suffix: string) {
  await page.getByRole('button', { name: 'Time off for Alexandria Montgomery-Whitfield' }).click();
  const dialog = page.getByTestId('time-off-dialog');
  await dialog.getByTestId('time-off-item').first().waitFor();
  await shoot(page, `team-time-off-${suffix}`);
  await dialog.getByRole('button', { name: 'Add time off' }).scrollIntoViewIfNeeded();
  await shoot(page, `team-time-off-form-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function employeeAt(page: Page, suffix: string) {
  const context = await page.context().browser()!.newContext({ baseURL: shots.baseURL, viewport: page.viewportSize()! });
  const employee = await context.newPage();
  await signIn(employee, shots.baseURL, 'employee@example.com');
  await employee.goto('/team');
  await employee.getByTestId(suffix === 'phone' ? 'team-card' : 'team-row').first().waitFor();
  await employee.getByTestId('calendar-feed-status').waitFor();
  await shoot(employee, `team-employee-${suffix}`, true);
  await context.close();
}

runScreenshots('/tmp/shots-team', async (run) => {
  shots = run;
  let made: Made = { userIds: [], timeOff: [] };
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    if (first) made = await makeTeam(page);
    await listAt(page, suffix);
    await calendarAt(page, suffix);
    await hoursAt(page, suffix);
    await timeOffAt(page, suffix);
    await employeeAt(page, suffix);
    if (suffix === 'phone') {
      // A BASE_URL app is someone's: the people, their time off and the admin's calendar link go.
      for (const t of made.timeOff) await page.request.delete(`/api/team/time-off/${t.id}`);
      for (const id of made.userIds) await page.request.put(`/api/users/${id}`, { data: { isActive: false } });
      await page.request.delete('/api/me/calendar-feed');
    }
  });
});
