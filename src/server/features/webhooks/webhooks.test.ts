// Outbound webhooks through the API (docs/rules/public-api.md#webhooks): endpoints and their rules, secrets, test events,
// the deliveries list and Replay; and every event type emitted by its real paths, carrying the record as its GET answers
// it. Sending is delivery.test.ts's.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint } from '../../../contracts/webhooks';
import { appointments, auditLog, staffProfiles, WEBHOOK_EVENT_TYPES, webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { releaseLapsedHolds } from '../../jobs/release-lapsed-holds';
import { addDays, todayIn } from '../../platform/wall-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { bookingOrg, nextWeekday, watchMail, type BookingOrg } from '../scheduling/scheduling.test-kit';
import { checkEndpointUrl, isPrivateAddress } from './webhook-url';
import { createEndpoint } from './webhooks.test-kit';

const TZ = 'America/Los_Angeles';
const HOOK = 'https://hooks.example.com/tradebook';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const SIGNATURE = { width: 300, height: 120, strokes: [[[10, 60], [80, 20], [150, 90], [280, 40]]] };

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call({ method, url, cookie, ...(payload ? { payload } : {}) });
const ok = async <T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
};

/** Events written for the organization after `after`: [type, record key, body data]. */
async function eventsAfter(organizationId: number, after: number) {
  const rows = await t.database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, organizationId), gt(webhookEvents.id, after)))
    .orderBy(asc(webhookEvents.id));
  return rows.map((r) => ({ id: r.id, type: r.type, key: `${r.recordType}:${r.recordId}`, data: r.payload as { object: Record<string, unknown>; refund?: Record<string, unknown> } }));
}
async function lastEventId(organizationId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`coalesce(max(${webhookEvents.id}), 0)::int` }).from(webhookEvents).where(eq(webhookEvents.organizationId, organizationId));
  return Number(row.n);
}
/** What the call makes, as [type, record key]. */
async function emitted(organizationId: number, act: () => Promise<unknown>) {
  const before = await lastEventId(organizationId);
  await act();
  return eventsAfter(organizationId, before);
}
const pairs = (events: { type: string; key: string }[]) => events.map((e) => [e.type, e.key]);

