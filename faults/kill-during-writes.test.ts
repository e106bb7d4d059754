// SIGKILL in the middle of 200 concurrent writes, then a restart on the same data: every write the app
// acknowledged is there whole, and nothing half-written is (an invoice without all its lines, a gap or a
// duplicate in the numbers, a payment beyond an invoice's total, overlapping bookings).
import { afterAll, describe, expect, it } from 'vitest';
import { call, createStore, prepareBusiness, startApp, type Business, type RunningApp, type Store } from './fault-app';

const WRITES = Number(process.env.FAULT_WRITES ?? 200);
const KILL_AFTER_ACKS = Math.round(WRITES * 0.3);
const ADMIN_URL = process.env.FAULTS_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAYABLE_TOTAL_CENTS = 900_000;

interface Line {
  description: string;
  quantity: number;
  rate: string;
}
type Write =
  | { kind: 'invoice'; lines: Line[] }
  | { kind: 'payment'; invoiceId: number }
  | { kind: 'booking'; appointmentDate: string; email: string };
interface Ack {
  write: Write;
  body: Record<string, unknown>;
}

const cents = (decimal: unknown) => Math.round(Number(decimal) * 100);

/** Slots from tomorrow (UTC) on, 08:00 to 19:30, 30 minutes each: never in the past, never overlapping. */
function slot(n: number): string {
  const day = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1 + Math.floor(n / 24)));
  const minutes = 8 * 60 + (n % 24) * 30;
  return `${day.toISOString().slice(0, 10)}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

function plan(payable: number[]): Write[] {
  return Array.from({ length: WRITES }, (_, i): Write => {
    if (i % 3 === 0) return { kind: 'invoice', lines: [1, 2, 3].map((k) => ({ description: `Storm ${i} part ${k}`, quantity: k, rate: `${i + k}.25` })) };
    if (i % 3 === 1) return { kind: 'payment', invoiceId: payable[i % payable.length] };
    return { kind: 'booking', appointmentDate: slot(i), email: `visitor${i}@example.com` };
  });
}

function send(app: RunningApp, biz: Business, w: Write) {
  if (w.kind === 'invoice') return call(app, biz.cookie, 'POST', '/api/invoices', { customerId: biz.customerId, status: 'sent', lineItems: w.lines });
  if (w.kind === 'payment') return call(app, biz.cookie, 'POST', '/api/payments', { invoiceId: w.invoiceId, amount: '1.00', method: 'cash' });
  return call(app, '', 'POST', `/api/public/schedule-by-slug/${biz.slug}/book`, { serviceId: biz.serviceId, customerName: 'Storm Visitor', customerEmail: w.email, appointmentDate: w.appointmentDate });
}

async function storm(app: RunningApp, biz: Business, writes: Write[]): Promise<{ acks: Ack[]; statuses: Record<string, number> }> {
  const acks: Ack[] = [];
  const statuses: Record<string, number> = {};
  let killed = false;
  await Promise.allSettled(
    writes.map(async (write) => {
      const res = await send(app, biz, write);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status !== 201) return;
      acks.push({ write, body: res.body as Record<string, unknown> });
      if (!killed && acks.length >= KILL_AFTER_ACKS) {
        killed = true;
        app.child.kill('SIGKILL');
      }
    }),
  );
  return { acks, statuses };
}

async function verify(app: RunningApp, biz: Business, acks: Ack[]): Promise<void> {
  const invoices = (await call(app, biz.cookie, 'GET', '/api/invoices?limit=500')).body as { id: number; invoiceNumber: string; status: string; subtotal: string; total: string; lineItems: { amount: string; description: string }[] }[];
  // Numbers are assigned inside the creating transaction: no gaps, no duplicates, whatever was cut off.
  const numbers = invoices.map((i) => i.invoiceNumber).sort();
  expect(numbers).toEqual(numbers.map((_, k) => `INV-${String(k + 1).padStart(5, '0')}`));
  for (const inv of invoices) {
    expect(inv.lineItems.length, inv.invoiceNumber).toBeGreaterThan(0);
    expect(inv.lineItems.reduce((s, l) => s + cents(l.amount), 0), inv.invoiceNumber).toBe(cents(inv.subtotal));
  }
  const byId = new Map(invoices.map((i) => [i.id, i]));
  for (const ack of acks.filter((a) => a.write.kind === 'invoice')) {
    const stored = byId.get(ack.body.id as number);
    expect(stored, `acknowledged invoice ${String(ack.body.invoiceNumber)}`).toBeDefined();
    const lines = (ack.write as { lines: Line[] }).lines;
    expect(stored!.lineItems.map((l) => l.description)).toEqual(lines.map((l) => l.description));
    expect(cents(stored!.total)).toBe(lines.reduce((s, l) => s + l.quantity * cents(l.rate), 0));
  }

  const payments = (await call(app, biz.cookie, 'GET', '/api/payments?limit=500')).body as { id: number; invoiceId: number; amount: string }[];
  const paymentIds = new Set(payments.map((p) => p.id));
  for (const ack of acks.filter((a) => a.write.kind === 'payment')) expect(paymentIds.has(ack.body.id as number), `acknowledged payment ${String(ack.body.id)}`).toBe(true);
  for (const id of biz.invoiceIds) {
    const paid = payments.filter((p) => p.invoiceId === id).reduce((s, p) => s + cents(p.amount), 0);
    expect(paid).toBeLessThanOrEqual(PAYABLE_TOTAL_CENTS);
    expect(byId.get(id)?.status).toBe('sent');
  }

  const from = slot(0).slice(0, 10);
  const to = slot(WRITES).slice(0, 10);
  const appointments = (await call(app, biz.cookie, 'GET', `/api/appointments?from=${from}&to=${to}`)).body as { id: number; appointmentDate: string; customerEmail: string }[];
  const appointmentsById = new Map(appointments.map((a) => [a.id, a]));
  for (const ack of acks.filter((a) => a.write.kind === 'booking')) {
    const stored = appointmentsById.get(ack.body.id as number);
    expect(stored, `acknowledged booking ${String(ack.body.id)}`).toBeDefined();
    expect(stored!.customerEmail).toBe((ack.write as { email: string }).email);
  }
  expect(new Set(appointments.map((a) => a.appointmentDate)).size).toBe(appointments.length);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe.each(['pglite', 'postgres'] as const)('SIGKILL during %i concurrent writes on %s'.replace('%i', String(WRITES)), (kind) => {
  it('keeps every acknowledged write whole and nothing half-written', async () => {
    const { store, drop } = await createStore(kind, ADMIN_URL);
    cleanups.push(drop);
    const biz = await prepareBusiness(store);
    let app = await startApp(store);
    cleanups.push(() => app.stop());
    for (let i = 0; i < 4; i++) {
      const res = await call(app, biz.cookie, 'POST', '/api/invoices', { customerId: biz.customerId, status: 'sent', lineItems: [{ description: 'Payable', quantity: 1, rate: String(PAYABLE_TOTAL_CENTS / 100) }] });
      expect(res.status).toBe(201);
      biz.invoiceIds.push((res.body as { id: number }).id);
    }

    const { acks, statuses } = await storm(app, biz, plan(biz.invoiceIds));
    await app.exited;
    expect(app.child.signalCode, app.logs()).toBe('SIGKILL');
    // The kill came mid-storm: some writes were acknowledged, some never answered.
    expect(acks.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acks.length).toBeLessThan(WRITES);
    expect(statuses['500'] ?? 0).toBe(0);

    app = await restart(store);
    await verify(app, biz, acks);
    // And the app carries on where it stopped.
    const next = await call(app, biz.cookie, 'POST', '/api/invoices', { customerId: biz.customerId, lineItems: [{ description: 'After the crash', quantity: 1, rate: '10' }] });
    expect(next.status).toBe(201);
    const count = ((await call(app, biz.cookie, 'GET', '/api/invoices?limit=500')).body as unknown[]).length;
    expect((next.body as { invoiceNumber: string }).invoiceNumber).toBe(`INV-${String(count).padStart(5, '0')}`);
    console.log(`${kind}: ${acks.length} of ${WRITES} writes acknowledged before SIGKILL; statuses ${JSON.stringify(statuses)}; all present after restart`);
    await app.stop();
  });

  async function restart(store: Store): Promise<RunningApp> {
    const app = await startApp(store);
    cleanups.push(() => app.stop());
    return app;
  }
});
