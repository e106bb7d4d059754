// The PostgreSQL server goes away under load and comes back: meanwhile the app answers 503 (never 500, never
// hangs), it recovers by itself without a restart, and every write it acknowledged is there.
import { afterAll, describe, expect, it } from 'vitest';
import { call, prepareBusiness, startApp, type Business, type RunningApp } from './fault-app';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

const DOWN_MS = Number(process.env.FAULT_DOWN_MS ?? 6_000);
const WORKERS = 8;

let pg: PrivatePostgres | undefined;
let app: RunningApp | undefined;
afterAll(async () => {
  await app?.stop();
  pg?.destroy();
});

interface Outcome {
  at: number;
  status: number | 'network';
  ms: number;
  invoiceId?: number;
}

async function worker(target: RunningApp, biz: Business, n: number, until: () => boolean, outcomes: Outcome[]): Promise<void> {
  for (let i = 0; !until(); i++) {
    const started = Date.now();
    const write = (n + i) % 2 === 0;
    try {
      const res = write
        ? await call(target, biz.cookie, 'POST', '/api/invoices', { customerId: biz.customerId, lineItems: [{ description: `Outage ${n}-${i}`, quantity: 1, rate: '12.50' }] })
        : await call(target, biz.cookie, 'GET', '/api/customers');
      outcomes.push({ at: started, status: res.status, ms: Date.now() - started, invoiceId: write && res.status === 201 ? (res.body as { id: number }).id : undefined });
    } catch {
      outcomes.push({ at: started, status: 'network', ms: Date.now() - started });
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(privatePostgresAvailable() !== null)('PostgreSQL stopped and restarted under load', () => {
  it('answers 503 while it is down, recovers without a restart, and loses nothing acknowledged', async () => {
    pg = await startPrivatePostgres();
    const store = { kind: 'postgres' as const, url: pg.url };
    const biz = await prepareBusiness(store);
    app = await startApp(store);

    const outcomes: Outcome[] = [];
    let downFrom = 0;
    let backAt = 0;
    let done = false;
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(app!, biz, n, () => done, outcomes)));

    await new Promise((r) => setTimeout(r, 2_000));
    downFrom = Date.now();
    pg.stop('immediate');
    await new Promise((r) => setTimeout(r, DOWN_MS));
    pg.start();
    backAt = Date.now();
    const ok = (o: Outcome) => o.status === 200 || o.status === 201;
    // Wait for the app to serve again by itself, then keep the load on a few more seconds.
    for (;;) {
      const served = outcomes.filter((o) => o.at >= backAt && ok(o));
      const firstServed = Math.min(...served.map((o) => o.at));
      if (served.length >= 50 && Date.now() > firstServed + 4_000) break;
      if (Date.now() - backAt > 40_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    done = true;
    await load;

    // Only calls that finished before the stop: one still in flight when the server went away may rightly answer 503.
    const before = outcomes.filter((o) => o.at + o.ms < downFrom);
    const during = outcomes.filter((o) => o.at > downFrom + 500 && o.at < backAt - 500);
    const recoveredAt = Math.min(...outcomes.filter((o) => o.at >= backAt && ok(o)).map((o) => o.at));
    const after = outcomes.filter((o) => o.at > recoveredAt + 1_000);
    const count = (list: Outcome[], s: Outcome['status']) => list.filter((o) => o.status === s).length;
    const histogram = (list: Outcome[]) => JSON.stringify(list.reduce<Record<string, number>>((h, o) => ({ ...h, [o.status]: (h[o.status] ?? 0) + 1 }), {}));
    console.log(
      `down ${DOWN_MS} ms: ${during.length} calls meanwhile (${count(during, 503)} answered 503, slowest ${Math.max(0, ...during.map((o) => o.ms))} ms); ` +
        `serving again ${recoveredAt - backAt} ms after the server was back; statuses before ${histogram(before)}, during ${histogram(during)}, after ${histogram(after)}`,
    );
    expect(before.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    // Down: a clear 503 for every call, in bounded time.
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((o) => o.status === 503), JSON.stringify(during.filter((o) => o.status !== 503).slice(0, 5))).toBe(true);
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(10_000);
    // Nothing anywhere was a 500 or a dropped connection.
    expect(outcomes.filter((o) => o.status === 500 || o.status === 'network')).toEqual([]);
    // Back: the same process serves again, soon.
    expect(recoveredAt - backAt).toBeLessThan(15_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    expect(app.child.exitCode).toBeNull();

    const acknowledged = outcomes.filter((o) => o.invoiceId !== undefined).map((o) => o.invoiceId!);
    const stored = (await call(app, biz.cookie, 'GET', '/api/invoices?limit=500')).body as { id: number }[];
    const total = Number((await fetch(`${app.baseURL}/api/invoices?limit=1`, { headers: { cookie: biz.cookie } })).headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(acknowledged.length);
    const ids = new Set(stored.map((s) => s.id));
    if (total <= 500) for (const id of acknowledged) expect(ids.has(id), `acknowledged invoice ${id}`).toBe(true);
    for (const id of acknowledged.filter((x) => !ids.has(x))) {
      expect((await call(app, biz.cookie, 'GET', `/api/invoices/${id}`)).status, `acknowledged invoice ${id}`).toBe(200);
    }
  });
});
