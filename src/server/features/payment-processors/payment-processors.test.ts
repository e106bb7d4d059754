import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentProcessors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findActiveProcessorRow } from './active-processor-row';
import { secretBoxFor } from '../../platform/secret-box';
import { maskConfiguration } from './mask-configuration';
import { openConfiguration } from './processor-secrets';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let adminA: string;
let adminB: string;
let manager: string;
let employee: string;
let portalCustomer: string;
let superUser: string;

const URL = '/api/payment-processors';
const STRIPE_KEYS = { secretKey: 'sk_test_placeholder', publishableKey: 'pk_test_placeholder', webhookSecret: 'whsec_placeholder' };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  adminA = await as('org_admin', orgA.id);
  adminB = await as('org_admin', orgB.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = adminA) => t.call({ method: 'POST', url: URL, cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = adminA) => t.call({ method: 'PUT', url: `${URL}/${id}`, cookie, payload: payload as object });
const del = (id: number, cookie = adminA) => t.call({ method: 'DELETE', url: `${URL}/${id}`, cookie });
const list = (cookie = adminA, query = '') => t.call({ url: `${URL}${query}`, cookie });
const storedRow = async (id: number) => (await t.database.db.select().from(paymentProcessors).where(eq(paymentProcessors.id, id)))[0];
/** The stored configuration opened with the app's key (secrets are stored sealed: processor-secrets.test.ts). */
const storedConfiguration = async (id: number) => {
  const row = await storedRow(id);
  return openConfiguration(secretBoxFor(t.config), row.organizationId, row.configuration);
};
const auditFor = (id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'payment_processor'), eq(auditLog.entityId, id))).orderBy(auditLog.id);

