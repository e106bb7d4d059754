// The Team screen in the browser (docs/rules/team.md): a manager gives a person hours of their own and sends them
// back to the organization's, turns online booking off and on, and records and removes someone's time off (with the
// contract's and the server's messages on the fields); an employee keeps their own time off but changes nobody's
// hours; a staff member's calendar link is shown once, serves an iCalendar file, stops when replaced or turned off.
// The screen fits a phone. A fresh organization of its own: its team holds only this spec's people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { StaffMember, TimeOff } from '../src/contracts/team';
import { launchBrowser, PHONE } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
let tag: string;
const people = { manager: '', employee: '', dana: '' };
let danaId: number;
let employeeId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const { adminEmail } = await freshOrganizationAdmin(browser, 'Team Crew', { firstName: 'Tess', lastName: 'Owner' });
  tag = adminEmail.split('-admin-')[1].split('@')[0];
  people.manager = `team-manager-${tag}@example.com`;
  people.employee = `team-employee-${tag}@example.com`;
  people.dana = `team-dana-${tag}@example.com`;
  const { context, page } = await signedInPage(browser, adminEmail);
  await postJson(page, '/api/users', { email: people.manager, firstName: 'Mara', lastName: 'Manager', role: 'manager' });
  employeeId = (await postJson<{ id: number }>(page, '/api/users', { email: people.employee, firstName: 'Eli', lastName: 'Employee', role: 'employee' })).id;
  danaId = (await postJson<{ id: number }>(page, '/api/users', { email: people.dana, firstName: 'Dana', lastName: 'Reyes', role: 'employee' })).id;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const team = (page: Page) => apiJson<StaffMember[]>(page, '/api/team');
const member = async (page: Page, id: number) => (await team(page)).find((m) => m.id === id);
const rowOf = (page: Page, name: string) => page.getByTestId('team-row').filter({ hasText: name });
/** The hours in force and whose they are: 'Mon–Fri 9:00 AM–5:00 PM / Organization hours'. */
const hoursText = async (row: Locator) => `${await row.getByTestId('team-hours').textContent()} / ${await row.getByTestId('team-hours-source').textContent()}`;

async function openTeam(page: Page) {
  await page.goto('/team');
  await page.getByTestId('page-title').filter({ hasText: 'Team' }).waitFor();
  await page.getByTestId('team-list').getByText('Dana Reyes').first().waitFor();
}

/** Day i (0 Sunday) of the hours dialog. */
const dayRow = (dialog: Locator, i: number) => dialog.getByTestId(`hours-row-${i}`);

