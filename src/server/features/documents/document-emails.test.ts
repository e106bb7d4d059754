// What the customer receives when an invoice or estimate is e-mailed through SMTP: the organization as the
// sender's name, Reply-To to the business, an HTML part beside the text, and a PDF that never says Draft
// (docs/features.md, Documents and e-mails).
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../adapters/outbox/mask-secrets';
import { estimates, invoices, messages, outbox } from '../../db/schema/index';
import { leaves, parseAddress, parseMime, type MimePart } from '../../test/mime';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { RequestContext } from '../../platform/context';
import { sendRecordedEmail } from '../messaging/send-recorded-email';
import { createCustomer } from './documents.test-kit';

const ORG_NAME = `O'Brien "Best", Plumbing & Heating <HQ>`;
let sink: SmtpSink;
let t: TestApp;
let org: { id: number };
let cookie: string;
let customerId: number;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Tradebook <no-reply@tradebook.test>', APP_URL: 'https://books.example.com' });
  // The general vocabulary (no industry): the Default labels, Invoice and Estimate (docs/rules/platform.md#industry-vocabulary).
  org = await t.createOrganization({ name: ORG_NAME, email: 'billing@obrien.example', logo: '/uploads/42/logo.png', industry: null });
  cookie = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: org.id })).id);
  customerId = (await createCustomer(t, org.id, { name: 'Pat <Customer>', email: 'pat@example.com' })).id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const lastMail = () => parseMime(sink.received.at(-1)!.raw);
const partOf = (mail: MimePart, type: string) => leaves(mail).find((p) => p.contentType === type);
const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