describe('endpoints', () => {
  it('keeps the contract’s event list and the schema’s the same', () => {
    expect([...WEBHOOK_EVENTS]).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('an admin adds one: the secret only in that answer, the URL and events checked with their words, audited', async () => {
    const refused = async (payload: object, path: string, message: string) => {
      const res = await call(a.admin, 'POST', '/api/webhook-endpoints', { url: HOOK, events: ['customer.created'], ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path, message })]);
    };
    await refused({ url: 'ftp://hooks.example.com/x' }, 'url', 'Enter a full URL starting with https://');
    await refused({ url: 'hooks.example.com' }, 'url', 'Enter a full URL starting with https://');
    await refused({ url: 'https://user:pass@hooks.example.com/x' }, 'url', 'A webhook URL cannot carry a user name or password');
    await refused({ url: `https://hooks.example.com/${'x'.repeat(2048)}` }, 'url', 'URL must be at most 2,048 characters');
    await refused({ url: 'http://localhost:8080/hook' }, 'url', 'This URL points at a private or local address, which webhooks do not call');
    await refused({ url: 'http://10.1.2.3/hook' }, 'url', 'This URL points at a private or local address, which webhooks do not call');
    await refused({ url: 'http://[::1]:3000/hook' }, 'url', 'This URL points at a private or local address, which webhooks do not call');
    await refused({ url: 'http://169.254.169.254/latest/meta-data' }, 'url', 'This URL points at a private or local address, which webhooks do not call');
    await refused({ events: [] }, 'events', 'Choose at least one event');
    await refused({ events: ['customer.created', 'customer.created'] }, 'events', 'An event is listed twice');
    await refused({ events: ['customer.deleted'] }, 'events.0', `Event must be one of ${WEBHOOK_EVENTS.join(', ')}`);

    const made = await ok<WebhookEndpoint & { secret: string }>(call(a.admin, 'POST', '/api/webhook-endpoints', { url: HOOK, description: ' Zapier ', events: ['invoice.paid', 'customer.created'] }), 201);
    expect(made).toMatchObject({ organizationId: a.org.id, url: HOOK, description: 'Zapier', events: ['invoice.paid', 'customer.created'], isActive: true, lastDelivery: null, pendingCount: 0 });
    expect(made.secret).toMatch(/^whsec_/);
    const listed = await ok<WebhookEndpoint[]>(call(a.admin, 'GET', '/api/webhook-endpoints'));
    expect(listed.map((e) => e.id)).toContain(made.id);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect(JSON.stringify(await ok(call(a.admin, 'GET', `/api/webhook-endpoints/${made.id}`)))).not.toContain(made.secret);
    // Stored sealed, not as the secret itself.
    const [stored] = await t.database.db.execute(sql`select secret from webhook_endpoints where id = ${made.id}`).then((r) => (r as unknown as { rows: { secret: string }[] }).rows);
    expect(stored.secret).toMatch(/^tbsec:v1:/);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.entityId, made.id)));
    expect(audit.map((r) => r.action)).toEqual(['webhook_endpoint.create']);
  });

  it('is for those who manage the organization only', async () => {
    for (const cookie of [a.manager, a.employee, a.customerUser]) {
      expect((await call(cookie, 'GET', '/api/webhook-endpoints')).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/webhook-endpoints', { url: HOOK, events: ['customer.created'] })).statusCode).toBe(403);
    }
  });

  it('changes, turns off and on, and deletes with its deliveries', async () => {
    const made = await createEndpoint(t, a.admin, HOOK, ['customer.created']);
    const changed = await ok<WebhookEndpoint>(call(a.admin, 'PUT', `/api/webhook-endpoints/${made.id}`, { url: `${HOOK}/v2`, events: ['work_order.completed'], description: null, isActive: false }));
    expect(changed).toMatchObject({ url: `${HOOK}/v2`, events: ['work_order.completed'], description: null, isActive: false });
    expect((await call(a.admin, 'PUT', `/api/webhook-endpoints/${made.id}`, { url: 'http://127.0.0.1/x' })).statusCode).toBe(400);
    await ok(call(a.admin, 'PUT', `/api/webhook-endpoints/${made.id}`, { isActive: true }));
    await ok(call(a.admin, 'POST', `/api/webhook-endpoints/${made.id}/test`, { type: 'work_order.completed' }), 201);
    expect((await call(a.admin, 'DELETE', `/api/webhook-endpoints/${made.id}`)).statusCode).toBe(204);
    expect((await call(a.admin, 'GET', `/api/webhook-endpoints/${made.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.id))).toEqual([]);
  });

  it('keeps at most 16 per organization', async () => {
    const org = await orgKit(t);
    for (let i = 0; i < 16; i++) await createEndpoint(t, org.admin, `${HOOK}/${i}`, ['customer.created']);
    const res = await call(org.admin, 'POST', '/api/webhook-endpoints', { url: HOOK, events: ['customer.created'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An organization has at most 16 webhook endpoints: delete one you no longer use');
  });

  it('reveals the secret to an admin and rolls it, both audited', async () => {
    const made = await createEndpoint(t, a.admin, HOOK, ['customer.created']);
    expect(await ok(call(a.admin, 'GET', `/api/webhook-endpoints/${made.id}/secret`))).toEqual({ secret: made.secret });
    const rolled = await ok<{ secret: string }>(call(a.admin, 'POST', `/api/webhook-endpoints/${made.id}/secret/roll`, {}));
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(made.secret);
    expect(await ok(call(a.admin, 'GET', `/api/webhook-endpoints/${made.id}/secret`))).toEqual(rolled);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.entityId, made.id))).orderBy(asc(auditLog.id));
    expect(audit.map((r) => r.action)).toEqual(['webhook_endpoint.create', 'webhook_endpoint.secret_revealed', 'webhook_endpoint.secret_rolled', 'webhook_endpoint.secret_revealed']);
  });

  it('wants https in production and public addresses, unless WEBHOOK_ALLOW_PRIVATE_URLS says otherwise', () => {
    const production = { isProduction: true, WEBHOOK_ALLOW_PRIVATE_URLS: false };
    expect(() => checkEndpointUrl(production, 'http://hooks.example.com/x')).toThrow('Use an https:// URL');
    expect(() => checkEndpointUrl(production, 'https://hooks.example.com/x')).not.toThrow();
    expect(() => checkEndpointUrl({ ...production, WEBHOOK_ALLOW_PRIVATE_URLS: true }, 'http://127.0.0.1:9000/x')).not.toThrow();
    expect(() => checkEndpointUrl({ isProduction: false, WEBHOOK_ALLOW_PRIVATE_URLS: false }, 'http://hooks.example.com/x')).not.toThrow();
    for (const address of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '224.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('test events, deliveries and Replay', () => {
  it('sends a sample of the chosen type to that endpoint only, lists it, and replays it as a new delivery', async () => {
    const endpoint = await createEndpoint(t, a.admin, HOOK, ['customer.created']);
    const other = await createEndpoint(t, a.admin, `${HOOK}/other`, ['invoice.paid']);
    const test = await ok<WebhookDelivery>(call(a.admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, { type: 'invoice.paid' }), 201);
    expect(test).toMatchObject({ endpointId: endpoint.id, eventType: 'invoice.paid', test: true, status: 'pending', attempts: 0, recordKey: `test:${endpoint.id}`, replayOf: null, responseStatus: null });
    expect(test.payload).toMatchObject({ id: test.eventId, type: 'invoice.paid', organization_id: a.org.id, test: true, data: { object: { id: 0, organizationId: a.org.id, status: 'paid', balanceDue: '0.00' } } });
    expect(await ok<WebhookDelivery[]>(call(a.admin, 'GET', `/api/webhook-endpoints/${other.id}/deliveries`))).toEqual([]);

    const replayed = await ok<WebhookDelivery>(call(a.admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.id}/replay`, {}), 201);
    expect(replayed).toMatchObject({ eventId: test.eventId, replayOf: test.id, status: 'pending', recordKey: test.recordKey, payload: test.payload });
    const list = await call(a.admin, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?limit=1`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((d: WebhookDelivery) => d.id)).toEqual([replayed.id]);
    expect((await ok<WebhookDelivery[]>(call(a.admin, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?status=succeeded`))).length).toBe(0);
    expect((await call(a.admin, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?status=sent`)).statusCode).toBe(400);
    const listed = await ok<WebhookEndpoint>(call(a.admin, 'GET', `/api/webhook-endpoints/${endpoint.id}`));
    expect(listed.pendingCount).toBe(2);

    // Another endpoint's delivery is not this one's; a turned-off endpoint sends nothing by hand either.
    expect((await call(a.admin, 'POST', `/api/webhook-endpoints/${other.id}/deliveries/${test.id}/replay`, {})).statusCode).toBe(404);
    await ok(call(a.admin, 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { isActive: false }));
    for (const res of [
      await call(a.admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, { type: 'customer.created' }),
      await call(a.admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.id}/replay`, {}),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This endpoint is turned off: turn it on to send to it');
    }
  });

  it('has a sample for every event type, in its record’s shape', async () => {
    const endpoint = await createEndpoint(t, a.admin, HOOK, ['customer.created']);
    for (const type of WEBHOOK_EVENTS) {
      const d = await ok<WebhookDelivery>(call(a.admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, { type }), 201);
      const data = (d.payload as { data: { object: { id: number; organizationId: number } } }).data;
      expect(data.object).toMatchObject({ id: 0, organizationId: a.org.id });
    }
  });
});