describe('team screen', () => {
  it('lets a manager give a person their own hours, shows them in the list, and sends them back to the organization hours', async () => {
    const { context, page } = await signedInPage(browser, people.manager);
    await openTeam(page);
    const row = rowOf(page, 'Dana Reyes');
    // A new organization's weekday hours: its schedule defaults.
    expect(await hoursText(row)).toBe('Mon–Fri 9:00 AM–5:00 PM / Organization hours');
    expect(await row.getByText('Employee', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Edit hours for Dana Reyes' }).click();
    const dialog = page.getByTestId('hours-dialog');
    await dialog.getByRole('heading', { name: 'Hours of Dana Reyes' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Use organization hours' }).count()).toBe(0);
    expect(await dialog.getByLabel('Sunday', { exact: true }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('Sunday start').isDisabled()).toBe(true);

    // Tuesday to Saturday, 8 to 4: Monday off, Saturday on.
    await dialog.getByLabel('Monday', { exact: true }).uncheck();
    await dialog.getByLabel('Saturday', { exact: true }).check();
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await dialog.getByLabel(`${day} start`).selectOption('08:00');
      await dialog.getByLabel(`${day} end`).selectOption('16:00');
    }
    // The contract's rule, on the field: the end after the start.
    await dialog.getByLabel('Wednesday end').selectOption('07:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await dayRow(dialog, 3).getByText('The end must be after the start').waitFor();
    expect(await dialog.getByLabel('Wednesday end').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Wednesday end').selectOption('16:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await waitForToast(page, 'Hours of Dana Reyes updated');
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => hoursText(row)).toBe('Tue–Sat 8:00 AM–4:00 PM / Own hours');
    const saved = await member(page, danaId);
    expect(saved?.ownHours).toBe(true);
    expect(saved?.hours.map((d) => (d.enabled ? `${d.start}-${d.end}` : 'off'))).toEqual(['off', 'off', '08:00-16:00', '08:00-16:00', '08:00-16:00', '08:00-16:00', '08:00-16:00']);

    // Reopened, the dialog holds the saved week and offers the way back.
    await page.getByRole('button', { name: 'Edit hours for Dana Reyes' }).click();
    await dialog.getByRole('heading', { name: 'Hours of Dana Reyes' }).waitFor();
    expect(await dialog.getByLabel('Saturday end').inputValue()).toBe('16:00');
    await dialog.getByRole('button', { name: 'Use organization hours' }).click();
    await waitForToast(page, "Dana Reyes works the organization's hours");
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hoursText(row)).toBe('Mon–Fri 9:00 AM–5:00 PM / Organization hours');
    expect((await member(page, danaId))?.ownHours).toBe(false);
    await context.close();
  });

  it('lets a manager turn a person’s online booking off and on', async () => {
    const { context, page } = await signedInPage(browser, people.manager);
    await openTeam(page);
    const toggle = page.getByRole('switch', { name: 'Online booking for Dana Reyes' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await waitForToast(page, 'Dana Reyes is no longer offered online');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await rowOf(page, 'Dana Reyes').getByTestId('team-bookable').textContent()).toBe('Off');
    expect((await member(page, danaId))?.bookable).toBe(false);

    await page.reload();
    await openTeam(page);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await waitForToast(page, 'Dana Reyes can be booked online');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await member(page, danaId))?.bookable).toBe(true);
    await context.close();
  });

  it('lets a manager record and remove a person’s time off, with the messages on the fields', async () => {
    const { context, page } = await signedInPage(browser, people.manager);
    await openTeam(page);
    await page.getByRole('button', { name: 'Time off for Dana Reyes' }).click();
    const dialog = page.getByTestId('time-off-dialog');
    await dialog.getByRole('heading', { name: 'Time off for Dana Reyes' }).waitFor();
    await dialog.getByText('No upcoming time off.').waitFor();

    // The contract's rule: the end after the start.
    await dialog.getByLabel('Starts').fill('2030-05-06T13:00');
    await dialog.getByLabel('Ends').fill('2030-05-06T09:00');
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await dialog.getByText('The end must be after the start').waitFor();
    expect(await dialog.getByLabel('Ends').getAttribute('aria-invalid')).toBe('true');

    // A 400 the server words for a field is shown under that field.
    await page.route('**/api/team/*/time-off', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { message: 'reason: Not allowed here', issues: [{ path: ['reason'], message: 'Not allowed here' }] } })
        : route.fallback(),
    );
    await dialog.getByLabel('Starts').fill('2030-05-06T09:00');
    await dialog.getByLabel('Ends').fill('2030-05-06T12:30');
    await dialog.getByLabel('Reason (optional)').fill('Dentist');
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await dialog.getByText('Not allowed here').waitFor();
    expect(await dialog.getByLabel('Reason (optional)').getAttribute('aria-invalid')).toBe('true');
    await waitForToast(page, 'Failed to add time off');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await waitForToast(page, 'Time off added');
    const item = dialog.getByTestId('time-off-item');
    await item.first().waitFor();
    expect((await item.textContent())?.replace(/\s+/g, ' ')).toContain('Mon, May 6, 2030, 9:00 AM – 12:30 PM');
    expect(await item.getByText('Dentist', { exact: true }).count()).toBe(1);
    // The form starts again for the next one.
    expect(await dialog.getByLabel('Reason (optional)').inputValue()).toBe('');
    const [entry] = await apiJson<TimeOff[]>(page, `/api/team/${danaId}/time-off`);
    expect(entry).toMatchObject({ userId: danaId, startsAt: '2030-05-06T09:00:00', endsAt: '2030-05-06T12:30:00', reason: 'Dentist' });

    await dialog.getByRole('button', { name: /^Remove time off Mon, May 6, 2030/ }).click();
    await waitForToast(page, 'Time off removed');
    await dialog.getByText('No upcoming time off.').waitFor();
    expect(await apiJson<TimeOff[]>(page, `/api/team/${danaId}/time-off`)).toEqual([]);
    await context.close();
  });

  it('lets an employee keep their own time off, read others’ and change nobody’s hours or booking', async () => {
    const { context, page } = await signedInPage(browser, people.employee);
    await openTeam(page);
    expect(await page.getByRole('button', { name: /^Edit hours/ }).count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await rowOf(page, 'Dana Reyes').getByTestId('team-bookable').textContent()).toBe('On');

    await page.getByRole('button', { name: 'Time off for Eli Employee' }).click();
    const dialog = page.getByTestId('time-off-dialog');
    await dialog.getByText('No upcoming time off.').waitFor();
    await dialog.getByLabel('Starts').fill('2030-07-01T08:00');
    await dialog.getByLabel('Ends').fill('2030-07-03T17:00');
    await dialog.getByLabel('Reason (optional)').fill('Family trip');
    await dialog.getByRole('button', { name: 'Add time off' }).click();
    await waitForToast(page, 'Time off added');
    await dialog.getByText('Mon, Jul 1, 2030, 8:00 AM – Wed, Jul 3, 2030, 5:00 PM').waitFor();
    expect((await apiJson<TimeOff[]>(page, `/api/team/${employeeId}/time-off`)).map((t) => t.reason)).toEqual(['Family trip']);
    // Escape would first close the toast (the newest layer): the dialog's own Close button.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Someone else's: read only, and the server says the same.
    await page.getByRole('button', { name: 'Time off for Dana Reyes' }).click();
    await dialog.getByText('No upcoming time off.').waitFor();
    await dialog.getByText('Only a manager or they themselves can change it.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add time off' }).count()).toBe(0);
    expect((await page.request.post(`/api/team/${danaId}/time-off`, { data: { startsAt: '2030-07-01T08:00', endsAt: '2030-07-01T09:00' } })).status()).toBe(403);
    expect((await page.request.put(`/api/team/${danaId}`, { data: { bookable: false } })).status()).toBe(403);
    await context.close();
  });

  it('shows a calendar link once, serves the calendar from it, and stops it when replaced or turned off', async () => {
    const { context, page } = await signedInPage(browser, people.employee);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTeam(page);
    const card = page.getByTestId('calendar-feed-card');
    await card.getByText('You have no calendar link.').waitFor();
    await card.getByRole('button', { name: 'Create calendar link' }).click();
    await waitForToast(page, 'Calendar link created');
    const link = card.getByLabel('Your calendar link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]{20,100}\.ics$/);
    expect(await link.getAttribute('readonly')).not.toBeNull();
    await card.getByText('This link is shown only now', { exact: false }).waitFor();
    await card.getByText('Your calendar link is on.').waitFor();

    await card.getByRole('button', { name: 'Copy' }).click();
    await waitForToast(page, 'Link copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    // Shown once: a new visit says the link is on, without it.
    await page.reload();
    await card.getByText('Your calendar link is on.').waitFor();
    expect(await card.getByLabel('Your calendar link').count()).toBe(0);

    await card.getByRole('button', { name: 'Replace link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Replace link' }).click();
    await waitForToast(page, 'Calendar link replaced');
    const replaced = await card.getByLabel('Your calendar link').inputValue();
    expect(replaced).not.toBe(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(replaced)).status()).toBe(200);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    await waitForToast(page, 'Calendar link turned off');
    await card.getByText('You have no calendar link.').waitFor();
    expect(await card.getByLabel('Your calendar link').count()).toBe(0);
    expect((await page.request.get(replaced)).status()).toBe(404);
    await context.close();
  });

  it('fits a phone: one card per person, the dialogs inside the screen', async () => {
    const { context, page } = await signedInPage(browser, people.manager, PHONE);
    await page.goto('/team');
    const card = page.getByTestId('team-card').filter({ hasText: 'Dana Reyes' });
    await card.waitFor();
    expect(await page.getByTestId('team-row').first().isVisible()).toBe(false);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Edit hours for Dana Reyes' }).click();
    const hours = page.getByTestId('hours-dialog');
    await hours.getByLabel('Saturday end').waitFor();
    const box = await hours.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    for (const name of ['Wednesday start', 'Wednesday end']) {
      const field = await hours.getByLabel(name).boundingBox();
      expect(field && box && field.x + field.width <= box.x + box.width).toBe(true);
    }
    await page.keyboard.press('Escape');
    await hours.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Time off for Dana Reyes' }).click();
    const timeOff = page.getByTestId('time-off-dialog');
    await timeOff.getByLabel('Ends').waitFor();
    const offBox = await timeOff.boundingBox();
    expect(offBox && offBox.x >= 0 && offBox.x + offBox.width <= PHONE.width).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
