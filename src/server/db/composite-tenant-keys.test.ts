// Tenant tables reference each other over (organization_id, id) (docs/decisions/020-composite-tenant-keys.md): the
// migration that brings them keeps every row as it was, stops on a reference across organizations, and afterwards the
// database itself refuses one, on PGlite and on PostgreSQL alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { pgErrorCode } from '../platform/errors';
import { openTestDatabase } from '../test/test-database';
import { openDatabase, type Database } from './client';
import { MIGRATIONS_DIR } from './migrate';
import { seedLarge } from './seed/seed-large';

/** The last migration before the composite keys, and theirs: the tests migrate to exactly that one, whatever follows. */
const BEFORE = '0008_autopay_invited_at';
const THIS = '0009_composite_tenant_keys';

const folders: Record<string, string> = {};
const opened: Database[] = [];

/** A copy of drizzle/ whose journal stops at `tag`, to build a database as it was at that migration. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

beforeAll(() => {
  for (const tag of [BEFORE, THIS]) folders[tag] = migrationsUpTo(tag);
});
afterAll(async () => {
  for (const d of opened) await d.close();
  for (const dir of Object.values(folders)) fs.rmSync(dir, { recursive: true, force: true });
});

let counter = 0;

/** An empty database (a new PostgreSQL database when the run uses one), closed after the file. */
async function openEmpty(): Promise<Database> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    opened.push(database);
    return database;
  }
  const { default: pg } = await import('pg');
  const name = `tb_ck${process.pid}_${counter++}_${inject('pgTemplate').replace(/^tb_tmpl_/, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const close = database.close;
  opened.push({
    ...database,
    close: async () => {
      await close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  });
  return database;
}

async function migrateFrom(database: Database, migrationsFolder: string): Promise<void> {
  const config = { migrationsFolder, migrationsSchema: 'drizzle' };
  if (database.kind === 'postgres') await migratePg(database.db as never, config);
  else await migratePglite(database.db as never, config);
}

const rows = async (database: Database, text: string) => (await database.query(text)).rows;

/** Row count and a digest of the ordered rows of every table: equal before and after means nothing moved or was lost. */
async function snapshot(database: Database): Promise<Record<string, string>> {
  const tables = await rows(database, `select tablename from pg_tables where schemaname = 'public' order by 1`);
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [r] = await rows(
      database,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${String(tablename)}" t`,
    );
    out[String(tablename)] = `${r.n} ${r.digest}`;
  }
  return out;
}

