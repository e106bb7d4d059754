// Organization B never refunds organization A's payments.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, payments } from '../../db/schema/index';
import type { IsolationCase } from '../../test/isolation';

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/payments/:id/refunds': {
    kind: 'custom',
    run: async (w) => {
      const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Refund Isolation' }).returning({ id: customers.id });
      const inv = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: c!.id, status: 'sent', lineItems: [{ description: 'Job', rate: 40 }] } });
      const paid = await w.t.call({ method: 'POST', url: '/api/payments', cookie: w.adminA.cookie, payload: { invoiceId: inv.json().id, amount: '40.00', method: 'cash' } });
      expect(paid.statusCode).toBe(201);
      const res = await w.t.call({ method: 'POST', url: `/api/payments/${paid.json().id}/refunds`, cookie: w.adminB.cookie, payload: { amount: '1.00', reason: 'B', idempotencyKey: randomUUID() } });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(payments).where(eq(payments.refundOfPaymentId, paid.json().id))).toEqual([]);
      const own = await w.t.call({ method: 'POST', url: `/api/payments/${paid.json().id}/refunds`, cookie: w.adminA.cookie, payload: { amount: '1.00', reason: 'A', idempotencyKey: randomUUID() } });
      expect(own.statusCode).toBe(201);
    },
  },
};
