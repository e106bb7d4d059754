// The customer's page behind "Reschedule or cancel" in an appointment e-mail (docs/rules/scheduling.md#changing-by-link):
// booked online, the link read from the confirmation in the outbox, the page shows the appointment in the organization's
// zone; a time taken meanwhile is refused with the server's words and the times offered again; a move shows the new time
// (and staff see it moved); a cancel asks first, then shows the cancelled state. An organization that takes changes by
// phone or e-mail shows why and how to reach it, without the buttons; an unknown link shows "Appointment link not found".
// Two organizations made here, so the demo organization's calendar and settings stay as other specs expect them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Appointment, ScheduleSettings, Service } from '@contracts/scheduling';
import { launchBrowser, newPage, PHONE } from './fixtures/browser';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, postJson } from './fixtures/records';
import { addDays, label12h, orgToday, outboxMark, SLOT_TAKEN, waitForOutbox } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';

const ALL_DAYS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    [`${d}Enabled`, true],
    [`${d}Start`, '09:00'],
    [`${d}End`, '17:00'],
  ]),
);

interface Org {
  adminEmail: string;
  organizationId: number;
  name: string;
  slug: string;
  service: Service;
}

let browser: Browser;
let open: Org;
let byPhone: Org;
const stamp = Date.now().toString(36);

/** An organization of its own on the demo's clock (America/Chicago, so the fixtures' orgToday is its today), open every day 9 to 5. */
async function organizationWith(name: string, admin: { firstName: string; lastName: string }, settings: Record<string, unknown>, phone?: string): Promise<Org> {
  const { adminEmail, organizationId } = await freshOrganizationAdmin(browser, name, admin);
  const { context, page } = await signedInPage(browser, adminEmail);
  const body = { timeZone: 'America/Chicago', advanceBookingDays: 30, ...ALL_DAYS, ...settings };
  const existing = await apiJson<ScheduleSettings | null>(page, '/api/schedule-settings');
  if (existing) {
    const response = await page.request.put(`/api/schedule-settings/${existing.id}`, { data: body });
    if (!response.ok()) throw new Error(`PUT /api/schedule-settings answered ${response.status()}: ${await response.text()}`);
  } else {
    await postJson<ScheduleSettings>(page, '/api/schedule-settings', body);
  }
  const service = await postJson<Service>(page, '/api/services', { name: 'Lawn aeration', duration: 60, price: '95' });
  if (phone) {
    const response = await page.request.put(`/api/organizations/${organizationId}`, { data: { phone } });
    if (!response.ok()) throw new Error(`PUT /api/organizations answered ${response.status()}: ${await response.text()}`);
  }
  const [org] = (await apiJson<{ id: number; name: string; slug: string }[]>(page, '/api/organizations')).filter((o) => o.id === organizationId);
  await context.close();
  return { adminEmail, organizationId, name: org.name, slug: org.slug, service };
}

/** Books online as a customer (signed out) and answers the appointment's id and the path of its e-mailed link. */
async function bookWithLink(page: Page, org: Org, appointmentDate: string, customerEmail: string): Promise<{ id: number; path: string }> {
  const mark = await outboxMark(page);
  const booked = await postJson<{ id: number }>(page, `/api/public/schedule-by-slug/${org.slug}/book`, {
    serviceId: org.service.id,
    appointmentDate,
    customerName: 'Robin Link',
    customerEmail,
  });
  const [mail] = await waitForOutbox(page, mark, (e) => e.channel === 'email' && e.to === customerEmail && (e.subject ?? '').startsWith('Appointment confirmed'));
  const url = /Reschedule or cancel: (\S+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`The confirmation has no link:\n${mail.text}`);
  expect(new URL(url).pathname).toMatch(/^\/appointment\/[A-Za-z0-9_-]{20,100}$/);
  return { id: booked.id, path: new URL(url).pathname };
}

async function staffView(org: Org, id: number, from: string, to: string): Promise<Appointment | undefined> {
  const { context, page } = await signedInPage(browser, org.adminEmail);
  const rows = await apiJson<Appointment[]>(page, `/api/appointments?from=${from}&to=${to}`);
  await context.close();
  return rows.find((a) => a.id === id);
}

/** 'Tuesday, November 24, 2026'. */
function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

const times = (page: Page) => page.getByRole('group', { name: 'Available times' });

beforeAll(async () => {
  browser = await launchBrowser();
  open = await organizationWith('Link Lawn Care', { firstName: 'Dana', lastName: 'Rivers' }, { allowCancellation: true, cancellationHours: 24 });
  byPhone = await organizationWith('Phone Only Gardens', { firstName: 'Pat', lastName: 'Moss' }, { allowCancellation: false }, '5125550142');
});
afterAll(async () => {
  await browser?.close();
});