/** The tables seed:large leaves empty, filled from its rows so every composite reference is exercised. */
const FILL_THE_REST = [
  `INSERT INTO message_templates (organization_id, name, content) SELECT id, 'Reminder', 'Please pay' FROM organizations`,
  `INSERT INTO outbox (organization_id, channel, "to", text) SELECT organization_id, 'email', 'a@example.com', content FROM messages`,
  `INSERT INTO message_deliveries (organization_id, message_id, recipient, channel, status, outbox_id)
     SELECT m.organization_id, m.id, 'a@example.com', 'email', 'sent',
       (SELECT o.id FROM outbox o WHERE o.organization_id = m.organization_id ORDER BY o.id LIMIT 1) FROM messages m`,
  `INSERT INTO saved_payment_methods (organization_id, customer_id, processor, provider_method_id)
     SELECT organization_id, id, 'test', 'pm_' || id FROM customers WHERE id % 5 = 0`,
  `INSERT INTO setup_attempts (organization_id, customer_id, intent_id, client_secret_hash, processor, saved_method_id)
     SELECT organization_id, customer_id, 'seti_' || id, 'hash', 'test', id FROM saved_payment_methods`,
  `INSERT INTO payment_plans (organization_id, invoice_id, total_amount, installments, frequency)
     SELECT organization_id, id, total, 2, 'monthly' FROM invoices WHERE id % 7 = 0`,
  `INSERT INTO payment_installments (organization_id, payment_plan_id, installment_number, amount, due_date, payment_id)
     SELECT pp.organization_id, pp.id, 1, pp.total_amount, now(),
       (SELECT p.id FROM payments p WHERE p.organization_id = pp.organization_id AND p.invoice_id = pp.invoice_id ORDER BY p.id LIMIT 1)
     FROM payment_plans pp`,
  `INSERT INTO payment_reminders (organization_id, invoice_id, template_id, type, scheduled_at)
     SELECT i.organization_id, i.id, (SELECT t.id FROM message_templates t WHERE t.organization_id = i.organization_id), 'email', now()
     FROM invoices i WHERE i.id % 11 = 0`,
  `INSERT INTO payment_attempts (organization_id, invoice_id, customer_id, payment_link_id, payment_id, amount, payment_type, processor, status, idempotency_key)
     SELECT p.organization_id, p.invoice_id, p.customer_id,
       (SELECT l.id FROM payment_links l WHERE l.organization_id = p.organization_id ORDER BY l.id LIMIT 1),
       p.id, p.amount, 'card', 'test', 'succeeded', 'key-' || p.id FROM payments p WHERE p.id % 3 = 0`,
  `INSERT INTO portal_tokens (organization_id, customer_id, token_hash, expires_at)
     SELECT organization_id, id, 'hash-' || id, now() FROM customers WHERE id % 4 = 0`,
  `INSERT INTO appointment_reminders (organization_id, appointment_id, reminder_type, reminder_timing, due_at)
     SELECT organization_id, id, 'email', 24, now() FROM appointments`,
];

const SIZES = { orgs: 3, customers: 200, workOrders: 300, invoices: 300, lineItems: 2, payments: 400, appointments: 100, estimates: 60, timeEntries: 100, messages: 30, vendors: 10, inventory: 20, shortUrls: 10, paymentLinks: 20 };

/** Every foreign key whose parent is a tenant table (one with organization_id), except users: global (the ADR). */
const TENANT_REFERENCES = `
  select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
         array_length(c.conkey, 1) as columns, a.attname as first, pg_get_constraintdef(c.oid) as def
  from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    and c.confrelid::regclass::text not in ('organizations', 'users')
    and exists (select 1 from pg_attribute p where p.attrelid = c.confrelid and p.attname = 'organization_id' and not p.attisdropped)
  order by 1`;

describe('composite tenant keys (migration 0009)', () => {
  it('keeps every row of seed:large as it was, and leaves only (organization_id, id) references between tenant tables', async () => {
    const database = await openEmpty();
    await migrateFrom(database, folders[BEFORE]);
    await seedLarge(database, SIZES);
    for (const statement of FILL_THE_REST) await database.query(statement);
    const was = await snapshot(database);

    await migrateFrom(database, folders[THIS]);

    expect(await snapshot(database)).toEqual(was);
    const references = await rows(database, TENANT_REFERENCES);
    expect(references).toHaveLength(32);
    for (const r of references) {
      expect(was[String(r.child)], `${String(r.child)} holds rows to check`).not.toMatch(/^0 /);
      expect(r, String(r.name)).toMatchObject({ columns: 2, first: 'organization_id' });
      // A nullable reference nulls only its own column; organization_id is never touched.
      if (/SET NULL/i.test(String(r.def))) expect(String(r.def), String(r.name)).toMatch(/ON DELETE SET NULL \(\w+_id\)$/);
    }
  });

  it('stops on a reference that already crosses organizations, naming it, and changes nothing', async () => {
    const database = await openEmpty();
    await migrateFrom(database, folders[BEFORE]);
    const [a] = await rows(database, `INSERT INTO organizations (name) VALUES ('A') RETURNING id`);
    const [b] = await rows(database, `INSERT INTO organizations (name) VALUES ('B') RETURNING id`);
    const [customerOfA] = await rows(database, `INSERT INTO customers (organization_id, name) VALUES (${a.id}, 'Of A') RETURNING id`);
    await database.query(`INSERT INTO invoices (organization_id, invoice_number, customer_id) VALUES (${b.id}, 'INV-00001', ${customerOfA.id})`);
    const was = await snapshot(database);

    await expect(migrateFrom(database, folders[THIS])).rejects.toSatisfy((e: unknown) =>
      /references across organizations.*invoices\.customer_id -> customers: 1 rows/.test(String((e as { cause?: unknown }).cause ?? e)),
    );

    expect(await snapshot(database)).toEqual(was);
    expect(await rows(database, `select count(*)::int as n from pg_constraint where conname = 'invoices_customer_id_customers_id_fk'`)).toEqual([{ n: 1 }]);
  });
});

