// The kept organization figures (drizzle/0012_organization_figures.sql) equal a count of the data after every kind of
// change, compaction keeps their sums, and writers and compactions running at once lose nothing (on PostgreSQL the
// requests really run in parallel).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import { balanceDueSql, isOwedSql } from '../documents/balance-due';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { customers, invoices, organizationFigures, organizations, payments, workOrders } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-database';
import { tenantScope } from '../../platform/tenancy';
import type { RequestContext } from '../../platform/context';
import { compactOrganizationFigures, readOrganizationFigures, rederiveOrganizationFigures } from './organization-figures';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let slug = 0;
async function newOrganization() {
  const [org] = await database.db.insert(organizations).values({ name: 'Figures', slug: `figures-${Date.now()}-${slug++}` }).returning();
  return org!.id;
}

const scopeOf = (organizationId: number) => tenantScope({ isSuperUser: true, organizationId: null } as RequestContext, organizationId);

/**
 * The figures counted from the data itself, by the app's own definitions (isOwedSql, balanceDueSql,
 * ACTIVE_WORK_ORDER_STATUSES): what the kept ones stand for. The triggers of drizzle/0012 repeat those definitions in
 * SQL; a change to either side that the other does not follow fails here.
 */
async function counted(organizationId: number) {
  const [[c], [w], [i]] = await Promise.all([
    database.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(eq(customers.organizationId, organizationId)),
    database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]))),
    database.db
      .select({ n: sql<number>`count(*)::int`, balance: sql<string>`coalesce(sum(${balanceDueSql}), 0)::text` })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), isOwedSql)),
  ]);
  return { customers: c!.n, activeWorkOrders: w!.n, owedInvoices: i!.n, owedBalanceCents: toCents(i!.balance) };
}

const kept = (organizationId: number) => readOrganizationFigures(database.db, scopeOf(organizationId));

