// Shared shape of tenant-isolation cases (see platform/tenant-isolation.test.ts).
import type { TestApp } from './test-app';

/** Two organizations with their people, built once per isolation run. */
export interface World {
  t: TestApp;
  orgA: { id: number; slug: string | null };
  orgB: { id: number; slug: string | null };
  adminA: { id: number; cookie: string };
  adminB: { id: number; cookie: string };
  customerB: { id: number; cookie: string };
  superUser: { id: number; cookie: string };
}

export type IsolationCase =
  /** Serves nothing that belongs to an organization, or only what the organization publishes. */
  | { kind: 'public'; why: string }
  /** Super users only: an organization's own admin is refused. */
  | { kind: 'superOnly'; request?: { payload?: unknown } }
  /** Proves with requests that organization B cannot read or change organization A's records (404), and A can. */
  | { kind: 'custom'; run: (w: World) => Promise<void> };

/**
 * The same world with organization B's admin replaced by an API key of B holding every permission a key may carry
 * (docs/rules/public-api.md#api-keys): every call a case makes with `w.adminB.cookie` is sent as
 * `Authorization: Bearer <key>` instead, so each case proves a key sees no more of A than B's admin does.
 */
export function throughApiKey(w: World, secret: string): World {
  const stand = `api-key:${secret}`;
  const call: TestApp['call'] = (opts) =>
    opts.cookie === stand
      ? w.t.call({ ...opts, cookie: undefined, headers: { ...(opts.headers as Record<string, string> | undefined), authorization: `Bearer ${secret}` } })
      : w.t.call(opts);
  return { ...w, t: { ...w.t, call }, adminB: { id: w.adminB.id, cookie: stand } };
}
