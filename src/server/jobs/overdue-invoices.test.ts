import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, notifications } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { notifyOverdueInvoices } from './overdue-invoices';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('overdue invoice notifications', () => {
  it('tells admins and managers once per invoice, never employees or other organizations', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const admin = await t.createUser({ organizationId: org.id, role: 'org_admin' });
    const manager = await t.createUser({ organizationId: org.id, role: 'manager' });
    const employee = await t.createUser({ organizationId: org.id, role: 'employee' });
    const outsider = await t.createUser({ organizationId: other.id, role: 'org_admin' });
    const [c] = await t.database.db.insert(customers).values({ organizationId: org.id, name: 'Zoë O\'Brien' }).returning();
    const day = 86_400_000;
    const mk = (n: string, status: string, dueOffsetDays: number) => ({
      organizationId: org.id, invoiceNumber: n, customerId: c.id, status, total: '120.50', dueDate: new Date(Date.now() + dueOffsetDays * day),
    });
    const [late] = await t.database.db.insert(invoices).values([mk('INV-00001', 'sent', -2), mk('INV-00002', 'paid', -2), mk('INV-00003', 'sent', 3), mk('INV-00004', 'draft', -1), mk('INV-00005', 'overdue', -60)]).returning();

    expect(await notifyOverdueInvoices(t.database.db)).toBe(4); // two invoices, two people each
    expect(await notifyOverdueInvoices(t.database.db)).toBe(0); // never twice
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.entityId, late.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([admin.id, manager.id].sort());
    expect(rows[0]).toMatchObject({ type: 'invoice_overdue', title: 'Invoice INV-00001 is overdue', body: "Zoë O'Brien owes $120.50", link: `/invoices?open=${late.id}` });

    const bell = await t.call({ url: '/api/notifications/unread-count', cookie: await t.cookieFor(manager.id) });
    expect(bell.json()).toEqual({ count: 2 });
    for (const u of [employee, outsider]) {
      expect((await t.call({ url: '/api/notifications/unread-count', cookie: await t.cookieFor(u.id) })).json()).toEqual({ count: 0 });
    }
    const all = await t.database.db.select({ id: notifications.id }).from(notifications);
    expect(all).toHaveLength(4);
  });
});
