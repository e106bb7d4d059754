import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { customers, invoices, workOrders } from '../../db/schema/index';
import type { IsolationCase } from '../../test/isolation';

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/search': {
    kind: 'custom',
    run: async (w) => {
      const db = w.t.database.db;
      const word = `Zqx${randomUUID().slice(0, 8)}`;
      const [c] = await db.insert(customers).values({ organizationId: w.orgA.id, name: `${word} Private` }).returning();
      await db.insert(workOrders).values({ organizationId: w.orgA.id, customerId: c.id, orderNumber: `WO-${word}`, title: `${word} job` });
      await db.insert(invoices).values({ organizationId: w.orgA.id, customerId: c.id, invoiceNumber: `INV-${word}` });
      const empty = { customers: [], workOrders: [], estimates: [], invoices: [] };
      const b = await w.t.call({ url: `/api/search?q=${word}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(empty);
      const asked = await w.t.call({ url: `/api/search?q=${word}&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual(empty);
      expect((await w.t.call({ url: `/api/search?q=${word}`, cookie: w.customerB.cookie })).statusCode).toBe(403);
      const a = (await w.t.call({ url: `/api/search?q=${word}`, cookie: w.adminA.cookie })).json();
      expect(a.customers).toHaveLength(1);
      expect(a.workOrders).toHaveLength(1);
      expect(a.invoices).toHaveLength(1);
    },
  },
};
