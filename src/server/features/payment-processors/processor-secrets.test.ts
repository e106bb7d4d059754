// Processor secrets at rest (docs/payments.md, "Credentials at rest"; ADR 007): sealed on every write, opened only
// for the payment code and for masking, plain rows from before sealed at start-up once, even by two instances.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../db/backup/tables';
import { openDatabase } from '../../db/client';
import { invoices, paymentProcessors } from '../../db/schema/index';
import { createSecretBox, secretBoxFor } from '../../platform/secret-box';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { UNREADABLE_KEYS } from '../payments/choose-processor';
import { findActiveProcessorRow } from './active-processor-row';
import { openConfiguration } from './processor-secrets';
import { sealStoredCredentials } from './seal-stored-credentials';

let t: TestApp;
let kit: OrgKit;

const KEYS = { secretKey: 'sk_live_51SecretAtRestKey0000abcd', publishableKey: 'pk_live_51PublishableKey0000wxyz', webhookSecret: 'whsec_secret_at_rest_0000efgh' };

beforeAll(async () => {
  t = await createTestApp();
  kit = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const rawRow = async (id: number) => (await t.database.db.select().from(paymentProcessors).where(eq(paymentProcessors.id, id)))[0];
/** Every byte the database holds for the row, as text. */
const rowText = async (id: number) => (await rowsOf<{ t: string }>(t.database.db, sql`select row_to_json(p)::text as t from payment_processors p where id = ${id}`))[0].t;

async function create(configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await t.call({ method: 'POST', url: '/api/payment-processors', cookie: kit.admin, payload: { displayName: 'Stripe', processorType: 'stripe', configuration, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('secrets are stored encrypted', () => {
  it('seals secret keys on create and on update; the publishable key and other settings stay readable', async () => {
    const p = await create(KEYS);
    const row = await rawRow(p.id);
    expect(row.configuration.secretKey).toMatch(/^tbsec:v1:/);
    expect(row.configuration.webhookSecret).toMatch(/^tbsec:v1:/);
    expect(row.configuration.publishableKey).toBe(KEYS.publishableKey);
    const text = await rowText(p.id);
    expect(text).not.toContain(KEYS.secretKey);
    expect(text).not.toContain(KEYS.webhookSecret);
    expect(openConfiguration(secretBoxFor(t.config), kit.org.id, row.configuration)).toEqual(KEYS);

    await t.call({ method: 'PUT', url: `/api/payment-processors/${p.id}`, cookie: kit.admin, payload: { configuration: { ...p.configuration, secretKey: 'sk_live_51RotatedKey000000zzzz' } } });
    const rotated = await rawRow(p.id);
    expect(await rowText(p.id)).not.toContain('sk_live_51RotatedKey');
    expect(openConfiguration(secretBoxFor(t.config), kit.org.id, rotated.configuration)).toEqual({ ...KEYS, secretKey: 'sk_live_51RotatedKey000000zzzz' });
    // The kept webhook secret was re-sealed, not copied: still opens to the same value.
    expect(rotated.configuration.webhookSecret).not.toBe(row.configuration.webhookSecret);
  });

  it('still masks to the last 4 characters of the key itself, in every answer, and never sends ciphertext', async () => {
    const p = await create(KEYS, { displayName: 'Masked' });
    const expected = { secretKey: '••••abcd', publishableKey: KEYS.publishableKey, webhookSecret: '••••efgh' };
    expect(p.configuration).toEqual(expected);
    const listed = await t.call({ url: '/api/payment-processors?limit=500', cookie: kit.admin });
    const body = listed.body;
    expect(listed.json().find((x: { id: number }) => x.id === p.id).configuration).toEqual(expected);
    for (const leak of [KEYS.secretKey, KEYS.webhookSecret, 'tbsec:']) expect(body).not.toContain(leak);
    // Saving the form unchanged sends the masks back: the stored keys are kept.
    const saved = await t.call({ method: 'PUT', url: `/api/payment-processors/${p.id}`, cookie: kit.admin, payload: { displayName: 'Masked 2', configuration: p.configuration } });
    expect(saved.json().configuration).toEqual(expected);
    expect(openConfiguration(secretBoxFor(t.config), kit.org.id, (await rawRow(p.id)).configuration)).toEqual(KEYS);
  });
});

describe('rows written before encryption', () => {
  async function plainRows(count: number) {
    const org = await t.createOrganization();
    const rows = await t.database.db
      .insert(paymentProcessors)
      .values(
        Array.from({ length: count }, (_, i) => ({
          organizationId: org.id,
          displayName: `Legacy ${i}`,
          processorType: 'stripe',
          configuration: { secretKey: `sk_test_legacy_${i}_${randomUUID()}`, publishableKey: `pk_test_legacy_${i}`, webhookSecret: `whsec_legacy_${i}` },
          updatedAt: new Date('2025-01-02T03:04:05Z'),
        })),
      )
      .returning();
    return rows;
  }

  it('are sealed by the start-up pass once: a second pass changes nothing, and no row is marked changed', async () => {
    const rows = await plainRows(3);
    const box = secretBoxFor(t.config);
    const first = await sealStoredCredentials(t.database.db, box);
    expect(first.sealed).toBeGreaterThanOrEqual(3);
    const after = await t.database.db.select().from(paymentProcessors).where(inArray(paymentProcessors.id, rows.map((r) => r.id)));
    for (const row of after) {
      const before = rows.find((r) => r.id === row.id)!;
      expect(row.configuration.secretKey).toMatch(/^tbsec:v1:/);
      expect(row.configuration.publishableKey).toBe(before.configuration.publishableKey);
      expect(openConfiguration(box, row.organizationId, row.configuration)).toEqual(before.configuration);
      expect(row.updatedAt.toISOString()).toBe('2025-01-02T03:04:05.000Z');
    }
    expect(await sealStoredCredentials(t.database.db, box)).toEqual({ sealed: 0, otherKey: [] });
  });

  it('until sealed, a plain row is read as it is (payments.test.ts takes Stripe payments with one)', async () => {
    const org = await t.createOrganization();
    const plain = { secretKey: 'sk_test_51PlainLegacyKey00000000', publishableKey: 'pk_test_51PlainLegacyKey00000000' };
    await t.database.db.insert(paymentProcessors).values({ organizationId: org.id, displayName: 'Legacy', processorType: 'stripe', isActive: true, configuration: plain });
    expect((await findActiveProcessorRow(t.database.db, t.config, org.id))?.configuration).toEqual(plain);
  });

  it('reports rows sealed with another key, and refuses payments with them clearly instead of using the test gateway', async () => {
    const org = await orgKit(t);
    const foreign = createSecretBox('some-other-installations-app-secret-000000000');
    const [row] = await t.database.db
      .insert(paymentProcessors)
      .values({
        organizationId: org.org.id,
        displayName: 'Stripe (other key)',
        processorType: 'stripe',
        isActive: true,
        configuration: {
          secretKey: foreign.seal('sk_test_51OtherKeyOtherKey000000', `payment_processors:${org.org.id}:secretKey`),
          publishableKey: 'pk_test_51OtherKeyOtherKey000000',
        },
      })
      .returning();
    expect((await sealStoredCredentials(t.database.db, secretBoxFor(t.config))).otherKey).toContain(row.id);
    const [inv] = await t.database.db.insert(invoices).values({ organizationId: org.org.id, invoiceNumber: 'INV-KEY1', customerId: org.customerId, status: 'sent', subtotal: '5.00', total: '5.00' }).returning();
    const res = await t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: org.admin, payload: { invoiceId: inv.id, amount: '5.00' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: UNREADABLE_KEYS });
    // The screen lists it with the unreadable key left out, so the administrator can enter it again.
    const listed = await t.call({ url: '/api/payment-processors?limit=500', cookie: org.admin });
    expect(listed.json().find((x: { id: number }) => x.id === row.id).configuration).toEqual({ publishableKey: 'pk_test_51OtherKeyOtherKey000000' });
    const fixed = await t.call({ method: 'PUT', url: `/api/payment-processors/${row.id}`, cookie: org.admin, payload: { configuration: { secretKey: 'sk_test_51EnteredAgain00000000', publishableKey: 'pk_test_51OtherKeyOtherKey000000' } } });
    expect(fixed.statusCode).toBe(200);
    expect((await sealStoredCredentials(t.database.db, secretBoxFor(t.config))).otherKey).not.toContain(row.id);
  });

  // Two instances starting at once on one PostgreSQL: each row is sealed by exactly one of them. PGlite serves one
  // process (and runs one query at a time), so this is PostgreSQL's test.
  it.runIf(Boolean(inject('pgTemplate')))('are sealed exactly once when two instances start together on PostgreSQL', async () => {
    const rows = await plainRows(40);
    const url = (t.database as { url?: string }).url!;
    const second = await openDatabase({ databaseUrl: url, poolSize: 5 });
    try {
      const box = secretBoxFor(t.config);
      const [x, y] = await Promise.all([sealStoredCredentials(t.database.db, box), sealStoredCredentials(second.db, box)]);
      expect(x.sealed + y.sealed).toBe(40);
      const after = await t.database.db.select().from(paymentProcessors).where(inArray(paymentProcessors.id, rows.map((r) => r.id)));
      for (const row of after) expect(openConfiguration(box, row.organizationId, row.configuration)).toEqual(rows.find((r) => r.id === row.id)!.configuration);
    } finally {
      await second.close();
    }
  });
});
