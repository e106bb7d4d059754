// Review requests (docs/rules/messaging.md#review-requests): settings with an https link, a request when a job becomes
// completed (once per job, however often it is completed), sent by the job once it falls due, by text or e-mail as the
// organization chose and the customer can be reached, exactly once even with several app instances running the job.
// The parallel case runs with real parallel connections on PostgreSQL (DATABASE_URL) and one at a time on PGlite.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { ReviewRequestSettingsBody } from '../../../contracts/review-requests';
import { createMailer } from '../../adapters/mail/mailer';
import { createSmsSender } from '../../adapters/sms/sms-sender';
import { openDatabase, type Database, type Db } from '../../db/client';
import { outbox, reviewRequests, smsOptOuts } from '../../db/schema/index';
import { runReviewRequests } from '../../jobs/review-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';
import { INTERRUPTED } from './send-review-requests';

const LINK = 'https://g.page/r/alder-heating/review';
const SIGNATURE = { width: 300, height: 120, strokes: [[[10, 60], [80, 20], [150, 90], [280, 40]]] };

let t: TestApp;
let db: Db;
let a: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t?.close();
});
// The job works across organizations: each test starts with no requests, an empty outbox and its own organization.
beforeEach(async () => {
  await db.delete(reviewRequests);
  await db.delete(outbox);
  a = await orgKit(t, { name: 'Alder Heating', email: 'office@alder.example' });
});

const transports = (database: Db) => ({ db: database, mailer: createMailer({ db: database, from: 'Tradebook <no-reply@tradebook.test>' }), sms: createSmsSender({ db: database }), appUrl: 'https://tradebook.test' });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

