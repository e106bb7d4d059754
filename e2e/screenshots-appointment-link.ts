// Saves PNGs of the customer's appointment page, /appointment/{token} (desktop 1280 and phone 390), for a visual check:
// the appointment as booked, the reschedule picker with a day's times and one chosen, a time taken meanwhile, the moved
// appointment, the cancel question, the cancelled state, an organization that takes changes by phone or e-mail, and an
// unknown link: `npx tsx e2e/screenshots-appointment-link.ts` (into /tmp/shots-appointment-link, or OUT_DIR). Uses
// BASE_URL when given (a running app), else starts one with fresh demo data. Two organizations of the script's own are
// made (by the super user), so the demo organization's calendar stays as it was.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { ScheduleSettings, Service } from '@contracts/scheduling';
import { PHONE } from './fixtures/browser-config';
import { apiJson, postJson } from './fixtures/records';
import { addDays, label12h, orgToday, outboxMark, waitForOutbox } from './fixtures/scheduling';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

const ALL_DAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    [`${d}Enabled`, true],
    [`${d}Start`, '09:00'],
    [`${d}End`, '17:00'],
  ]),
);

interface Org {
  slug: string;
  service: Service;
}

let shots: ShotRun;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: shots.baseURL });
  const page = await context.newPage();
  await signIn(page, shots.baseURL, email);
  return page;
}

/** An organization with an admin, its schedule (Monday to Saturday, 9 to 5, America/Chicago) and one service. */
async function organization(superUser: Page, name: string, settings: Record<string, unknown>, contact: { phone: string; email: string }): Promise<Org> {
  const tag = randomUUID().slice(0, 6);
  const adminEmail = `shots-${tag}@example.com`;
  const org = await postJson<{ id: number; slug: string }>(superUser, '/api/organizations', { name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${tag}`, industry: 'Home Services', ...contact });
  await postJson(superUser, '/api/users', { email: adminEmail, firstName: 'Dana', lastName: 'Rivers', role: 'org_admin', organizationId: org.id });
  const admin = await signedIn(superUser.context().browser()!, adminEmail);
  const body = { timeZone: 'America/Chicago', advanceBookingDays: 30, sundayEnabled: false, ...ALL_DAYS, ...settings };
  const existing = await apiJson<ScheduleSettings | null>(admin, '/api/schedule-settings');
  if (existing) await admin.request.put(`/api/schedule-settings/${existing.id}`, { data: body });
  else await postJson(admin, '/api/schedule-settings', body);
  const service = await postJson<Service>(admin, '/api/services', { name: 'Spring lawn aeration and overseeding', duration: 90, price: '145' });
  await admin.context().close();
  return { slug: org.slug, service };
}

/** The next day from `daysAhead` on that is not a Sunday (closed). */
function openDay(daysAhead: number): string {
  let d = addDays(orgToday(), daysAhead);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() === 0) d = addDays(d, 1);
  return d;
}

/** Books as a customer and answers the path of the link in the confirmation e-mail. */
async function bookWithLink(page: Page, org: Org, appointmentDate: string): Promise<string> {
  const customerEmail = `jordan-${randomUUID().slice(0, 8)}@example.com`;
  const mark = await outboxMark(page);
  await postJson(page, `/api/public/schedule-by-slug/${org.slug}/book`, { serviceId: org.service.id, appointmentDate, customerName: 'Jordan Rivera', customerEmail });
  const [mail] = await waitForOutbox(page, mark, (e) => e.to === customerEmail && (e.subject ?? '').startsWith('Appointment confirmed'));
  const url = /Reschedule or cancel: (\S+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`No link in the confirmation:\n${mail.text}`);
  return new URL(url).pathname;
}

runScreenshots('/tmp/shots-appointment-link', async (run) => {
  shots = run;
  const superUser = await signedIn(run.browser, 'super@example.com');
  const open = await organization(superUser, 'Greenway Lawn & Garden', { allowCancellation: true, cancellationHours: 24 }, { phone: '5125550188', email: 'hello@greenway.example.com' });
  const byPhone = await organization(superUser, 'Oakridge Tree Care', { allowCancellation: false }, { phone: '5125550142', email: 'office@oakridge.example.com' });
  await superUser.context().close();

  for (const [suffix, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', PHONE]] as const) {
    const context = await run.browser.newContext({ baseURL: run.baseURL, viewport });
    const page = await context.newPage();
    const day = openDay(suffix === 'desktop' ? 3 : 5);
    const path = await bookWithLink(page, open, `${day}T10:00:00`);
    await page.goto(path);
    await page.getByRole('heading', { name: 'Your appointment', level: 1 }).waitFor();
    await run.shoot(page, `appointment-${suffix}`, true);

    // The picker on the next open day, its times loaded and one chosen.
    const nextDay = openDay(suffix === 'desktop' ? 4 : 6);
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByLabel('New date').fill(nextDay);
    const times = page.getByRole('group', { name: 'Available times' });
    await times.waitFor();
    await times.getByRole('button', { name: label12h('13:30'), exact: true }).click();
    await run.shoot(page, `appointment-reschedule-${suffix}`, true);

    // Someone else books that time before the customer confirms.
    await postJson(page, `/api/public/schedule-by-slug/${open.slug}/book`, {
      serviceId: open.service.id,
      appointmentDate: `${nextDay}T13:30:00`,
      customerName: 'Sam Quick',
      customerEmail: `sam-${randomUUID().slice(0, 8)}@example.com`,
    });
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    await page.getByTestId('reschedule-problem').waitFor();
    await run.shoot(page, `appointment-slot-taken-${suffix}`);

    await times.getByRole('button', { name: label12h('15:00'), exact: true }).click();
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    await page.getByTestId('appointment-moved').waitFor();
    await run.shoot(page, `appointment-moved-${suffix}`, true);

    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await run.shoot(page, `appointment-cancel-question-${suffix}`);
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByTestId('appointment-cancelled').waitFor();
    await run.shoot(page, `appointment-cancelled-${suffix}`, true);

    await page.goto(await bookWithLink(page, byPhone, `${openDay(suffix === 'desktop' ? 3 : 5)}T09:30:00`));
    await page.getByTestId('appointment-locked').waitFor();
    await run.shoot(page, `appointment-by-phone-${suffix}`, true);

    await page.goto('/appointment/NoSuchAppointmentLinkToken0000000000000000');
    await page.getByRole('heading', { name: 'Appointment link not found' }).waitFor();
    await run.shoot(page, `appointment-not-found-${suffix}`);
    await context.close();
  }
});
