// Every e-mail a customer gets, as it leaves through SMTP: an HTML part beside the text under the organization's
// name and logo, every name escaped, any secret masked in the stored copy of both parts, and the organization's
// words for its records (docs/customer-emails.md).
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../adapters/outbox/mask-secrets';
import { createSmsSender } from '../../adapters/sms/sms-sender';
import { organizations, outbox } from '../../db/schema/index';
import { runDueReminders } from '../../jobs/appointment-reminders';
import { decodeWords, leaves, parseAddress, parseMime, type MimePart } from '../../test/mime';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAppointment, setUpReminders } from '../reminders/reminder-test-fixtures';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { bookingOrg, nextWeekday, type BookingOrg } from '../scheduling/scheduling.test-kit';
import { createCustomer } from './documents.test-kit';

// A healthcare practice: Patients, Procedures, Treatment Plans, Medical Bills (contracts/vocabulary.ts).
const ORG_NAME = 'Smile & <Co> "Dental"';
const ORG_HTML = 'Smile &amp; &lt;Co&gt; &quot;Dental&quot;';
let sink: SmtpSink;
let t: TestApp;
let org: BookingOrg;
let customerId: number;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Tradebook <no-reply@tradebook.test>', APP_URL: 'https://books.example.com' });
  org = await bookingOrg(t);
  await t.database.db
    .update(organizations)
    .set({ name: ORG_NAME, industry: 'Healthcare', email: 'desk@smile.example', logo: '/uploads/7/logo.png' })
    .where(eq(organizations.id, org.id));
  customerId = (await createCustomer(t, org.id, { name: 'Pat <Patient>', email: 'pat@example.com' })).id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const lastMail = () => parseMime(sink.received.at(-1)!.raw);
const lastMailTo = (to: string) => parseMime(sink.received.filter((m) => m.to.includes(to)).at(-1)!.raw);
const subjectOf = (mail: MimePart) => decodeWords(mail.headers.subject);
const part = (mail: MimePart, type: string) => leaves(mail).find((p) => p.contentType === type)?.body.toString('utf8');
const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const lastStored = async () => (await t.database.db.select().from(outbox).orderBy(outbox.id)).at(-1)!;