const settings = (over: Partial<ReviewRequestSettingsBody> = {}): ReviewRequestSettingsBody => ({ enabled: true, link: LINK, delayMinutes: 60, channel: 'sms_then_email', message: null, ...over });
async function save(body: ReviewRequestSettingsBody, kit = a) {
  const res = await t.call({ method: 'PUT', url: '/api/review-requests/settings', cookie: kit.admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let phones = 0;
async function customer(values: { phone?: string | null; email?: string | null; name?: string } = {}) {
  const digits = `557${String(2_000_000 + ++phones * 41).padStart(7, '0')}`;
  const c = await createCustomer(t, a.org.id, { name: values.name ?? 'Jamie Review', phone: values.phone === undefined ? digits : values.phone, email: values.email === undefined ? 'jamie@example.com' : values.email });
  return { ...c, e164: c.phone ? `+1${c.phone}` : null };
}

async function job(customerId: number, status?: string): Promise<number> {
  const res = await t.call({ method: 'POST', url: '/api/work-orders', cookie: a.admin, payload: { customerId, title: 'Boiler service', ...(status ? { status } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const setStatus = async (id: number, status: string) => {
  const res = await t.call({ method: 'PUT', url: `/api/work-orders/${id}`, cookie: a.admin, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
};
const requestsOf = (ids: number[]) => db.select().from(reviewRequests).where(inArray(reviewRequests.workOrderId, ids));

describe('settings', () => {
  it('are off with our words until saved; only the organization admin saves them; an enabled request needs an https link', async () => {
    const defaults = await t.call({ url: '/api/review-requests/settings', cookie: a.admin });
    expect(defaults.json()).toMatchObject({ enabled: false, link: null, delayMinutes: 60, channel: 'sms_then_email', message: null, variables: ['customerName', 'organizationName', 'reviewLink'] });
    expect(defaults.json().defaultMessage).toContain('{reviewLink}');
    expect((await t.call({ url: '/api/review-requests/settings', cookie: a.manager })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: '/api/review-requests/settings', cookie: a.manager, payload: settings() })).statusCode).toBe(403);

    const put = (payload: object) => t.call({ method: 'PUT', url: '/api/review-requests/settings', cookie: a.admin, payload });
    const noLink = await put(settings({ link: null }));
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().issues).toEqual([{ path: 'link', message: "Enter your review page's address to turn review requests on" }]);
    for (const link of ['http://g.page/r/x', 'g.page/r/x', 'javascript:alert(1)', 'mailto:a@b.c']) {
      const res = await put(settings({ link }));
      expect(res.statusCode, link).toBe(400);
      expect(res.json().issues, link).toEqual([{ path: 'link', message: 'The review link must be an https:// address' }]);
    }
    expect((await put(settings({ delayMinutes: 10_081 }))).json().issues[0].path).toBe('delayMinutes');
    expect((await put(settings({ message: 'x'.repeat(481) }))).json().issues[0].path).toBe('message');
    // Off, a link may be left out.
    expect((await put(settings({ enabled: false, link: '' }))).json()).toMatchObject({ enabled: false, link: null });
    const saved = await save(settings({ message: '  Thanks {customerName}! {reviewLink}  ', delayMinutes: 0 }));
    expect(saved).toMatchObject({ enabled: true, link: LINK, delayMinutes: 0, message: 'Thanks {customerName}! {reviewLink}' });
    expect((await t.call({ url: '/api/review-requests/settings', cookie: a.admin })).json()).toMatchObject(saved);
  });
});

describe('asking for a review', () => {
  it('asks nothing while review requests are off', async () => {
    const c = await customer();
    const id = await job(c.id);
    await setStatus(id, 'completed');
    expect(await requestsOf([id])).toEqual([]);
  });

  it('asks once per job: after the wait, by text, with the link; completing it again asks no more', async () => {
    await save(settings());
    const c = await customer({ name: 'Jamie Review' });
    const id = await job(c.id);
    await setStatus(id, 'completed');
    const [queued] = await requestsOf([id]);
    expect(queued.status).toBe('pending');
    expect(Math.abs(queued.dueAt.getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);

    // Not before its time.
    expect(await runReviewRequests(transports(db), inMinutes(30))).toMatchObject({ claimed: 0 });
    // Reopened and completed again within the wait: still the one request.
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    expect(await requestsOf([id])).toHaveLength(1);

    expect(await runReviewRequests(transports(db), inMinutes(61))).toMatchObject({ claimed: 1, sent: 1 });
    const texts = await db.select().from(outbox).where(eq(outbox.to, c.e164!));
    expect(texts.map((m) => [m.channel, m.text])).toEqual([
      ['sms', `Thank you for choosing Alder Heating! Could you take a minute to tell others how we did? ${LINK} Reply STOP to opt out.`],
    ]);
    expect((await requestsOf([id]))[0]).toMatchObject({ status: 'sent', channel: 'sms', error: null });

    // Done and completed yet again later: never asked twice.
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    expect(await runReviewRequests(transports(db), inMinutes(200))).toMatchObject({ claimed: 0 });
    expect(await db.$count(outbox)).toBe(1);
  });

  it('is asked for a job completed by the customer sign-off, and for one created completed', async () => {
    await save(settings({ delayMinutes: 0 }));
    const c = await customer();
    const signed = await job(c.id);
    const res = await t.call({ method: 'POST', url: `/api/work-orders/${signed}/sign-off`, cookie: a.admin, payload: { signerName: 'Jamie Review', signature: SIGNATURE } });
    expect(res.statusCode, res.body).toBe(200);
    const created = await job(c.id, 'completed');
    expect((await requestsOf([signed, created])).map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('e-mails when the number answered STOP or there is none; skips, saying why, when the chosen way cannot reach them', async () => {
    await save(settings({ delayMinutes: 0, message: 'Hi {customerName}, how did {organizationName} do? {reviewLink}' }));
    const stopped = await customer({ name: 'Sam Stopped', email: 'sam@example.com' });
    await db.insert(smsOptOuts).values({ phone: stopped.e164!, keyword: 'STOP' });
    const noPhone = await customer({ name: 'Noor Nophone', phone: null, email: 'noor@example.com' });
    const nothing = await customer({ name: 'Nil Contact', phone: null, email: null });
    const ids = [await job(stopped.id), await job(noPhone.id), await job(nothing.id)];
    for (const id of ids) await setStatus(id, 'completed');
    expect(await runReviewRequests(transports(db), inMinutes(1))).toMatchObject({ claimed: 3, sent: 2, skipped: 1 });
    const mails = await db.select().from(outbox).where(eq(outbox.channel, 'email')).orderBy(outbox.to);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['noor@example.com', 'How did Alder Heating do?'],
      ['sam@example.com', 'How did Alder Heating do?'],
    ]);
    expect(mails[1].text).toBe(`Hello Sam Stopped,\n\nHi Sam Stopped, how did Alder Heating do? ${LINK}`);
    expect(mails[1].html).toContain('Leave a review');
    expect(await db.select().from(outbox).where(eq(outbox.channel, 'sms'))).toEqual([]);
    const byJob = new Map((await requestsOf(ids)).map((r) => [r.workOrderId, r]));
    expect(byJob.get(ids[0])).toMatchObject({ status: 'sent', channel: 'email' });
    expect(byJob.get(ids[2])).toMatchObject({ status: 'skipped', error: 'The customer has no mobile number SMS can reach and no e-mail address' });
    await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, stopped.e164!));

    // Text only: a customer without a mobile number is skipped, not e-mailed.
    await save(settings({ delayMinutes: 0, channel: 'sms' }));
    const textOnly = await job(noPhone.id);
    await setStatus(textOnly, 'completed');
    expect(await runReviewRequests(transports(db), inMinutes(1))).toMatchObject({ skipped: 1 });
    expect((await requestsOf([textOnly]))[0]).toMatchObject({ status: 'skipped', error: 'The customer has no mobile number SMS can reach' });
  });

  it('withdraws a request whose job was reopened before it went out, and asks anew when it is completed again; skips once turned off', async () => {
    await save(settings({ delayMinutes: 30 }));
    const c = await customer();
    const id = await job(c.id);
    await setStatus(id, 'completed');
    await setStatus(id, 'in_progress');
    expect(await runReviewRequests(transports(db), inMinutes(31))).toMatchObject({ claimed: 1, withdrawn: 1, sent: 0 });
    expect(await requestsOf([id])).toEqual([]);
    await setStatus(id, 'completed');
    expect(await requestsOf([id])).toHaveLength(1);
    await save(settings({ enabled: false, delayMinutes: 30 }));
    expect(await runReviewRequests(transports(db), inMinutes(31))).toMatchObject({ skipped: 1 });
    expect((await requestsOf([id]))[0]).toMatchObject({ status: 'skipped', error: 'Review requests were turned off' });
    expect(await db.$count(outbox)).toBe(0);
  });

  it('fails, never sends again, a request a stopped worker had claimed', async () => {
    await save(settings({ delayMinutes: 0 }));
    const c = await customer();
    const id = await job(c.id);
    await setStatus(id, 'completed');
    // What a worker that died mid-send leaves: the claim's mark, its lease over.
    await db.update(reviewRequests).set({ error: INTERRUPTED, dueAt: new Date(Date.now() - 60_000) }).where(eq(reviewRequests.workOrderId, id));
    expect(await runReviewRequests(transports(db), inMinutes(1))).toMatchObject({ claimed: 1, failed: 1, sent: 0 });
    expect((await requestsOf([id]))[0]).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(await db.$count(outbox)).toBe(0);
  });
});

describe('several app instances at once', () => {
  it('send each request exactly once', async () => {
    await save(settings({ delayMinutes: 0 }));
    const ids: number[] = [];
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await customer({ name: `Parallel ${i}` });
      numbers.push(c.e164!);
      const id = await job(c.id);
      // Completed twice over: still one request each.
      const [, signedOff] = await Promise.all([
        setStatus(id, 'completed'),
        t.call({ method: 'POST', url: `/api/work-orders/${id}/sign-off`, cookie: a.admin, payload: { signerName: `Parallel ${i}`, signature: SIGNATURE } }),
      ]);
      expect(signedOff.statusCode, signedOff.body).toBe(200);
      ids.push(id);
    }
    expect(await requestsOf(ids)).toHaveLength(12);
    // On PostgreSQL each instance has its own connection pool, like another app server.
    const seconds: Database[] = [];
    const pgAdminUrl = inject('pgAdminUrl');
    if (t.database.kind === 'postgres' && pgAdminUrl) {
      const [{ name }] = (await t.database.query('select current_database() as name')).rows as { name: string }[];
      const url = new URL(pgAdminUrl);
      url.pathname = `/${name}`;
      for (let i = 0; i < 3; i++) seconds.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 3 }));
    }
    try {
      const dbs = seconds.length > 0 ? [db, ...seconds.map((s) => s.db)] : [db, db, db, db];
      const runs = await Promise.all(dbs.map((d) => runReviewRequests(transports(d), inMinutes(1))));
      expect(runs.reduce((s, r) => s + r.sent, 0)).toBe(12);
      const texts = await db.select({ to: outbox.to }).from(outbox).where(and(eq(outbox.channel, 'sms'), inArray(outbox.to, numbers)));
      expect(texts.map((m) => m.to).sort()).toEqual([...numbers].sort());
      expect((await requestsOf(ids)).every((r) => r.status === 'sent')).toBe(true);
    } finally {
      for (const s of seconds) await s.close();
    }
  });
});