describe('the database refuses a reference across organizations', () => {
  let database: Database;
  let a: number;
  let b: number;
  let customerOfA: number;
  let customerOfB: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    opened.push(database);
    [{ id: a }, { id: b }] = (await rows(database, `INSERT INTO organizations (name) VALUES ('A'), ('B') RETURNING id`)) as { id: number }[];
    customerOfA = Number((await rows(database, `INSERT INTO customers (organization_id, name) VALUES (${a}, 'Of A') RETURNING id`))[0].id);
    customerOfB = Number((await rows(database, `INSERT INTO customers (organization_id, name) VALUES (${b}, 'Of B') RETURNING id`))[0].id);
  });

  const refused = async (text: string, codes = ['23503']) => {
    const error = await database.query(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(codes, String(error)).toContain(pgErrorCode(error));
  };

  it('through every reference to a tenant table in the current schema, later migrations included', async () => {
    const references = await rows(database, TENANT_REFERENCES);
    expect(references.length).toBeGreaterThanOrEqual(32);
    for (const r of references) expect(r, String(r.name)).toMatchObject({ columns: 2, first: 'organization_id' });
  });

  it('on insert and on update (23503)', async () => {
    await refused(`INSERT INTO invoices (organization_id, invoice_number, customer_id) VALUES (${b}, 'INV-00001', ${customerOfA})`);
    await refused(`INSERT INTO payments (organization_id, customer_id, amount) VALUES (${b}, ${customerOfA}, 10)`);
    const [invoice] = await rows(database, `INSERT INTO invoices (organization_id, invoice_number, customer_id) VALUES (${b}, 'INV-00002', ${customerOfB}) RETURNING id`);
    await refused(`UPDATE invoices SET customer_id = ${customerOfA} WHERE id = ${invoice.id}`);
    await refused(`INSERT INTO invoice_line_items (organization_id, invoice_id, description) VALUES (${a}, ${invoice.id}, 'Planted')`);
  });

  it('while a null reference is no reference, and deleting the parent nulls only the reference', async () => {
    const [order] = await rows(database, `INSERT INTO work_orders (organization_id, order_number, customer_id, title) VALUES (${a}, 'WO-00001', ${customerOfA}, 'Job') RETURNING id`);
    const [invoice] = await rows(
      database,
      `INSERT INTO invoices (organization_id, invoice_number, customer_id, work_order_id, estimate_id) VALUES (${a}, 'INV-00003', ${customerOfA}, ${order.id}, null) RETURNING id`,
    );
    await database.query(`DELETE FROM work_orders WHERE id = ${order.id}`);
    expect(await rows(database, `select organization_id, work_order_id from invoices where id = ${invoice.id}`)).toEqual([{ organization_id: a, work_order_id: null }]);
    // Deleting a customer who still has invoices stays refused (ON DELETE RESTRICT), as before: PostgreSQL 15
    // reports it as 23503, 17 (PGlite) as 23001 restrict_violation.
    await refused(`DELETE FROM customers WHERE id = ${customerOfA}`, ['23503', '23001']);
  });
});
