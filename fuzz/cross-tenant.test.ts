// Organization B's people read A's records by id, list and search with A's ids and words, visit A's
// public pages, and write to A's records by id: A's records never show and never change. Each read
// check is paired with A's own admin seeing the same record, so a check that could not fail (a wrong
// id, an empty list) fails instead.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Role } from '../src/contracts/permissions';
import type { RouteEntry } from '../src/server/platform/guard';
import { recordTotals } from './fuzz-run';
import { fuzzSettings } from './settings';
import { operationKey, operationsOf, type Operation } from './openapi-operations';
import { idsOf, kindOfPath, pathFor, poolsFor } from './pools';
import { arbitraryFor } from './schema-arbitrary';
import { snapshotChanges, tenantSnapshot } from './tenant-snapshot';
import { buildWorld, MARKER_A, type FuzzWorld, type Person } from './tenant-world';

let world: FuzzWorld;
let ops: Operation[];
let sent = 0;
const started = Date.now();
const settings = fuzzSettings();

beforeAll(async () => {
  world = await buildWorld();
  ops = operationsOf(world.t.app);
});
afterAll(async () => {
  await world?.t.close();
  console.log(`[fuzz] cross-tenant checks: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  recordTotals(sent);
});

/** GET routes with an {id} that are not an organization's private record, and why. */
const PUBLIC_BY_ID: Record<string, string> = {
  'GET /uploads/:id/:name': 'organization logos are published on the public pages',
};

const get = (url: string, person?: Person, impersonation?: string) => {
  sent++;
  return world.t.call({ url, cookie: person?.cookie, impersonation });
};

/** What B's caller must get for A's record: 403 when the role may not use the route at all, else 404. */
function expectedStatus(route: RouteEntry | undefined, role: string): number[] {
  const a = route?.access;
  if (a?.kind === 'permission' && !a.anyOf.some((p) => permissionsFor(role as Role).has(p))) return [403];
  // Portal routes are public: without a portal token or a matching customer, B's caller is refused or not found.
  if (a?.kind === 'public') return [401, 403, 404];
  return [404];
}

describe("another organization's records stay invisible", () => {
  it('every GET by id of A\'s records answers 404 (or 403 for a role without the permission) to B', async () => {
    const byId = ops.filter((op) => op.method === 'GET' && op.pathParams.some((p) => p.name === 'id'));
    expect(byId.length).toBeGreaterThan(8);
    const routes = new Map(world.t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    const problems: string[] = [];
    let checked = 0;
    for (const op of byId) {
      const key = operationKey(op);
      if (key in PUBLIC_BY_ID) continue;
      const kind = kindOfPath(op.path);
      if (!kind) {
        problems.push(`${key}: no seeded record kind; add one to fuzz/pools.ts PATH_KINDS or PUBLIC_BY_ID`);
        continue;
      }
      // The portal lists sent invoices only; A's draft would be 404 to everyone.
      const ids = op.path.startsWith('/api/portal/') ? [world.a.ids.invoices[0]] : idsOf(world.a, kind);
      if (!ids.length) problems.push(`${key}: organization A has no ${kind} to read`);
      for (const id of ids) {
        const url = pathFor(op.path, id, world.a);
        // The control: A's admin (or, for portal routes, A's admin previewing the customer) reads it.
        const own = await get(op.path.startsWith('/api/portal/') ? `${url}?customer=${world.a.ids.customers[0]}` : url, world.a.admin);
        if (own.statusCode !== 200) problems.push(`${key} ${id}: A's own admin got ${own.statusCode}, so the check proves nothing`);
        for (const [who, person, imp] of [
          ['admin B', world.b.admin, undefined],
          ['employee B', world.b.employee, undefined],
          ['customer B', world.b.customer, undefined],
          ["admin B with the super user's token for admin A", world.b.admin, world.impersonateA],
        ] as const) {
          for (const query of ['', `?customer=${world.a.ids.customers[0]}`]) {
            const res = await get(`${url}${query}`, person, imp);
            checked++;
            const allowed = expectedStatus(routes.get(key), person.role);
            if (!allowed.includes(res.statusCode)) problems.push(`${key} ${url}${query} as ${who}: ${res.statusCode}, expected ${allowed.join(' or ')}: ${res.body.slice(0, 200)}`);
            if (res.body.toLowerCase().includes(MARKER_A)) problems.push(`${key} ${url}${query} as ${who}: shows A's record: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it("lists, searches, reports and exports as B never contain A's records", async () => {
    const lists = ops.filter((op) => op.method === 'GET' && op.pathParams.length === 0 && op.path.startsWith('/api/') && op.path !== '/api/dev/outbox');
    const a = world.a;
    const variants: Record<string, string | number>[] = [
      {},
      { q: MARKER_A },
      { q: `Customer ${MARKER_A} One` },
      { organizationId: a.id },
      { organizationId: a.id, q: MARKER_A, limit: 500 },
      { customerId: a.ids.customers[0], customer: a.ids.customers[0] },
      { invoiceId: a.ids.invoices[0], vendorId: a.ids.vendors[0], serviceId: a.ids.services[0] },
      { from: '2000-01-01', to: '2100-01-01', organizationId: a.id },
    ];
    const problems: string[] = [];
    const seenByA = new Set<string>();
    let checked = 0;
    for (const op of lists) {
      const declared = new Set(op.query.map((q) => q.name));
      for (const v of variants) {
        const query = Object.entries(v)
          .filter(([k]) => declared.has(k))
          .map(([k, val]) => `${k}=${encodeURIComponent(String(val))}`)
          .join('&');
        const url = `${op.path}${query ? `?${query}` : ''}`;
        const mine = await get(url, a.admin);
        if (mine.body.toLowerCase().includes(MARKER_A)) seenByA.add(operationKey(op));
        for (const [who, person, imp] of [
          ['admin B', world.b.admin, undefined],
          ['employee B', world.b.employee, undefined],
          ['customer B', world.b.customer, undefined],
          ["admin B with the super user's token for admin A", world.b.admin, world.impersonateA],
        ] as const) {
          const res = await get(url, person, imp);
          checked++;
          if (res.statusCode >= 500) problems.push(`${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.body.toLowerCase().includes(MARKER_A)) problems.push(`${url} as ${who}: shows A's record: ${res.body.slice(0, 300)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(lists.length * variants.length);
    expect(problems).toEqual([]);
    // The control: the same calls show A's records to A, so the search for the marker is meaningful.
    for (const k of ['GET /api/customers', 'GET /api/work-orders', 'GET /api/estimates', 'GET /api/invoices', 'GET /api/payments', 'GET /api/vendors', 'GET /api/vendor-payments', 'GET /api/inventory', 'GET /api/short-urls', 'GET /api/appointments', 'GET /api/messages', 'GET /api/message-templates', 'GET /api/time-entries', 'GET /api/users', 'GET /api/search']) {
      expect(seenByA, k).toContain(k);
    }
  });

  it("A's public pages show nothing private of A", async () => {
    const a = world.a;
    const appointment = (await get(`/api/appointments/${a.ids.appointments[0]}`, a.admin)).json();
    const date = String(appointment.appointmentDate).slice(0, 10);
    const problems: string[] = [];
    for (const key of [a.slug, a.secrets.scheduleToken]) {
      for (const url of [
        `/api/public/organization-by-slug/${key}`,
        `/api/public/schedule-by-slug/${key}`,
        `/api/public/services-by-slug/${key}`,
        `/api/public/appointments-by-slug/${key}?date=${date}`,
        `/api/public/slots-by-slug/${key}?date=${date}&serviceId=${a.ids.services[0]}`,
      ]) {
        for (const person of [undefined, world.b.admin, world.b.customer]) {
          const res = await get(url, person);
          if (res.statusCode >= 500 || res.body.toLowerCase().includes(MARKER_A)) problems.push(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
      }
    }
    // The control: the busy-times answer does cover the day of A's appointment.
    const busy = await get(`/api/public/appointments-by-slug/${a.slug}?date=${date}`);
    expect(busy.statusCode, busy.body).toBe(200);
    expect((busy.json() as unknown[]).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
  it("every write by id to A's records is refused to B, and A's rows stay as they were", async () => {
    const writesById = ops.filter((op) => op.method !== 'GET' && op.pathParams.some((p) => p.name === 'id'));
    expect(writesById.length).toBeGreaterThan(20);
    const routes = new Map(world.t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    const pools = poolsFor(world, world.b);
    const before = await tenantSnapshot(world.t.database.db, world.a.id);
    const problems: string[] = [];
    for (const op of writesById) {
      const key = operationKey(op);
      const kind = kindOfPath(op.path);
      if (!kind) {
        problems.push(`${key}: no seeded record kind; add one to fuzz/pools.ts PATH_KINDS`);
        continue;
      }
      // An empty change and plausible bodies, so a request gets past validation to the ownership check.
      const bodies = op.body ? [{}, ...fc.sample(arbitraryFor(op.body, pools.fields), { numRuns: 3, seed: settings.seed })] : [{}];
      for (const id of idsOf(world.a, kind).slice(0, 2)) {
        const url = pathFor(op.path, id, world.a);
        for (const [who, person] of [
          ['admin B', world.b.admin],
          ['employee B', world.b.employee],
          ['customer B', world.b.customer],
        ] as const) {
          const statuses: number[] = [];
          for (const body of bodies) {
            sent++;
            const res = await world.t.call({ method: op.method as 'PUT', url, cookie: person.cookie, payload: body as object });
            statuses.push(res.statusCode);
            if (res.statusCode < 300 || res.statusCode >= 500) problems.push(`${key} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            if (res.body.toLowerCase().includes(MARKER_A)) problems.push(`${key} ${url} as ${who}: shows A's record: ${res.body.slice(0, 200)}`);
          }
          // At least one plausible body must reach the refusal; only 400s would prove nothing.
          const refused = expectedStatus(routes.get(key), person.role);
          if (!statuses.some((st) => refused.includes(st))) problems.push(`${key} ${url} as ${who}: only ${statuses.join(', ')}, never ${refused.join(' or ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(snapshotChanges(before, await tenantSnapshot(world.t.database.db, world.a.id))).toEqual([]);
  });
});
