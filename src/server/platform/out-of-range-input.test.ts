// Dates at and past the edges of the calendar, and sort keys that name no column, on every route that takes
// them: always 400 naming the field, never a 500 (docs/rules/errors.md#bad-input; docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookingOrg, type BookingOrg } from '../features/scheduling/scheduling.test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import type { RouteEntry } from './guard';

let t: TestApp;
let org: BookingOrg;
let admin: string;
let superUser: string;
let ip = 0;
const nextIp = () => `172.21.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  org = await bookingOrg(t);
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
  superUser = await t.cookieFor((await t.createUser({ role: 'super_user' })).id);
});
afterAll(async () => {
  await t?.close();
});

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: unknown): Shape => ((schema as { shape?: Shape } | undefined)?.shape ?? {});
const accepts = (s: z.ZodType, v: string) => s.safeParse(v).success;

/** Path parameters filled with values that exist, so a value the schema let through reaches the handler. */
const fill = (url: string) => url.replace(/:slug\b/g, org.slug).replace(/:[a-zA-Z]+/g, '1');

/** Query and path fields that take a calendar date or an instant: they accept one and refuse text. */
function dateFields(r: RouteEntry): { where: 'querystring' | 'params'; field: string }[] {
  return (['querystring', 'params'] as const).flatMap((where) =>
    Object.entries(shapeOf(r.schema[where]))
      .filter(([, s]) => (accepts(s, '2026-06-15') || accepts(s, '2026-06-15T10:00:00.000Z')) && !accepts(s, 'not a date'))
      .map(([field]) => ({ where, field })),
  );
}

const dateRoutes = () => t.routes.filter((r) => dateFields(r).length > 0);
const OUT_OF_RANGE = ['9999-12-31', '0000-01-01', '2026-02-30', '10000-01-01', '1899-12-31', '2026-13-01', '9999-12-31T23:59:59.000Z'];

async function get(url: string, cookie: string) {
  return t.call({ url, cookie, remoteAddress: nextIp() });
}

describe('dates out of range', () => {
  it('the walk finds the public and staff routes that take a date', () => {
    const found = dateRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/public/appointments-by-slug/:slug',
      'GET /api/public/slots-by-slug/:slug',
      'GET /api/appointments',
      'GET /api/reports/summary',
      'GET /api/reports/export',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('a valid date reaches the handler on every such route', async () => {
    for (const r of dateRoutes()) {
      const query = new URLSearchParams(dateFields(r).map(({ field }) => [field, '2026-06-15']));
      const res = await get(`${fill(r.url)}?${query}`, admin);
      expect(res.statusCode, `${r.url} ${res.body}`).toBe(200);
    }
  });

  it('9999-12-31, 0000-01-01, 2026-02-30 and other impossible dates answer 400 naming the field, alone or together', async () => {
    for (const r of dateRoutes()) {
      const fields = dateFields(r).map((f) => f.field);
      for (const bad of OUT_OF_RANGE) {
        // Every date field at once (so a pair such as from/to cannot fail on its order instead), then each alone.
        const cases: [string[], URLSearchParams][] = [
          [fields, new URLSearchParams(fields.map((f) => [f, bad]))],
          ...fields.map((f): [string[], URLSearchParams] => [[f], new URLSearchParams(fields.map((g) => [g, g === f ? bad : '2026-06-15']))]),
        ];
        for (const [named, query] of cases) {
          for (const cookie of [admin, superUser]) {
            const res = await get(`${fill(r.url)}?${query}`, cookie);
            const label = `${r.method} ${r.url}?${query}`;
            expect(res.statusCode, `${label} ${res.body}`).toBe(400);
            const paths = (res.json().issues ?? []).map((i: { path: string }) => i.path);
            for (const f of named) expect(paths, label).toContain(f);
          }
        }
      }
    }
  });
});

describe('unknown sort keys', () => {
  const listRoutes = () => t.routes.filter((r) => r.method === 'GET' && 'sort' in shapeOf(r.schema.querystring));

  it('the walk finds every list route', () => {
    const found = listRoutes().map((r) => r.url);
    expect(found.length).toBeGreaterThanOrEqual(15);
    for (const url of ['/api/customers', '/api/invoices', '/api/work-orders', '/api/estimates', '/api/payments', '/api/users', '/api/time-entries', '/api/inventory']) {
      expect(found).toContain(url);
    }
  });

  it('constructor, toString, __proto__ and names of no column answer 400 on every list route', async () => {
    for (const r of listRoutes()) {
      for (const sort of ['constructor', '-constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'noSuchColumn', '-noSuchColumn']) {
        for (const cookie of [admin, superUser]) {
          const res = await get(`${fill(r.url)}?sort=${encodeURIComponent(sort)}`, cookie);
          if (res.statusCode === 403) continue; // the caller may not read this list at all: nothing to sort
          expect(res.statusCode, `${r.url}?sort=${sort} ${res.body}`).toBe(400);
          expect(res.json().issues?.map((i: { path: string }) => i.path), `${r.url}?sort=${sort}`).toContain('sort');
        }
      }
    }
  });
});
