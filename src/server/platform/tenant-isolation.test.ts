// Walks every registered /api route: each must have a case here proving another organization's data
// stays invisible. A new route without a case fails this file, so later features must extend the table.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/index';
import { bearer, createKeyFor } from '../features/api-keys/api-keys.test-kit';
import { throughApiKey, type IsolationCase, type World } from '../test/isolation';
import { createTestApp } from '../test/test-app';
import { API_KEY_MESSAGES } from './api-key-auth';

// Feature cases live next to the feature: src/server/features/<feature>/<feature>.isolation.ts exporting `isolationCases`.
const featureModules = import.meta.glob<{ isolationCases: Record<string, IsolationCase> }>('../features/**/*.isolation.ts', { eager: true });

const PLATFORM_CASES: Record<string, IsolationCase> = {
  'GET /api/health': { kind: 'public', why: 'readiness only' },
  'GET /api/public/app-info': { kind: 'public', why: 'installation facts only' },
  'POST /api/auth/send-otp': { kind: 'public', why: 'acts on the given address only' },
  'POST /api/auth/verify-otp': { kind: 'public', why: 'acts on the given address only' },
  'POST /api/auth/register': { kind: 'public', why: 'stores a pending registration and e-mails its code, returns a message' },
  'POST /api/auth/logout': { kind: 'public', why: "ends the caller's own session" },
  'GET /api/auth/impersonation-status': { kind: 'public', why: "reports the caller's own session" },
  'GET /api/public/organization-by-slug/:slug': { kind: 'public', why: "an organization's published details" },

  'GET /api/auth/me': { kind: 'custom', run: ownUser('/api/auth/me') },
  'GET /api/me': { kind: 'custom', run: ownUser('/api/me') },
  'GET /api/auth/organization-token': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ url: '/api/auth/organization-token', cookie: w.customerB.cookie });
      expect(res.json()).toEqual({ token: w.orgB.slug });
    },
  },
  'GET /api/organizations': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ url: '/api/organizations', cookie: w.adminA.cookie });
      expect(res.json().map((o: { id: number }) => o.id)).toEqual([w.orgA.id]);
      const all = await w.t.call({ url: '/api/organizations', cookie: w.superUser.cookie });
      expect(all.json().map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([w.orgA.id, w.orgB.id]));
    },
  },
  'GET /api/admin/users': { kind: 'superOnly' },
  'POST /api/admin/impersonate': { kind: 'superOnly', request: { payload: { userId: 1 } } },
  'POST /api/admin/end-impersonation': {
    kind: 'custom',
    run: async (w) => {
      const imp = await w.t.call({ method: 'POST', url: '/api/admin/impersonate', cookie: w.superUser.cookie, payload: { userId: w.adminA.id } });
      const token = imp.json().sessionToken;
      const res = await w.t.call({ method: 'POST', url: '/api/admin/end-impersonation', cookie: w.adminB.cookie, impersonation: token });
      expect(res.json().message).toBe('Not impersonating');
      const still = await w.t.call({ url: '/api/me', cookie: w.superUser.cookie, impersonation: token });
      expect(still.json().id).toBe(w.adminA.id);
    },
  },
  'GET /api/notifications': {
    kind: 'custom',
    run: async (w) => {
      const id = await notificationFor(w, w.adminA.id);
      const res = await w.t.call({ url: '/api/notifications', cookie: w.adminB.cookie });
      expect(res.json().map((n: { id: number }) => n.id)).not.toContain(id);
      const own = await w.t.call({ url: '/api/notifications', cookie: w.adminA.cookie });
      expect(own.json().map((n: { id: number }) => n.id)).toContain(id);
    },
  },
  'GET /api/notifications/unread-count': {
    kind: 'custom',
    run: async (w) => {
      const before = (await w.t.call({ url: '/api/notifications/unread-count', cookie: w.adminB.cookie })).json().count;
      await notificationFor(w, w.adminA.id);
      const after = (await w.t.call({ url: '/api/notifications/unread-count', cookie: w.adminB.cookie })).json().count;
      expect(after).toBe(before);
    },
  },
  'PUT /api/notifications/:id/read': {
    kind: 'custom',
    run: async (w) => {
      const id = await notificationFor(w, w.adminA.id);
      const res = await w.t.call({ method: 'PUT', url: `/api/notifications/${id}/read`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(row.readAt).toBeNull();
    },
  },
  'POST /api/notifications/read-all': {
    kind: 'custom',
    run: async (w) => {
      const id = await notificationFor(w, w.adminA.id);
      await w.t.call({ method: 'POST', url: '/api/notifications/read-all', cookie: w.adminB.cookie });
      const [row] = await w.t.database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(row.readAt).toBeNull();
    },
  },
  'GET /api/dev/outbox': {
    kind: 'custom',
    run: async () => {
      // Every tenant's mail is visible here by design, so it must not exist in production.
      const prod = await createTestApp({ NODE_ENV: 'production' });
      try {
        expect((await prod.call({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    },
  },
};

function ownUser(url: string) {
  return async (w: World) => {
    const res = await w.t.call({ url, cookie: w.adminB.cookie });
    expect(res.json()).toMatchObject({ id: w.adminB.id, organizationId: w.orgB.id, organization: { id: w.orgB.id } });
  };
}

async function notificationFor(w: World, userId: number): Promise<number> {
  const [n] = await w.t.database.db
    .insert(notifications)
    .values({ organizationId: w.orgA.id, userId, type: 'test', title: 'Private to A' })
    .returning({ id: notifications.id });
  return n.id;
}

const CASES: Record<string, IsolationCase> = { ...PLATFORM_CASES };
for (const [file, mod] of Object.entries(featureModules)) {
  for (const [k, c] of Object.entries(mod.isolationCases)) {
    if (k in CASES) throw new Error(`${file}: duplicate isolation case ${k}`);
    CASES[k] = c;
  }
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let w: World;
/** The walk again with B's admin replaced by an API key of B holding every permission a key may carry. */
let wKey: World;
/** A key of A with every permission a key may carry: refused where A's admin is. */
let keyA: string;
beforeAll(async () => {
  // The walk makes hundreds of calls with one key within a minute: its limit has its own test (api-keys.test.ts).
  w = await worldOf(await createTestApp());
  // A database of its own: the cases write records with fixed numbers, settings and addresses once. The walk makes
  // hundreds of calls with one key within a minute; the key limit has its own tests (features/api-keys).
  const other = await worldOf(await createTestApp({ API_KEY_CALLS_PER_MINUTE: '1000000' }));
  wKey = throughApiKey(other, (await createKeyFor(other.t, other.adminB.cookie, { name: 'B integration' })).secret);
  keyA = (await createKeyFor(other.t, other.adminA.cookie, { name: 'A integration' })).secret;
});

async function worldOf(t: World['t']): Promise<World> {
  const orgA = await t.createOrganization();
  const orgB = await t.createOrganization();
  const mk = async (role: string, organizationId: number | null) => {
    const u = await t.createUser({ role, organizationId });
    return { id: u.id, cookie: await t.cookieFor(u.id) };
  };
  return {
    t,
    orgA,
    orgB,
    adminA: await mk('org_admin', orgA.id),
    adminB: await mk('org_admin', orgB.id),
    customerB: await mk('customer', orgB.id),
    superUser: await mk('super_user', null),
  };
}
afterAll(async () => {
  await w?.t.close();
  await wKey?.t.close();
});

describe('tenant isolation', () => {
  it('every registered route has an isolation case', () => {
    const missing = w.t.routes.map(key).filter((k) => !(k in CASES));
    expect(missing, `routes without a tenant-isolation case: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(CASES).filter((k) => !w.t.routes.some((r) => key(r) === k));
    expect(stale, 'cases for routes that no longer exist').toEqual([]);
  });

  it('public cases are routes declared public', () => {
    for (const r of w.t.routes) {
      const c = CASES[key(r)];
      if (c?.kind === 'public') expect(r.access.kind, key(r)).toBe('public');
      if (c?.kind === 'superOnly') expect(r.access.kind, key(r)).not.toBe('public');
    }
  });

  for (const [k, c] of Object.entries(CASES)) {
    if (c.kind === 'public') continue;
    it(k, async () => {
      if (c.kind === 'custom') return c.run(w);
      const [method, url] = k.split(' ');
      const res = await w.t.call({ method: method as 'GET', url: url.replace(/:[a-zA-Z]+/g, '1'), cookie: w.adminA.cookie, payload: c.request?.payload as object });
      expect(res.statusCode).toBe(403);
    });
  }
});

// The same walk with an API key (docs/rules/public-api.md#api-keys): a key of one organization sees nothing of another,
// exactly as its admin's session does, and never reaches the super user's routes or the calls for people only.
describe('tenant isolation through an API key', () => {
  const route = (k: string) => {
    const r = wKey.t.routes.find((x) => key(x) === k);
    if (!r) throw new Error(`no route ${k}`);
    return r;
  };
  const refusedToKey = async (k: string, secret: string) => {
    const [method, url] = k.split(' ');
    const res = await wKey.t.call({ method: method as 'GET', url: url.replace(/:[a-zA-Z]+/g, '1'), headers: bearer(secret), payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode, k).toBe(403);
    expect(res.json().message, k).toBe(API_KEY_MESSAGES.sessionOnly);
  };

  it('refuses a key on every public call for people only (signing in and out, impersonation status)', async () => {
    const publicSessionOnly = wKey.t.routes.filter((r) => r.access.kind === 'public' && r.access.sessionOnly).map(key);
    expect(publicSessionOnly).toEqual(expect.arrayContaining(['POST /api/auth/send-otp', 'POST /api/auth/verify-otp', 'POST /api/auth/logout']));
    for (const k of publicSessionOnly) await refusedToKey(k, keyA);
  });

  for (const [k, c] of Object.entries(CASES)) {
    if (c.kind === 'public') continue;
    it(k, async () => {
      if (route(k).access.sessionOnly) return refusedToKey(k, keyA);
      if (c.kind === 'custom') return c.run(wKey);
      const [method, url] = k.split(' ');
      const res = await wKey.t.call({ method: method as 'GET', url: url.replace(/:[a-zA-Z]+/g, '1'), headers: bearer(keyA), payload: c.request?.payload as object });
      expect(res.statusCode).toBe(403);
    });
  }
});
