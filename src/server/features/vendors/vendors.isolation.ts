import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { vendorPayments, vendors } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function vendorOfA(w: World) {
  const [v] = await w.t.database.db
    .insert(vendors)
    .values({ organizationId: w.orgA.id, name: `Private Vendor A ${randomUUID().slice(0, 8)}` })
    .returning();
  return v;
}

async function paymentOfA(w: World) {
  const v = await vendorOfA(w);
  const [p] = await w.t.database.db
    .insert(vendorPayments)
    .values({ organizationId: w.orgA.id, vendorId: v.id, vendorName: v.name, amount: '123.45', reference: `REF-${randomUUID().slice(0, 8)}` })
    .returning();
  return { vendor: v, payment: p };
}

const ids = (body: { id: number }[]) => body.map((r) => r.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/vendors/export': exportIsolation('/api/vendors', vendorOfA),
  'GET /api/vendor-payments/export': exportIsolation('/api/vendor-payments', paymentOfA),
  'GET /api/vendors': {
    kind: 'custom',
    run: async (w) => {
      const v = await vendorOfA(w);
      const b = await w.t.call({ url: '/api/vendors?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(v.id);
      const asked = await w.t.call({ url: `/api/vendors?organizationId=${w.orgA.id}&q=${encodeURIComponent(v.name)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      expect(asked.headers['x-total-count']).toBe('0');
      expect((await w.t.call({ url: '/api/vendors', cookie: w.customerB.cookie })).statusCode).toBe(403);
      const a = await w.t.call({ url: `/api/vendors?q=${encodeURIComponent(v.name)}`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toEqual([v.id]);
    },
  },
  'POST /api/vendors': {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant a vendor in another organization.
      const res = await w.t.call({ method: 'POST', url: '/api/vendors', cookie: w.adminB.cookie, payload: { name: 'Planted Vendor', organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(vendors).where(eq(vendors.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/vendors/:id': {
    kind: 'custom',
    run: async (w) => {
      const v = await vendorOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/vendors/${v.id}`, cookie: w.adminB.cookie, payload: { name: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Vendor not found' });
      const [row] = await w.t.database.db.select().from(vendors).where(eq(vendors.id, v.id));
      expect(row.name).toBe(v.name);
      expect((await w.t.call({ method: 'PUT', url: `/api/vendors/${v.id}`, cookie: w.adminA.cookie, payload: { notes: 'ok' } })).statusCode).toBe(200);
    },
  },
  'DELETE /api/vendors/:id': {
    kind: 'custom',
    run: async (w) => {
      const { vendor, payment } = await paymentOfA(w);
      const res = await w.t.call({ method: 'DELETE', url: `/api/vendors/${vendor.id}`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(vendors).where(eq(vendors.id, vendor.id))).toHaveLength(1);
      expect(await w.t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, payment.id))).toHaveLength(1);
      expect((await w.t.call({ method: 'DELETE', url: `/api/vendors/${vendor.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
  'GET /api/vendor-payments': {
    kind: 'custom',
    run: async (w) => {
      const { vendor, payment } = await paymentOfA(w);
      const b = await w.t.call({ url: '/api/vendor-payments?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(payment.id);
      const byVendor = await w.t.call({ url: `/api/vendor-payments?vendorId=${vendor.id}&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(byVendor.json()).toEqual([]);
      expect(byVendor.headers['x-total-count']).toBe('0');
      const a = await w.t.call({ url: `/api/vendor-payments?q=${encodeURIComponent(payment.reference!)}`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toEqual([payment.id]);
    },
  },
  'POST /api/vendor-payments': {
    kind: 'custom',
    run: async (w) => {
      // Organization A's vendor cannot be paid from organization B, not even by naming it.
      const v = await vendorOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/vendor-payments', cookie: w.adminB.cookie, payload: { vendorId: v.id, amount: '10.00' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Vendor not found', issues: [{ path: 'vendorId', message: 'Vendor not found' }] });
      expect(await w.t.database.db.select().from(vendorPayments).where(eq(vendorPayments.vendorId, v.id))).toEqual([]);
    },
  },
  'PUT /api/vendor-payments/:id': {
    kind: 'custom',
    run: async (w) => {
      const { payment } = await paymentOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/vendor-payments/${payment.id}`, cookie: w.adminB.cookie, payload: { amount: '1.00' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Vendor payment not found' });
      // Nor can B's own payment be pointed at A's vendor.
      const [vB] = await w.t.database.db.insert(vendors).values({ organizationId: w.orgB.id, name: 'B Vendor' }).returning();
      const own = await w.t.call({ method: 'POST', url: '/api/vendor-payments', cookie: w.adminB.cookie, payload: { vendorId: vB.id, amount: 5 } });
      const moved = await w.t.call({ method: 'PUT', url: `/api/vendor-payments/${own.json().id}`, cookie: w.adminB.cookie, payload: { vendorId: payment.vendorId } });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().issues).toEqual([{ path: 'vendorId', message: 'Vendor not found' }]);
      const [row] = await w.t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, payment.id));
      expect(row.amount).toBe('123.45');
    },
  },
  'DELETE /api/vendor-payments/:id': {
    kind: 'custom',
    run: async (w) => {
      const { payment } = await paymentOfA(w);
      const res = await w.t.call({ method: 'DELETE', url: `/api/vendor-payments/${payment.id}`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, payment.id))).toHaveLength(1);
      expect((await w.t.call({ method: 'DELETE', url: `/api/vendor-payments/${payment.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
};