describe('events from the paths that make them', () => {
  /** An organization with online booking, a manager who is its one performer, an admin and an endpoint hearing everything. */
  let o: BookingOrg & { admin: string };
  let mail: ReturnType<typeof watchMail>;
  beforeAll(async () => {
    o = { ...(await bookingOrg(t)), admin: '' };
    const admin = await t.createUser({ role: 'org_admin', organizationId: o.id });
    await t.database.db.insert(staffProfiles).values({ organizationId: o.id, userId: admin.id, bookable: false });
    o.admin = await t.cookieFor(admin.id);
    await createEndpoint(t, o.admin, HOOK, [...WEBHOOK_EVENTS]);
    mail = watchMail(t);
  });
  afterAll(() => mail?.stop());

  let n = 0;
  const customer = async () => ok<{ id: number; email: string }>(call(o.admin, 'POST', '/api/customers', { name: `Pat ${++n}`, email: `pat${n}-${randomUUID().slice(0, 6)}@example.com` }), 201);
  const invoice = (payload: object = {}) =>
    ok<{ id: number; status: string }>(call(o.admin, 'POST', '/api/invoices', { lineItems: [{ description: 'Service call', quantity: 1, rate: '100.00' }], ...payload }), 201);

  it('customer.created: staff add one, and an online booking by someone new (not by someone known)', async () => {
    let made: { id: number } = { id: 0 };
    const byStaff = await emitted(o.id, async () => (made = await customer()));
    expect(pairs(byStaff)).toEqual([['customer.created', `customer:${made.id}`]]);
    expect(byStaff[0].data).toEqual({ object: await ok(call(o.admin, 'GET', `/api/customers/${made.id}`)) });

    const day = nextWeekday(TZ, 3);
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    let booked: { id: number } = { id: 0 };
    const online = await emitted(o.id, async () => {
      booked = await ok(t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${o.slug}/book`, payload: { customerName: 'Nia New', customerEmail: email, serviceId: o.serviceId, appointmentDate: `${day}T09:00:00` } }), 201);
    });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(pairs(online)).toEqual([
      ['customer.created', `customer:${row.customerId}`],
      ['appointment.booked', `appointment:${booked.id}`],
    ]);
    expect(online[1].data.object).toEqual(await ok(call(o.admin, 'GET', `/api/appointments/${booked.id}`)));
    const again = await emitted(o.id, () =>
      ok(t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${o.slug}/book`, payload: { customerName: 'Nia New', customerEmail: email, serviceId: o.serviceId, appointmentDate: `${day}T11:00:00` } }), 201),
    );
    expect(pairs(again).map(([type]) => type)).toEqual(['appointment.booked']);
  });

  it('estimate.approved: marked approved by staff, or approved by the customer on the quote page (no drawn signature in it)', async () => {
    const c = await customer();
    const estimate = () => ok<{ id: number }>(call(o.admin, 'POST', '/api/estimates', { customerId: c.id, title: 'New boiler', lineItems: [{ description: 'Boiler', quantity: 1, rate: '900.00' }] }), 201);
    const one = await estimate();
    const marked = await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/estimates/${one.id}`, { status: 'approved' })));
    expect(pairs(marked)).toEqual([['estimate.approved', `estimate:${one.id}`]]);
    expect(marked[0].data.object).toEqual(await ok(call(o.admin, 'GET', `/api/estimates/${one.id}`)));
    expect(await emitted(o.id, () => call(o.admin, 'PUT', `/api/estimates/${one.id}`, { status: 'approved' }))).toEqual([]);

    const two = await estimate();
    const sent = await ok<{ approvalUrl: string }>(call(o.admin, 'POST', `/api/estimates/${two.id}/send-for-approval`, { email: true }));
    const token = sent.approvalUrl.split('/quote/')[1];
    const page = await ok<{ revision: string }>(t.call({ method: 'POST', url: `/api/public/quotes/${token}/open` }));
    const approved = await emitted(o.id, () => ok(t.call({ method: 'POST', url: `/api/public/quotes/${token}/approve`, payload: { signerName: 'Pat Customer', signature: SIGNATURE, selectedOptionalIds: [], revision: page.revision } })));
    expect(pairs(approved)).toEqual([['estimate.approved', `estimate:${two.id}`]]);
    const object = approved[0].data.object as { status: string; responses: { kind: string; signerName: string; signature: unknown }[] };
    expect(object.status).toBe('approved');
    expect(object.responses[0]).toMatchObject({ kind: 'approved', signerName: 'Pat Customer', signature: null });
  });

  it('invoice.sent: once, when it leaves draft (e-mailed, marked sent or written sent); a draft or a second e-mail makes none', async () => {
    const c = await customer();
    let draft = { id: 0 };
    expect(await emitted(o.id, async () => (draft = await invoice({ customerId: c.id })))).toEqual([]);
    const mailed = await emitted(o.id, () => ok(call(o.admin, 'POST', `/api/invoices/${draft.id}/email`)));
    expect(pairs(mailed)).toEqual([['invoice.sent', `invoice:${draft.id}`]]);
    expect(mailed[0].data.object).toEqual(await ok(call(o.admin, 'GET', `/api/invoices/${draft.id}`)));
    expect((mailed[0].data.object as { status: string }).status).toBe('sent');
    expect(await emitted(o.id, () => ok(call(o.admin, 'POST', `/api/invoices/${draft.id}/email`)))).toEqual([]);

    const other = await invoice({ customerId: c.id });
    expect(pairs(await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/invoices/${other.id}`, { status: 'sent' }))))).toEqual([['invoice.sent', `invoice:${other.id}`]]);
    let written = { id: 0 };
    expect(pairs(await emitted(o.id, async () => (written = await invoice({ customerId: c.id, status: 'sent' }))))).toEqual([['invoice.sent', `invoice:${written.id}`]]);
  });

  it('invoice.paid: by the payment that covers it, marked or written paid, or a credit note closing it; a part payment makes none', async () => {
    const c = await customer();
    const inv = await invoice({ customerId: c.id, status: 'sent' });
    expect(await emitted(o.id, () => ok(call(o.admin, 'POST', '/api/payments', { invoiceId: inv.id, amount: '40.00', method: 'check' }), 201))).toEqual([]);
    const paid = await emitted(o.id, () => ok(call(o.admin, 'POST', '/api/payments', { invoiceId: inv.id, amount: '60.00', method: 'check' }), 201));
    expect(pairs(paid)).toEqual([['invoice.paid', `invoice:${inv.id}`]]);
    expect(paid[0].data.object).toMatchObject({ id: inv.id, status: 'paid', balanceDue: '0.00', amountPaid: '100.00' });

    const marked = await invoice({ customerId: c.id, status: 'sent' });
    expect(pairs(await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/invoices/${marked.id}`, { status: 'paid' }))))).toEqual([['invoice.paid', `invoice:${marked.id}`]]);
    let written = { id: 0 };
    expect(pairs(await emitted(o.id, async () => (written = await invoice({ customerId: c.id, status: 'paid' }))))).toEqual([['invoice.paid', `invoice:${written.id}`]]);

    const credited = await invoice({ customerId: c.id, status: 'sent' });
    await ok(call(o.admin, 'POST', '/api/payments', { invoiceId: credited.id, amount: '70.00', method: 'cash' }), 201);
    const closed = await emitted(o.id, () => ok(call(o.admin, 'POST', `/api/invoices/${credited.id}/credit-notes`, { reason: 'Goodwill', lineItems: [{ description: 'Credit', quantity: '1', rate: '30.00' }] }), 201));
    expect(pairs(closed)).toEqual([['invoice.paid', `invoice:${credited.id}`]]);
  });

  it('payment.refunded: the payment with what went back, and the refund itself', async () => {
    const c = await customer();
    const inv = await invoice({ customerId: c.id, status: 'sent' });
    const intent = await ok<{ clientSecret: string }>(call(o.admin, 'POST', '/api/create-payment-intent', { invoiceId: inv.id, amount: '100.00', paymentType: 'card' }));
    const { payment } = await ok<{ payment: { id: number } }>(t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: intent.clientSecret, card: CARD } }));
    let refund = { id: 0 };
    const refunded = await emitted(o.id, async () => {
      refund = await ok(call(o.admin, 'POST', `/api/payments/${payment.id}/refunds`, { amount: '25.00', reason: 'Scratched door', idempotencyKey: randomUUID() }), 201);
    });
    expect(pairs(refunded)).toEqual([['payment.refunded', `payment:${payment.id}`]]);
    expect(refunded[0].data.object).toMatchObject({ id: payment.id, amount: '100.00', amountRefunded: '25.00', status: 'completed' });
    expect(refunded[0].data.refund).toMatchObject({ id: refund.id, amount: '-25.00', refundOfPaymentId: payment.id, method: 'refund', status: 'completed' });
  });

  it('appointment.booked, .changed and .cancelled: by staff, the dispatch board, the customer’s link and My day; a held booking once confirmed', async () => {
    const c = await customer();
    const day = nextWeekday(TZ, 4);
    let visit = { id: 0 };
    const booked = await emitted(o.id, async () => {
      visit = await ok(call(o.admin, 'POST', '/api/appointments', { customerId: c.id, customerName: 'Pat', customerEmail: c.email, serviceId: o.serviceId, appointmentDate: `${day}T08:00`, assigneeIds: [o.managerId] }), 201);
    });
    expect(pairs(booked)).toEqual([['appointment.booked', `appointment:${visit.id}`]]);
    expect(booked[0].data.object).toEqual(await ok(call(o.admin, 'GET', `/api/appointments/${visit.id}`)));
    const moved = await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/appointments/${visit.id}`, { appointmentDate: day, appointmentTime: '09:00' })));
    expect(pairs(moved)).toEqual([['appointment.changed', `appointment:${visit.id}`]]);
    expect(moved[0].data.object).toMatchObject({ appointmentDate: `${day}T09:00:00` });
    // Saved again as it is: no change, so nothing to hear and nothing mailed (docs/rules/scheduling.md#appointments).
    const mailsTo = () => mail.sent.filter((m) => m.to === c.email).length;
    const mailsBefore = mailsTo();
    expect(mailsBefore).toBeGreaterThan(0);
    const same = await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/appointments/${visit.id}`, { appointmentDate: day, appointmentTime: '09:00', assigneeIds: [o.managerId], customerEmail: c.email })));
    expect(same).toEqual([]);
    expect(mailsTo()).toBe(mailsBefore);
    expect(pairs(await emitted(o.id, () => ok(call(o.manager, 'POST', `/api/my-day/${visit.id}/complete`, {}))))).toEqual([['appointment.changed', `appointment:${visit.id}`]]);
    const second = await ok<{ id: number }>(call(o.admin, 'POST', '/api/appointments', { customerId: c.id, customerName: 'Pat', customerEmail: c.email, serviceId: o.serviceId, appointmentDate: `${day}T13:00`, assigneeIds: [o.managerId] }), 201);
    expect(pairs(await emitted(o.id, () => ok(call(o.admin, 'DELETE', `/api/appointments/${second.id}`))))).toEqual([['appointment.cancelled', `appointment:${second.id}`]]);

    // The dispatch board schedules a job's visit through the same staff booking.
    const job = await ok<{ id: number }>(call(o.admin, 'POST', '/api/work-orders', { customerId: c.id, title: 'Tune-up' }), 201);
    const fromBoard = await emitted(o.id, () => ok(call(o.admin, 'POST', `/api/dispatch/jobs/${job.id}/schedule`, { date: addDays(day, 1), time: '10:00', assigneeIds: [o.managerId] }), 201));
    expect(fromBoard.map((e) => e.type)).toEqual(['appointment.booked']);

    // The customer's link: moved, then cancelled.
    const email = `link-${randomUUID().slice(0, 8)}@example.com`;
    const online = await ok<{ id: number }>(t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${o.slug}/book`, payload: { customerName: 'Lee Link', customerEmail: email, serviceId: o.serviceId, appointmentDate: `${addDays(day, 7)}T10:00:00` } }), 201);
    const [confirmation] = await mail.sentTo(email);
    const token = /Reschedule or cancel: (\S+)/.exec(confirmation.text ?? '')![1].split('/').pop()!;
    expect(pairs(await emitted(o.id, () => ok(t.call({ method: 'POST', url: `/api/public/appointments/${token}/reschedule`, payload: { appointmentDate: `${addDays(day, 7)}T14:00:00` } }))))).toEqual([
      ['appointment.changed', `appointment:${online.id}`],
    ]);
    expect(pairs(await emitted(o.id, () => ok(t.call({ method: 'POST', url: `/api/public/appointments/${token}/cancel` }))))).toEqual([['appointment.cancelled', `appointment:${online.id}`]]);
  });

  it('a held booking is booked once its deposit is paid; one let go is never reported', async () => {
    const held = await bookingOrg(t, { bookingHold: 'deposit', bookingDepositPercent: 25 });
    const admin = await t.createUser({ role: 'org_admin', organizationId: held.id });
    await t.database.db.insert(staffProfiles).values({ organizationId: held.id, userId: admin.id, bookable: false });
    await createEndpoint(t, await t.cookieFor(admin.id), HOOK, ['appointment.booked', 'appointment.cancelled']);
    const day = addDays(todayIn(TZ), 6);
    const book = (time: string) =>
      ok<{ id: number; hold: { holdToken: string } }>(
        t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${held.slug}/book`, payload: { customerName: 'Hana Holder', customerEmail: `hold-${randomUUID().slice(0, 8)}@example.com`, customerPhone: '555-123-4567', serviceId: held.serviceId, appointmentDate: `${day}T${time}:00` } }),
        201,
      );
    let paidFor = { id: 0, hold: { holdToken: '' } };
    expect(await emitted(held.id, async () => (paidFor = await book('09:00')))).toEqual([]);
    const intent = await ok<{ clientSecret: string }>(t.call({ method: 'POST', url: `/api/public/bookings/${paidFor.hold.holdToken}/deposit-intent` }));
    const confirmed = await emitted(held.id, () => ok(t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: intent.clientSecret, card: CARD } })));
    expect(pairs(confirmed)).toEqual([['appointment.booked', `appointment:${paidFor.id}`]]);

    const lapsing = await book('11:00');
    await t.database.db.update(appointments).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(appointments.id, lapsing.id));
    expect(await emitted(held.id, () => releaseLapsedHolds(t.database.db))).toEqual([]);
  });

  it('work_order.completed: marked completed (once), or completed by the customer’s sign-off', async () => {
    const c = await customer();
    const job = await ok<{ id: number }>(call(o.admin, 'POST', '/api/work-orders', { customerId: c.id, title: 'Drain cleaning', lineItems: [{ description: 'Drain', quantity: 1, rate: '120.00' }] }), 201);
    const done = await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/work-orders/${job.id}`, { status: 'completed' })));
    expect(pairs(done)).toEqual([['work_order.completed', `work_order:${job.id}`]]);
    expect(done[0].data.object).toEqual(await ok(call(o.admin, 'GET', `/api/work-orders/${job.id}`)));
    expect(await emitted(o.id, () => ok(call(o.admin, 'PUT', `/api/work-orders/${job.id}`, { status: 'completed' })))).toEqual([]);

    const signed = await ok<{ id: number }>(call(o.admin, 'POST', '/api/work-orders', { customerId: c.id, title: 'Leak repair' }), 201);
    const bySignOff = await emitted(o.id, () => ok(call(o.admin, 'POST', `/api/work-orders/${signed.id}/sign-off`, { signerName: 'Dana Reyes', signature: SIGNATURE })));
    expect(pairs(bySignOff)).toEqual([['work_order.completed', `work_order:${signed.id}`]]);
    // The drawn signature stays out of the body; who signed and when are in it.
    expect((bySignOff[0].data.object as { signOff: unknown }).signOff).toEqual({ signerName: 'Dana Reyes', signedAt: expect.any(String), takenByName: expect.any(String) });
  });

  it('writes nothing for an organization with no endpoint, nor for an event no endpoint hears', async () => {
    expect(await emitted(b.org.id, () => ok(call(b.admin, 'POST', '/api/customers', { name: 'Quiet Customer' }), 201))).toEqual([]);
    await createEndpoint(t, b.admin, HOOK, ['invoice.paid']);
    expect(await emitted(b.org.id, () => ok(call(b.admin, 'POST', '/api/customers', { name: 'Still Quiet' }), 201))).toEqual([]);
    // Organization A's endpoints hear nothing of B's.
    const before = await lastEventId(a.org.id);
    await ok(call(b.admin, 'POST', '/api/invoices', { customerId: b.customerId, status: 'paid', lineItems: [{ description: 'x', quantity: 1, rate: '5.00' }] }), 201);
    expect(await eventsAfter(a.org.id, before)).toEqual([]);
    const [event] = await eventsAfter(b.org.id, 0);
    const deliveries = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(deliveries.map((d) => d.organizationId)).toEqual([b.org.id]);
  });
});