describe('document e-mails', () => {
  it('an invoice goes out from the organization, replies reach it, with an HTML part and a PDF that says Sent', async () => {
    const line = { description: '<b>Pipe</b> & fitting', quantity: 2, rate: '40.00' };
    const inv = (await t.call({ method: 'POST', url: '/api/invoices', cookie, payload: { customerId, lineItems: [line] } })).json();
    expect(inv.status).toBe('draft');
    const res = await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie });
    expect(res.statusCode).toBe(200);

    const mail = lastMail();
    // MAIL_FROM's address under the organization's name, quoted so the comma and brackets stay in the name.
    expect(parseAddress(mail.headers.from)).toEqual({ name: ORG_NAME, address: 'no-reply@tradebook.test' });
    expect(parseAddress(mail.headers['reply-to']).address).toBe('billing@obrien.example');

    const text = partOf(mail, 'text/plain')!.body.toString('utf8');
    const html = partOf(mail, 'text/html')!.body.toString('utf8');
    const portalUrl = /View and pay this invoice online: (\S+)/.exec(text)![1];
    expect(html).toContain('O&#39;Brien &quot;Best&quot;, Plumbing &amp; Heating &lt;HQ&gt;');
    expect(html).toContain('&lt;b&gt;Pipe&lt;/b&gt; &amp; fitting');
    expect(html).not.toContain('<b>Pipe</b>');
    expect(html).toContain('Hello Pat &lt;Customer&gt;,');
    expect(html).toContain('$80.00');
    expect(html).toMatch(/Balance due<\/td><td[^>]*>\$80\.00</);
    expect(html).toContain(`href="${portalUrl.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('View and pay invoice');
    // The only image is the organization's logo from this installation; no remote styles or scripts.
    expect([...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://books.example.com/uploads/42/logo.png']);
    expect(html).not.toMatch(/<script|<link|<style/i);

    const pdf = partOf(mail, 'application/pdf')!.body;
    const pdfText = pdftotext(pdf);
    expect(pdfText).toContain(inv.invoiceNumber);
    expect(pdfText).toMatch(/Status\s+Sent/);
    expect(pdfText).not.toContain('Draft');
    const [row] = await t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row.status).toBe('sent');

    // The stored copy of an SMTP delivery keeps no portal link, in the text or the HTML.
    const token = portalUrl.slice(-20);
    const [stored] = await t.database.db.select().from(outbox).where(eq(outbox.organizationId, org.id)).orderBy(outbox.id);
    expect(stored.html).toContain(SECRET_MASK);
    expect(stored.html).not.toContain(token);
    expect(stored.text).not.toContain(token);
  });

  it('an estimate e-mailed as a draft is sent, and its PDF says so', async () => {
    const payload = { customerId, title: 'Boiler', lineItems: [{ description: 'Boiler swap', quantity: 1, rate: '1200.00' }] };
    const est = (await t.call({ method: 'POST', url: '/api/estimates', cookie, payload })).json();
    expect(est.status).toBe('draft');
    expect((await t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie })).statusCode).toBe(200);

    const mail = lastMail();
    expect(parseAddress(mail.headers.from)).toEqual({ name: ORG_NAME, address: 'no-reply@tradebook.test' });
    expect(parseAddress(mail.headers['reply-to']).address).toBe('billing@obrien.example');
    const html = partOf(mail, 'text/html')!.body.toString('utf8');
    expect(html).toContain(`Estimate ${est.estimateNumber}`);
    expect(html).toMatch(/Total<\/td><td[^>]*>\$1,200\.00</);
    expect(html).toContain('href="mailto:billing@obrien.example"');
    const pdfText = pdftotext(partOf(mail, 'application/pdf')!.body);
    expect(pdfText).toMatch(/Status\s+Sent/);
    expect(pdfText).not.toContain('Draft');
    const [row] = await t.database.db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, est.id));
    expect(row.status).toBe('sent');

    // An approved estimate e-mailed again stays approved.
    await t.database.db.update(estimates).set({ status: 'approved' }).where(eq(estimates.id, est.id));
    expect((await t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie })).statusCode).toBe(200);
    expect(pdftotext(partOf(lastMail(), 'application/pdf')!.body)).toMatch(/Status\s+Approved/);
    const [again] = await t.database.db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, est.id));
    expect(again.status).toBe('approved');
  });

  it('every recorded customer e-mail comes from the organization by name, even when its sender names none', async () => {
    const user = await t.createUser({ role: 'manager', organizationId: org.id });
    const ctx = { user: { id: user.id } } as unknown as RequestContext;
    const mail = { organizationId: org.id, to: 'pat@example.com', subject: 'Overdue', text: 'Please pay', replyTo: 'billing@obrien.example' };
    expect((await sendRecordedEmail({ db: t.database.db, mailer: t.deps.mailer }, ctx, mail)).status).toBe('sent');
    const sent = lastMail();
    expect(parseAddress(sent.headers.from)).toEqual({ name: ORG_NAME, address: 'no-reply@tradebook.test' });
    expect(parseAddress(sent.headers['reply-to']).address).toBe('billing@obrien.example');
  });

  it('a delivery the mail server refuses leaves the invoice and the estimate drafts', async () => {
    const refusing = await startSmtpSink({ rejectData: { responseCode: 550, message: 'Mailbox unavailable' } });
    const app = await createTestApp({ SMTP_URL: refusing.url });
    try {
      const o = await app.createOrganization({ name: 'Refused Co' });
      const c = await app.cookieFor((await app.createUser({ role: 'manager', organizationId: o.id })).id);
      const cust = (await createCustomer(app, o.id)).id;
      const inv = (await app.call({ method: 'POST', url: '/api/invoices', cookie: c, payload: { customerId: cust } })).json();
      const est = (await app.call({ method: 'POST', url: '/api/estimates', cookie: c, payload: { customerId: cust, title: 'X' } })).json();
      expect((await app.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie: c })).statusCode).toBeGreaterThanOrEqual(500);
      expect((await app.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: c })).statusCode).toBeGreaterThanOrEqual(500);
      const [i] = await app.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, inv.id));
      const [e] = await app.database.db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, est.id));
      expect([i.status, e.status]).toEqual(['draft', 'draft']);
      // Messaging shows both attempts as drafts to send again.
      const msgs = await app.database.db.select({ status: messages.status }).from(messages).where(eq(messages.organizationId, o.id));
      expect(msgs.map((m) => m.status)).toEqual(['draft', 'draft']);
    } finally {
      await app.close();
      await refusing.close();
    }
  });
});
