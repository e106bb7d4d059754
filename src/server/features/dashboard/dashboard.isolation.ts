import { expect } from 'vitest';
import { customers, inventoryItems, invoices, workOrders } from '../../db/schema/index';
import type { IsolationCase } from '../../test/isolation';

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/dashboard/stats': {
    kind: 'custom',
    run: async (w) => {
      const db = w.t.database.db;
      const stats = async (cookie: string, query = '') => {
        const body = (await w.t.call({ url: `/api/dashboard/stats${query}`, cookie })).json();
        delete body.growth.comparedTo; // moves with the clock
        return body;
      };
      const before = await stats(w.adminB.cookie);
      const [c] = await db.insert(customers).values({ organizationId: w.orgA.id, name: 'Dashboard A' }).returning();
      const [wo] = await db.insert(workOrders).values({ organizationId: w.orgA.id, customerId: c.id, orderNumber: 'WO-ISO-1', title: 'A job' }).returning();
      const [inv] = await db
        .insert(invoices)
        .values({ organizationId: w.orgA.id, customerId: c.id, invoiceNumber: 'INV-ISO-1', status: 'sent', total: '100.00' })
        .returning();
      const [item] = await db.insert(inventoryItems).values({ organizationId: w.orgA.id, name: 'A part', quantity: 0, minimumStock: 2 }).returning();
      const after = await stats(w.adminB.cookie, `?organizationId=${w.orgA.id}`);
      expect(after).toEqual(before);
      const a = await stats(w.adminA.cookie);
      expect(a.recentWorkOrders.map((x: { id: number }) => x.id)).toContain(wo.id);
      expect(a.paymentStatus.map((x: { id: number }) => x.id)).toContain(inv.id);
      expect(a.inventoryAlerts.map((x: { id: number }) => x.id)).toContain(item.id);
      expect((await w.t.call({ url: '/api/dashboard/stats', cookie: w.customerB.cookie })).statusCode).toBe(403);
    },
  },
};