describe('tenant isolation', () => {
  it('another organization’s endpoint, secret, deliveries and replays are not found', async () => {
    const mine = await createEndpoint(t, a.admin, HOOK, ['customer.created']);
    const test = await ok<WebhookDelivery>(call(a.admin, 'POST', `/api/webhook-endpoints/${mine.id}/test`, { type: 'customer.created' }), 201);
    for (const [method, url, payload] of [
      ['GET', `/api/webhook-endpoints/${mine.id}`],
      ['PUT', `/api/webhook-endpoints/${mine.id}`, { isActive: false }],
      ['GET', `/api/webhook-endpoints/${mine.id}/secret`],
      ['POST', `/api/webhook-endpoints/${mine.id}/secret/roll`, {}],
      ['POST', `/api/webhook-endpoints/${mine.id}/test`, { type: 'customer.created' }],
      ['GET', `/api/webhook-endpoints/${mine.id}/deliveries`],
      ['POST', `/api/webhook-endpoints/${mine.id}/deliveries/${test.id}/replay`, {}],
      ['DELETE', `/api/webhook-endpoints/${mine.id}`],
    ] as const) {
      const res = await call(b.admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok<WebhookEndpoint[]>(call(b.admin, 'GET', `/api/webhook-endpoints?organizationId=${a.org.id}`))).map((e) => e.id)).not.toContain(mine.id);
    expect(await ok(call(a.admin, 'GET', `/api/webhook-endpoints/${mine.id}/secret`))).toEqual({ secret: mine.secret });
    expect((await ok<WebhookEndpoint>(call(a.admin, 'GET', `/api/webhook-endpoints/${mine.id}`))).isActive).toBe(true);
  });
});