describe('organization figures', () => {
  it('follow inserts, updates, payments and deletes of customers, work orders and invoices', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const check = async () => expect(await kept(org)).toEqual(await counted(org));
    await check();
    const cs = await database.db
      .insert(customers)
      .values([{ organizationId: org, name: 'A' }, { organizationId: org, name: 'B' }, { organizationId: other, name: 'Elsewhere' }])
      .returning();
    await check();
    const [a, b] = cs;
    const wos = await database.db
      .insert(workOrders)
      .values(
        (['scheduled', 'in_progress', 'completed', 'scheduled'] as const).map((status, i) => ({
          organizationId: org,
          customerId: a!.id,
          orderNumber: `WO-F${i}`,
          title: 'Job',
          status,
        })),
      )
      .returning();
    await check();
    await database.db.update(workOrders).set({ status: 'completed' }).where(eq(workOrders.id, wos[0]!.id));
    await check();
    await database.db.update(workOrders).set({ status: 'in_progress' }).where(eq(workOrders.id, wos[2]!.id));
    await check();
    const invs = await database.db
      .insert(invoices)
      .values(
        (['draft', 'sent', 'overdue', 'paid', 'sent'] as const).map((status, i) => ({
          organizationId: org,
          customerId: b!.id,
          invoiceNumber: `INV-F${i}`,
          status,
          total: `${100 + i}.25`,
        })),
      )
      .returning();
    await check();
    // Payments move amount_paid (0010's triggers), which moves the owed balance; an overpayment owes nothing.
    await database.db.insert(payments).values([
      { organizationId: org, invoiceId: invs[1]!.id, amount: '40.00', status: 'completed' },
      { organizationId: org, invoiceId: invs[2]!.id, amount: '500.00', status: 'completed' },
      { organizationId: org, invoiceId: invs[4]!.id, amount: '1.00', status: 'failed' },
    ]);
    await check();
    // Paid to the cent but still `sent`: owes nothing, so it is not owed.
    await database.db.insert(payments).values({ organizationId: org, invoiceId: invs[4]!.id, amount: '104.25', status: 'completed' });
    await check();
    expect((await kept(org)).owedInvoices).toBe(1);
    await database.db.update(invoices).set({ total: '20.00' }).where(eq(invoices.id, invs[1]!.id));
    await check();
    await database.db.update(invoices).set({ total: '300.00', status: 'overdue' }).where(eq(invoices.id, invs[1]!.id));
    await check();
    await database.db.update(invoices).set({ status: 'sent' }).where(eq(invoices.id, invs[0]!.id));
    await check();
    await database.db.delete(payments).where(eq(payments.invoiceId, invs[2]!.id));
    await check();
    await database.db.delete(invoices).where(inArray(invoices.id, [invs[2]!.id, invs[3]!.id]));
    await database.db.delete(workOrders).where(eq(workOrders.id, wos[1]!.id));
    await check();
    expect(await kept(other)).toEqual(await counted(other));
    const before = await kept(org);
    await compactOrganizationFigures(database.db);
    expect(await kept(org)).toEqual(before);
    const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(organizationFigures).where(eq(organizationFigures.organizationId, org));
    expect(rows[0]!.n).toBe(1);
  });

  it("go with a deleted organization, whose cascaded rows add nothing to anyone's figures", async () => {
    const org = await newOrganization();
    const [c] = await database.db.insert(customers).values({ organizationId: org, name: 'Gone' }).returning();
    await database.db.insert(invoices).values({ organizationId: org, customerId: c!.id, invoiceNumber: 'INV-G1', status: 'sent', total: '10.00' });
    await database.db.delete(organizations).where(eq(organizations.id, org));
    const left = await database.db.select({ n: sql<number>`count(*)::int` }).from(organizationFigures).where(eq(organizationFigures.organizationId, org));
    expect(left[0]!.n).toBe(0);
  });

  it('are worked out again from the data after a restore-like rewrite', async () => {
    const org = await newOrganization();
    await database.db.insert(customers).values([{ organizationId: org, name: 'X' }, { organizationId: org, name: 'Y' }]);
    // A restore inserts figures rows and data rows whose triggers add again: rederiving sets them right.
    await database.db.insert(organizationFigures).values({ organizationId: org, customers: 5 });
    expect((await kept(org)).customers).toBe(7);
    await rederiveOrganizationFigures(database.db);
    expect(await kept(org)).toEqual(await counted(org));
  });

  it('are folded after a read that sums more than 64 rows, never from inside a transaction', async () => {
    const org = await newOrganization();
    const rowsOf = async () =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(organizationFigures).where(eq(organizationFigures.organizationId, org)))[0]!.n;
    for (let i = 0; i < 70; i++) await database.db.insert(customers).values({ organizationId: org, name: `One by one ${i}` });
    expect(await rowsOf()).toBeGreaterThan(64);
    // Read inside a transaction: answered, and the rows are left as they are.
    expect(await database.db.transaction((tx) => readOrganizationFigures(tx, scopeOf(org)))).toMatchObject({ customers: 70 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await rowsOf()).toBeGreaterThan(64);
    // Read outside one: answered at once, folded afterwards.
    expect(await kept(org)).toMatchObject({ customers: 70 });
    await expect.poll(rowsOf, { timeout: 5000 }).toBe(1);
    expect(await kept(org)).toEqual(await counted(org));
  });

  it('lose nothing when many writers and compactions run at once', async () => {
    const org = await newOrganization();
    const [c] = await database.db.insert(customers).values({ organizationId: org, name: 'Payer' }).returning();
    const writes = Array.from({ length: 40 }, (_, i) => async () => {
      if (i % 4 === 0) await database.db.insert(customers).values({ organizationId: org, name: `Parallel ${i}` });
      else if (i % 4 === 1)
        await database.db.insert(invoices).values({ organizationId: org, customerId: c!.id, invoiceNumber: `INV-C${i}`, status: 'sent', total: '12.34' });
      else if (i % 4 === 2)
        await database.db.insert(workOrders).values({ organizationId: org, customerId: c!.id, orderNumber: `WO-C${i}`, title: 'Job', status: 'scheduled' });
      else await compactOrganizationFigures(database.db, org);
    });
    await Promise.all(writes.map((w) => w()));
    await Promise.all([compactOrganizationFigures(database.db, org), compactOrganizationFigures(database.db, org), compactOrganizationFigures(database.db)]);
    expect(await kept(org)).toEqual(await counted(org));
    expect(await kept(org)).toMatchObject({ customers: 11, owedInvoices: 10, owedBalanceCents: 12340, activeWorkOrders: 10 });
  });
});