/** The HTML part is the organization's page: its name escaped, its logo, its contact lines; nothing runs. */
function expectOrganizationHtml(mail: MimePart): string {
  expect(parseAddress(mail.headers.from)).toEqual({ name: ORG_NAME, address: 'no-reply@tradebook.test' });
  expect(parseAddress(mail.headers['reply-to']).address).toBe('desk@smile.example');
  const html = part(mail, 'text/html');
  expect(html, 'an HTML part').toBeTruthy();
  expect(html).toContain(ORG_HTML);
  expect(html).not.toContain(ORG_NAME);
  expect([...html!.matchAll(/src="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://books.example.com/uploads/7/logo.png']);
  expect(html).not.toMatch(/<script|<style|<link/i);
  return html!;
}

describe("customer e-mails in the organization's words, each with an HTML part", () => {
  it('an invoice e-mail and its PDF say Medical Bill, never Invoice', async () => {
    const cookie = org.manager;
    const payload = { customerId, lineItems: [{ description: 'Cleaning', quantity: 1, rate: '90.00' }] };
    const inv = (await t.call({ method: 'POST', url: '/api/invoices', cookie, payload })).json();
    expect((await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie })).statusCode).toBe(200);
    const mail = lastMail();
    expect(subjectOf(mail)).toContain(`Medical Bill ${inv.invoiceNumber} from`);
    const text = part(mail, 'text/plain')!;
    expect(text).toContain(`Please find attached medical bill ${inv.invoiceNumber}`);
    expect(text).toContain('Medical Bill date:');
    expect(text).not.toMatch(/invoice/i);
    const html = expectOrganizationHtml(mail);
    expect(html).toContain(`Medical Bill ${inv.invoiceNumber}`);
    expect(html).toContain('Hello Pat &lt;Patient&gt;,');
    expect(html).toContain('View and pay medical bill');
    expect(html).not.toMatch(/invoice/i);
    const pdf = pdftotext(leaves(mail).find((p) => p.contentType === 'application/pdf')!.body);
    expect(pdf).toContain('MEDICAL BILL');
    expect(pdf).toMatch(/Medical Bill date/);
    expect(pdf).not.toMatch(/INVOICE|Invoice date/);

    // The PDF downloaded from the screen says the same.
    const download = await t.call({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, cookie });
    expect(download.statusCode).toBe(200);
    expect(pdftotext(download.rawPayload)).toContain('MEDICAL BILL');
  });

  it('an estimate e-mail and its PDF say Treatment Plan', async () => {
    const payload = { customerId, title: 'Braces', lineItems: [{ description: 'Consult', quantity: 1, rate: '50.00' }] };
    const est = (await t.call({ method: 'POST', url: '/api/estimates', cookie: org.manager, payload })).json();
    expect((await t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: org.manager })).statusCode).toBe(200);
    const mail = lastMail();
    expect(subjectOf(mail)).toContain(`Treatment Plan ${est.estimateNumber} from`);
    expect(part(mail, 'text/plain')).toContain(`Please find attached treatment plan ${est.estimateNumber}`);
    expect(expectOrganizationHtml(mail)).toContain(`Treatment Plan ${est.estimateNumber}`);
    const pdf = pdftotext(leaves(mail).find((p) => p.contentType === 'application/pdf')!.body);
    expect(pdf).toContain('TREATMENT PLAN');
    expect(pdf).not.toContain('ESTIMATE');
  });

  it('an appointment confirmation has the facts, escaped names and a button to reschedule or cancel', async () => {
    const day = nextWeekday('America/Los_Angeles', 3);
    const payload = { customerName: 'Dana <D>', customerEmail: 'dana@example.com', serviceId: org.serviceId, appointmentDate: `${day}T09:00` };
    const res = await t.call({ method: 'POST', url: '/api/appointments', cookie: org.manager, payload });
    expect(res.statusCode, res.body).toBe(201);
    const mail = lastMail();
    expect(subjectOf(mail)).toMatch(/^Appointment confirmed: Tune-up on /);
    const html = expectOrganizationHtml(mail);
    expect(html).toContain('Hello Dana &lt;D&gt;,');
    expect(html).not.toContain('Dana <D>');
    expect(html).toMatch(/When<\/td><td[^>]*>[^<]*9:00 AM/);
    expect(html).toContain('60 minutes');
    // The button is the customer's own reschedule-or-cancel link (docs/rules/scheduling.md#changing-by-link).
    expect(html).toMatch(/href="https:\/\/books\.example\.com\/appointment\/[A-Za-z0-9_-]{43}"/);
    expect(html).toContain('Reschedule or cancel');
    expect(leaves(mail).some((p) => p.contentType.startsWith('text/calendar'))).toBe(true);
    // Whoever holds the link may move or cancel the appointment: the stored copy keeps a mask in its place.
    const token = /\/appointment\/([A-Za-z0-9_-]{43})/.exec(html)![1];
    const stored = await lastStored();
    for (const field of [stored.text, stored.html]) {
      expect(field).toContain(SECRET_MASK);
      expect(field).not.toContain(token);
    }
  });

  it('a portal-link e-mail has a portal button, and the stored copy masks the link in both parts', async () => {
    const res = await t.call({ method: 'POST', url: `/api/customers/${customerId}/portal-link`, cookie: org.manager, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const mail = lastMail();
    const text = part(mail, 'text/plain')!;
    const link = /(https:\/\/books\.example\.com\/\S+)/.exec(text)![1];
    expect(text).toContain('see your medical bills and payment history');
    const html = expectOrganizationHtml(mail);
    expect(html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Open your customer portal');
    const stored = await lastStored();
    const token = link.slice(-20);
    for (const field of [stored.text, stored.html]) {
      expect(field).toContain(SECRET_MASK);
      expect(field).not.toContain(token);
    }
  });

  it('a message sent from Messaging comes from the organization, with its text escaped in the HTML part', async () => {
    const payload = { subject: 'Holiday hours', content: 'We close at <b>noon</b> & reopen Monday.\n\nSee you soon.', recipients: ['ann@example.com'], status: 'sent' };
    const res = await t.call({ method: 'POST', url: '/api/messages', cookie: org.manager, payload });
    expect(res.statusCode, res.body).toBe(201);
    const html = expectOrganizationHtml(lastMail());
    expect(html).toContain('We close at &lt;b&gt;noon&lt;/b&gt; &amp; reopen Monday.');
    expect(html).toContain('See you soon.');
  });

  it('an appointment reminder has an HTML part with the date and time', async () => {
    const other = await t.createOrganization({ name: 'Paws <Vet>', industry: 'Veterinary', email: 'front@paws.example' });
    await setUpReminders(t.database.db, other, { timeZone: 'America/Los_Angeles', settings: { defaultTiming: 24 } });
    const appt = await createAppointment(t.database.db, other, { appointmentDate: '2027-11-21T09:00:00', customerName: 'Zoë <Z>' });
    await scheduleReminders(t.database.db, appt.id);
    const deps = { db: t.database.db, mailer: t.deps.mailer, sms: createSmsSender({ db: t.database.db }), appUrl: 'https://books.example.com' };
    expect((await runDueReminders(deps, new Date('2027-11-20T17:00:00Z'))).failed).toBe(0);
    const mail = lastMailTo('zoe@example.com');
    expect(parseAddress(mail.headers.from).name).toBe('Paws <Vet>');
    const html = part(mail, 'text/html')!;
    expect(html).toContain('Paws &lt;Vet&gt;');
    expect(html).toContain('Zoë &lt;Z&gt;');
    expect(html).toMatch(/Date<\/td><td[^>]*>Nov 21, 2027</);
    expect(html).toMatch(/Time<\/td><td[^>]*>9:00 AM</);
    expect(html).toContain('href="mailto:front@paws.example"');
  });

  it("a sign-in code e-mail is the installation's own: a plain HTML part, the code masked when stored", async () => {
    const user = await t.createUser({ role: 'manager', organizationId: org.id, firstName: 'Lee <L>' });
    expect((await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } })).statusCode).toBe(200);
    const mail = lastMail();
    const code = /code is (\d{6})/.exec(part(mail, 'text/plain')!)![1];
    const html = part(mail, 'text/html')!;
    expect(html).toContain('Hello Lee &lt;L&gt;,');
    expect(html).toMatch(new RegExp(`Your code</td><td[^>]*>${code}<`));
    expect(html).not.toContain(ORG_HTML);
    const stored = await lastStored();
    expect(stored.html).toContain(SECRET_MASK);
    expect(stored.html).not.toContain(code);
  });
});