describe('the appointment link page', () => {
  it('shows the booking, refuses a time taken meanwhile, moves it to another offered time, then cancels it after asking', async () => {
    const { context, page } = await newPage(browser);
    const day = addDays(orgToday(), 3);
    const nextDay = addDays(day, 1);
    const email = `robin-${stamp}@example.com`;
    const { id, path } = await bookWithLink(page, open, `${day}T10:00:00`, email);

    await page.goto(path);
    await page.getByRole('heading', { name: 'Your appointment', level: 1 }).waitFor();
    expect(await page.getByTestId('public-organization-name').textContent()).toBe(open.name);
    const details = page.getByTestId('appointment-details');
    expect(await details.getByText('Lawn aeration').count()).toBe(1);
    expect(await page.getByTestId('appointment-date').textContent()).toBe(longDate(day));
    expect(await page.getByTestId('appointment-time').textContent()).toBe('10:00 AM – 11:00 AM');
    expect(await details.getByText(/^America\/Chicago \(C[DS]T\)$/).count()).toBe(1);
    expect(await details.getByText('60 minutes').count()).toBe(1);
    expect(await details.getByText('Dana R.').count()).toBe(1);
    expect(await page.locator('[data-status="scheduled"]').textContent()).toBe('Scheduled');
    expect(await page.title()).toBe(`Your appointment · ${open.name} · Tradebook`);

    // Reschedule: a day, its offered times, one chosen; someone else takes it before the customer confirms.
    const reschedule = page.getByRole('button', { name: 'Reschedule' });
    await reschedule.click();
    expect(await reschedule.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { name: 'Choose a new time' }).waitFor();
    const dateField = page.getByLabel('New date');
    expect(await dateField.getAttribute('min')).toBe(orgToday());
    expect(await dateField.getAttribute('max')).toBe(addDays(orgToday(), 30));
    await dateField.fill(nextDay);
    await page.getByRole('heading', { name: `Available times for ${longDate(nextDay)}` }).waitFor();
    await times(page).getByRole('button', { name: label12h('11:00'), exact: true }).click();
    expect(await page.getByTestId('reschedule-choice').textContent()).toBe(`New time: ${longDate(nextDay)} at 11:00 AM`);
    await postJson(page, `/api/public/schedule-by-slug/${open.slug}/book`, {
      serviceId: open.service.id,
      appointmentDate: `${nextDay}T11:00:00`,
      customerName: 'Quick Neighbour',
      customerEmail: `neighbour-${stamp}@example.com`,
    });
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    const problem = page.getByTestId('reschedule-problem');
    await problem.getByText(SLOT_TAKEN, { exact: true }).waitFor();
    // The times are offered again as they now stand: the one taken is gone, and nothing is chosen.
    await expect.poll(() => times(page).getByRole('button', { name: '11:00 AM', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirm new time' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('appointment-time').textContent()).toBe('10:00 AM – 11:00 AM');

    const mark = await outboxMark(page);
    await times(page).getByRole('button', { name: label12h('14:00'), exact: true }).click();
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    const moved = page.getByTestId('appointment-moved');
    await moved.getByText('Your appointment has been moved', { exact: true }).waitFor();
    expect(await moved.textContent()).toContain(`New time: ${longDate(nextDay)} at 2:00 PM`);
    expect(await page.getByTestId('appointment-date').textContent()).toBe(longDate(nextDay));
    expect(await page.getByTestId('appointment-time').textContent()).toBe('2:00 PM – 3:00 PM');
    expect(await page.getByTestId('reschedule-panel').count()).toBe(0);
    // Staff see it moved, with the same person coming; the customer gets the updated invitation.
    const asStaff = await staffView(open, id, day, nextDay);
    expect(asStaff).toMatchObject({ appointmentDate: `${nextDay}T14:00:00`, status: 'scheduled' });
    expect(asStaff?.assignees.map((a) => a.name)).toEqual(['Dana Rivers']);
    await waitForOutbox(page, mark, (e) => e.to === email && (e.subject ?? '').startsWith('Appointment updated'));

    // Cancel asks first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(await dialog.textContent()).toContain(`Lawn aeration on ${longDate(nextDay)} at 2:00 PM will be cancelled`);
    await dialog.getByRole('button', { name: 'Keep appointment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await staffView(open, id, nextDay, nextDay))?.status).toBe('scheduled');

    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const cancelled = page.getByTestId('appointment-cancelled');
    await cancelled.getByRole('heading', { name: 'This appointment has been cancelled' }).waitFor();
    expect(await page.locator('[data-status="cancelled"]').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
    expect(await cancelled.getByRole('link', { name: 'Book another time' }).getAttribute('href')).toBe(`/schedule/${open.slug}`);
    expect((await staffView(open, id, nextDay, nextDay))?.status).toBe('cancelled');

    // Opened again later, the link still says what became of the appointment.
    await page.reload();
    await page.getByTestId('appointment-cancelled').getByRole('heading', { name: 'This appointment has been cancelled' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    await context.close();
  });

  it('where changes are taken by phone or e-mail, says so with the contacts and offers no buttons (phone width)', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const day = addDays(orgToday(), 4);
    const { path } = await bookWithLink(page, byPhone, `${day}T09:30:00`, `pat-customer-${stamp}@example.com`);
    await page.goto(path);
    const locked = page.getByTestId('appointment-locked');
    await locked.getByRole('heading', { name: 'Changes are taken by phone or e-mail' }).waitFor();
    expect(await page.getByTestId('appointment-time').textContent()).toBe('9:30 AM – 10:30 AM');
    expect(await locked.getByRole('link', { name: '(512) 555-0142' }).getAttribute('href')).toBe('tel:5125550142');
    expect(await locked.getByRole('link', { name: 'owner@example.com' }).getAttribute('href')).toBe('mailto:owner@example.com');
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('an unknown link says "Appointment link not found" under the plain public header', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/appointment/NoSuchAppointmentLinkToken0000000000000000');
    await page.getByRole('heading', { name: 'Appointment link not found', level: 1 }).waitFor();
    expect(await page.getByTestId('public-organization-name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    await context.close();
  });
});
