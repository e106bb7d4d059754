import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, messages, outbox } from '../../db/schema/index';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SECRET_MASK } from '../../adapters/outbox/mask-secrets';

// With SMTP_URL set, whoever reads the outbox table (or Messaging) must not find a sign-in code or a portal link
// there: the customer's mailbox has them, our copy is masked (docs/security.md).
let sink: SmtpSink;
let t: TestApp;
let orgId: number;
let admin: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  const org = await t.createOrganization({ name: 'Masked Mail Co', industry: null });
  orgId = org.id;
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The delivered message with quoted-printable undone (soft line breaks, =XX). */
function delivered(to: string): string {
  const mail = sink.received.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`nothing delivered to ${to}`);
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
const portalToken = (text: string) => /customer-portal[?#]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
/** The delivered token is the real one: 256 bits, and it opens that customer's portal. */
async function expectWorkingPortalToken(token: string | undefined, customerName: string) {
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const portal = await t.call({ url: '/api/portal', headers: { 'x-portal-token': token! } });
  expect(portal.statusCode, portal.body).toBe(200);
  expect(JSON.stringify(portal.json())).toContain(customerName);
}
const latestOutbox = async (to: string) => (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

describe('SMTP deliveries keep no readable secret', () => {
  it('a sign-in code reaches the mailbox and signs in, and the outbox row shows only a mask', async () => {
    const user = await t.createUser({ role: 'org_admin', organizationId: orgId, email: 'owner@masked.example' });
    expect((await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } })).statusCode).toBe(200);

    const code = /sign-in code is (\d{6})/.exec(delivered(user.email))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const row = await latestOutbox(user.email);
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent', subject: `Your Tradebook sign-in code: ${SECRET_MASK}` });
    expect(row.text).toContain(`Your Tradebook sign-in code is ${SECRET_MASK}.`);
    expect(JSON.stringify(row)).not.toContain(code!);

    // The delivered code is the real one.
    const verify = await t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: user.email, code } });
    expect(verify.statusCode).toBe(200);
  });

  it("a portal link e-mailed from the customer's row reaches the customer, and the outbox row shows only a mask", async () => {
    const [c] = await t.database.db.insert(customers).values({ organizationId: orgId, name: 'Pat Portal', email: 'pat@masked.example', portalAccessEnabled: true }).returning();
    const res = await t.call({ method: 'POST', url: `/api/customers/${c.id}/portal-link`, cookie: admin });
    expect(res.statusCode).toBe(200);

    const token = portalToken(delivered('pat@masked.example'));
    await expectWorkingPortalToken(token, 'Pat Portal');
    const row = await latestOutbox('pat@masked.example');
    expect(row.transport).toBe('smtp');
    expect(row.text).toContain(SECRET_MASK);
    expect(JSON.stringify(row)).not.toContain(token!);
  });

  it('an invoice e-mail carries its portal link to the customer; neither the outbox nor Messaging keeps it', async () => {
    const [c] = await t.database.db.insert(customers).values({ organizationId: orgId, name: 'Sam Invoice', email: 'sam@masked.example', portalAccessEnabled: true }).returning();
    const inv = (await t.call({ method: 'POST', url: '/api/invoices', cookie: admin, payload: { customerId: c.id, lineItems: [{ description: 'Repair', quantity: '1', rate: '80.00' }] } })).json();
    const res = await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie: admin });
    expect(res.statusCode).toBe(200);

    const text = delivered('sam@masked.example');
    const token = portalToken(text);
    await expectWorkingPortalToken(token, 'Sam Invoice');
    expect(text).toContain('View and pay this invoice online:');

    const row = await latestOutbox('sam@masked.example');
    expect(row.text).toContain(`View and pay this invoice online: ${SECRET_MASK}`);
    expect(JSON.stringify(row)).not.toContain(token!);

    const [message] = await t.database.db.select().from(messages).where(eq(messages.organizationId, orgId)).orderBy(desc(messages.id)).limit(1);
    expect(message.content).toContain(`View and pay this invoice online: ${SECRET_MASK}`);
    expect(JSON.stringify(message)).not.toContain(token!);
  });
});