/** A processor made through the API, answering its response body. */
async function create(payload: Record<string, unknown> = {}, cookie = adminA) {
  const res = await post({ displayName: 'Stripe', processorType: 'stripe', ...payload }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function issuesOf(res: { statusCode: number; json: () => { issues: { path: string; message: string }[] } }) {
  expect(res.statusCode).toBe(400);
  return res.json().issues;
}

describe('who may manage processors', () => {
  it('refuses managers, employees and customers on every call, and strangers with 401', async () => {
    const p = await create();
    for (const cookie of [manager, employee, portalCustomer]) {
      expect((await list(cookie)).statusCode).toBe(403);
      expect((await post({ displayName: 'X', processorType: 'manual' }, cookie)).statusCode).toBe(403);
      expect((await put(p.id, { isActive: true }, cookie)).statusCode).toBe(403);
      expect((await del(p.id, cookie)).statusCode).toBe(403);
    }
    expect((await t.call({ url: URL })).statusCode).toBe(401);
    expect((await storedRow(p.id)).isActive).toBe(false);
  });

  it("gives an organization admin only their own organization's processors", async () => {
    const mine = await create({ displayName: 'Mine' });
    const theirs = await create({ displayName: 'Theirs' }, adminB);
    const ids = (await list()).json().map((p: { id: number }) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    // Naming another organization is ignored for anyone but a super user.
    const asked = (await list(adminA, `?organizationId=${orgB.id}`)).json().map((p: { id: number }) => p.id);
    expect(asked).not.toContain(theirs.id);
    const put404 = await put(theirs.id, { displayName: 'Hijacked' });
    expect(put404.statusCode).toBe(404);
    expect(put404.json()).toEqual({ code: 'NOT_FOUND', message: 'Payment processor not found' });
    expect((await del(theirs.id)).statusCode).toBe(404);
    expect((await storedRow(theirs.id)).displayName).toBe('Theirs');
  });

  it('places an organization admin\'s new processor in their own organization whatever they send', async () => {
    const p = await create({ organizationId: orgB.id });
    expect(p.organizationId).toBe(orgA.id);
  });

  it('makes a super user choose the organization', async () => {
    const missing = await post({ displayName: 'No Org', processorType: 'manual' }, superUser);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Organization is required', issues: [{ path: 'organizationId', message: 'Organization is required' }] });
    const unknown = await post({ displayName: 'Ghost Org', processorType: 'manual', organizationId: 2_000_000 }, superUser);
    expect(await issuesOf(unknown)).toEqual([{ path: 'organizationId', message: 'Organization not found' }]);
    const p = await create({ displayName: 'For B', organizationId: String(orgB.id) }, superUser);
    expect(p.organizationId).toBe(orgB.id);
    const forB = (await list(superUser, `?organizationId=${orgB.id}`)).json();
    expect(forB.every((x: { organizationId: number }) => x.organizationId === orgB.id)).toBe(true);
    expect(forB.map((x: { id: number }) => x.id)).toContain(p.id);
    const changed = await put(p.id, { displayName: 'For B renamed' }, superUser);
    expect(changed.json()).toMatchObject({ displayName: 'For B renamed', organizationId: orgB.id });
  });
});

describe('creating processors', () => {
  it('adds a test-mode Stripe processor with placeholder keys, active, with every field', async () => {
    const res = await post({
      displayName: '  Stripe Test  ',
      processorType: 'stripe',
      configuration: STRIPE_KEYS,
      isActive: true,
      testMode: true,
      capabilities: ['refunds', 'credit_card', 'credit_card', 'webhooks'],
      fees: { transactionFee: 2.9, fixedFee: '0.30', monthlyFee: '', setupFee: 0 },
      webhookUrl: 'https://example.com/hooks/stripe',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      displayName: 'Stripe Test',
      processorType: 'stripe',
      configuration: { secretKey: '••••lder', publishableKey: 'pk_test_placeholder', webhookSecret: '••••lder' },
      capabilities: ['credit_card', 'refunds', 'webhooks'],
      fees: { transactionFee: '2.90', fixedFee: '0.30', monthlyFee: null, setupFee: '0.00' },
      isActive: true,
      testMode: true,
      webhookUrl: 'https://example.com/hooks/stripe',
      // Its own events URL for Stripe's dashboard (docs/payments.md, Webhooks).
      stripeWebhookUrl: `http://localhost:3000/api/webhooks/stripe/${body.id}`,
      lastTestDate: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.any(String),
    });
    // The real keys are stored (sealed, opening to the keys); only the answer is masked.
    expect(await storedConfiguration(body.id)).toEqual(STRIPE_KEYS);
  });

  it('applies the defaults: inactive, test mode on, nothing configured, no webhook', async () => {
    const p = await create({ displayName: 'Cash and checks', processorType: 'manual', webhookUrl: '' });
    expect(p).toMatchObject({
      isActive: false,
      testMode: true,
      configuration: {},
      capabilities: [],
      fees: { transactionFee: null, fixedFee: null, monthlyFee: null, setupFee: null },
      webhookUrl: null,
      // Only Stripe sends us events.
      stripeWebhookUrl: null,
    });
  });

  it('answers 400 with the form messages', async () => {
    const empty = await post({});
    expect(await issuesOf(empty)).toEqual(
      expect.arrayContaining([
        { path: 'displayName', message: 'Display name is required' },
        { path: 'processorType', message: 'Processor type is required' },
      ]),
    );
    const one = async (payload: Record<string, unknown>) => (await issuesOf(await post({ displayName: 'Valid', processorType: 'stripe', ...payload })))[0];
    expect(await one({ displayName: '   ' })).toEqual({ path: 'displayName', message: 'Display name is required' });
    expect(await one({ displayName: 'x'.repeat(101) })).toEqual({ path: 'displayName', message: 'Display name must be at most 100 characters' });
    expect(await one({ processorType: '' })).toEqual({ path: 'processorType', message: 'Processor type is required' });
    expect(await one({ processorType: 'paypal' })).toEqual({ path: 'processorType', message: 'Processor type must be stripe, square or manual' });
    expect(await one({ capabilities: ['credit_card', 'crypto'] })).toEqual({ path: 'capabilities', message: expect.stringContaining('Capabilities must be chosen from') });
    expect(await one({ capabilities: 'credit_card' })).toMatchObject({ path: 'capabilities' });
    expect(await one({ webhookUrl: 'ftp://example.com/x' })).toEqual({ path: 'webhookUrl', message: 'Webhook URL must be a valid http(s) URL' });
    expect(await one({ webhookUrl: 'javascript:alert(1)' })).toEqual({ path: 'webhookUrl', message: 'Webhook URL must be a valid http(s) URL' });
    expect(await one({ webhookUrl: 'not a url' })).toEqual({ path: 'webhookUrl', message: 'Webhook URL must be a valid http(s) URL' });
    expect(await one({ isActive: 'yes' })).toEqual({ path: 'isActive', message: 'Must be true or false' });
    expect(await one({ testMode: 1 })).toEqual({ path: 'testMode', message: 'Must be true or false' });
    expect(await one({ fees: { transactionFee: -1 } })).toEqual({ path: 'fees.transactionFee', message: 'Transaction fee cannot be negative' });
    expect(await one({ fees: { fixedFee: '0.305' } })).toEqual({ path: 'fees.fixedFee', message: 'Fixed fee can have at most 2 decimal places' });
    expect(await one({ fees: { monthlyFee: 'ten' } })).toEqual({ path: 'fees.monthlyFee', message: 'Monthly fee must be a number' });
    expect(await one({ fees: { setupFee: true } })).toEqual({ path: 'fees.setupFee', message: 'Setup fee must be a number' });
    expect(await one({ fees: { transactionFee: 100.01 } })).toEqual({ path: 'fees.transactionFee', message: 'Transaction fee must be at most 100' });
    expect(await one({ fees: { setupFee: '100000000' } })).toEqual({ path: 'fees.setupFee', message: 'Setup fee must be at most 99,999,999.99' });
    expect(await one({ configuration: { secretKey: { nested: true } } })).toEqual({ path: 'configuration', message: 'Configuration value of secretKey must be text' });
    expect(await one({ configuration: { 'bad key': 'x' } })).toMatchObject({ path: 'configuration' });
    expect(await one({ organizationId: 'abc' })).toEqual({ path: 'organizationId', message: 'Organization is required' });
  });

  it('checks the Stripe key prefixes, and only for Stripe', async () => {
    const bad = await post({ displayName: 'Bad keys', processorType: 'stripe', configuration: { secretKey: 'pk_live_oops', publishableKey: 'sk_x', webhookSecret: 'secret' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION_FAILED', message: 'Configuration: secret key must start with sk_',
      issues: [
        { path: 'configuration.secretKey', message: 'Secret key must start with sk_' },
        { path: 'configuration.publishableKey', message: 'Publishable key must start with pk_' },
        { path: 'configuration.webhookSecret', message: 'Webhook secret must start with whsec_' },
      ],
    });
    const blank = await create({ configuration: { secretKey: '', publishableKey: null } });
    expect(blank.configuration).toEqual({});
    const square = await create({ processorType: 'square', configuration: { secretKey: 'anything', accessToken: 'EAAAl-square-token' } });
    expect(square.configuration).toEqual({ secretKey: '••••hing', accessToken: '••••oken' });
  });
});

describe('masking secrets', () => {
  it('masks secret-looking keys in every answer and never the publishable key', async () => {
    const p = await create({
      processorType: 'square',
      configuration: { apiKey: 'abcdefgh1234', clientSECRET: 'short', dbPassword: 'hunter2hunter2', refreshToken: 'tok_12345678', publishableKey: 'pk_live_visible', merchantId: 'M-123' },
    });
    const expected = { apiKey: '••••1234', clientSECRET: '••••', dbPassword: '••••ter2', refreshToken: '••••5678', publishableKey: 'pk_live_visible', merchantId: 'M-123' };
    expect(p.configuration).toEqual(expected);
    const listed = (await list()).json().find((x: { id: number }) => x.id === p.id);
    expect(listed.configuration).toEqual(expected);
    const updated = await put(p.id, { displayName: 'Renamed' });
    expect(updated.json().configuration).toEqual(expected);
    expect(JSON.stringify((await list()).json())).not.toContain('hunter2');
  });

  it('maskConfiguration masks by key name, last 4 from 8 characters up', () => {
    expect(
      maskConfiguration({
        secretKey: 'sk_test_1234567890',
        webhookSecret: 'whsec_1',
        publishableKey: 'pk_test_abc',
        ACCESS_TOKEN: '12345678',
        userPassword: 'p',
        stripeApiKey: 'abcdefghij',
        mode: 'test',
        retries: 3,
        empty: null,
      }),
    ).toEqual({
      secretKey: '••••7890',
      webhookSecret: '••••',
      publishableKey: 'pk_test_abc',
      ACCESS_TOKEN: '••••5678',
      userPassword: '••••',
      stripeApiKey: '••••ghij',
      mode: 'test',
      retries: 3,
      empty: null,
    });
  });
});

describe('updating processors', () => {
  it('keeps a stored key when the masked value comes back, and replaces it when a new one is typed', async () => {
    const p = await create({ configuration: STRIPE_KEYS });
    const kept = await put(p.id, { displayName: 'Stripe (edited)', configuration: { ...p.configuration } });
    expect(kept.statusCode).toBe(200);
    expect(await storedConfiguration(p.id)).toEqual(STRIPE_KEYS);
    expect(kept.json().configuration.secretKey).toBe('••••lder');

    const replaced = await put(p.id, { configuration: { ...p.configuration, secretKey: 'sk_live_new_key_9999' } });
    expect(replaced.json().configuration.secretKey).toBe('••••9999');
    expect(await storedConfiguration(p.id)).toEqual({ ...STRIPE_KEYS, secretKey: 'sk_live_new_key_9999' });
  });

  it('keeps every stored value when configuration is left out, and drops keys sent blank', async () => {
    const p = await create({ configuration: STRIPE_KEYS });
    await put(p.id, { testMode: false, fees: { transactionFee: '3.1' } });
    const row = await storedRow(p.id);
    expect(await storedConfiguration(p.id)).toEqual(STRIPE_KEYS);
    expect(row.testMode).toBe(false);
    const cleared = await put(p.id, { configuration: { secretKey: p.configuration.secretKey, publishableKey: '', webhookSecret: null } });
    expect(cleared.json().configuration).toEqual({ secretKey: '••••lder' });
    expect(await storedConfiguration(p.id)).toEqual({ secretKey: STRIPE_KEYS.secretKey });
  });

  it('refuses a masked value that stands for no stored key, and bad prefixes after resolving masks', async () => {
    const p = await create({ configuration: { publishableKey: 'pk_test_x' } });
    const invented = await put(p.id, { configuration: { secretKey: '••••abcd' } });
    expect(await issuesOf(invented)).toEqual([{ path: 'configuration.secretKey', message: 'Enter the full value; a masked value only keeps the saved one' }]);
    const badPrefix = await put(p.id, { configuration: { secretKey: 'rk_live_restricted' } });
    expect(await issuesOf(badPrefix)).toEqual([{ path: 'configuration.secretKey', message: 'Secret key must start with sk_' }]);
    expect(await storedConfiguration(p.id)).toEqual({ publishableKey: 'pk_test_x' });
  });

  it('changes only the fields sent, with the same rules as create, and never moves the processor', async () => {
    const p = await create({ capabilities: ['ach'], webhookUrl: 'https://a.example/hook', fees: { fixedFee: '0.30' } });
    const res = await put(p.id, { capabilities: ['debit_card', 'ach'], webhookUrl: '', organizationId: orgB.id });
    expect(res.json()).toMatchObject({ displayName: 'Stripe', capabilities: ['debit_card', 'ach'], webhookUrl: null, organizationId: orgA.id, fees: { fixedFee: '0.30' } });
    expect(await issuesOf(await put(p.id, { displayName: '' }))).toEqual([{ path: 'displayName', message: 'Display name is required' }]);
    expect(await issuesOf(await put(p.id, { processorType: 'venmo' }))).toEqual([{ path: 'processorType', message: 'Processor type must be stripe, square or manual' }]);
    expect((await put(p.id, {})).json().displayName).toBe('Stripe');
    expect((await put(2_000_000, { isActive: true })).statusCode).toBe(404);
    expect((await put(0, { isActive: true })).statusCode).toBe(400);
  });
});

describe('one active processor per organization', () => {
  it('activating one deactivates the others of the same organization only', async () => {
    const org = await t.createOrganization();
    const admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const elsewhere = await create({ displayName: 'Other org active', isActive: true }, adminB);

    const first = await create({ displayName: 'First', isActive: true }, admin);
    const second = await create({ displayName: 'Second', isActive: true, processorType: 'manual' }, admin);
    const active = async () =>
      (await list(admin)).json().filter((p: { isActive: boolean }) => p.isActive).map((p: { displayName: string }) => p.displayName);
    expect(await active()).toEqual(['Second']);

    // Activate sends only { isActive: true }.
    const activated = await put(first.id, { isActive: true }, admin);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ id: first.id, isActive: true, displayName: 'First' });
    expect(await active()).toEqual(['First']);
    expect((await storedRow(second.id)).isActive).toBe(false);
    expect((await storedRow(elsewhere.id)).isActive).toBe(true);

    const row = await findActiveProcessorRow(t.database.db, t.config, org.id);
    expect(row?.id).toBe(first.id);
    // Turning the active one off leaves none.
    await put(first.id, { isActive: false }, admin);
    expect(await findActiveProcessorRow(t.database.db, t.config, org.id)).toBeNull();
  });

  it('findActiveProcessorRow answers the full, unmasked row', async () => {
    const org = await t.createOrganization();
    const admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    expect(await findActiveProcessorRow(t.database.db, t.config, org.id)).toBeNull();
    const p = await create({ configuration: STRIPE_KEYS, isActive: true, fees: { transactionFee: '2.9' } }, admin);
    const row = await findActiveProcessorRow(t.database.db, t.config, org.id);
    expect(row).toMatchObject({ id: p.id, organizationId: org.id, processorType: 'stripe', configuration: STRIPE_KEYS, testMode: true, isActive: true });
  });
});

describe('deleting processors', () => {
  it('deletes with 204 and the processor is gone', async () => {
    const p = await create({ displayName: 'To delete' });
    const res = await del(p.id);
    expect(res.statusCode).toBe(204);
    expect(await storedRow(p.id)).toBeUndefined();
    expect((await list()).json().map((x: { id: number }) => x.id)).not.toContain(p.id);
    const again = await del(p.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'Payment processor not found' });
  });
});

describe('the audit log', () => {
  it('records create, update, activate and delete, without secrets', async () => {
    const p = await create({ displayName: 'Audited', configuration: STRIPE_KEYS });
    await put(p.id, { displayName: 'Audited 2', configuration: { ...p.configuration, secretKey: 'sk_test_rotated_key' } });
    await put(p.id, { isActive: true });
    await del(p.id);
    const rows = await auditFor(p.id);
    expect(rows.map((r) => r.action)).toEqual([
      'payment_processor.created',
      'payment_processor.updated',
      'payment_processor.activated',
      'payment_processor.deleted',
    ]);
    expect(rows.every((r) => r.organizationId === orgA.id && r.actorUserId !== null)).toBe(true);
    expect(rows[0].details).toMatchObject({ displayName: 'Audited', processorType: 'stripe', configurationKeys: ['publishableKey', 'secretKey', 'webhookSecret'] });
    expect(rows[1].details).toMatchObject({ displayName: 'Audited 2', fields: ['configuration', 'displayName'] });
    expect(rows[2].details).toMatchObject({ isActive: true });
    const text = JSON.stringify(rows.map((r) => r.details));
    for (const secret of ['sk_test_placeholder', 'whsec_placeholder', 'sk_test_rotated_key', 'pk_test_placeholder']) expect(text).not.toContain(secret);
  });

  it("records which processors an activation turned off, and a super user's change against the processor's organization", async () => {
    const a = await create({ displayName: 'Was active', isActive: true }, adminB);
    const b = await create({ displayName: 'Now active', organizationId: orgB.id }, superUser);
    await put(b.id, { isActive: true }, superUser);
    const [activation] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), like(auditLog.action, '%.activated')));
    expect(activation.organizationId).toBe(orgB.id);
    expect(activation.details).toMatchObject({ deactivatedProcessorIds: [a.id] });
  });
});
