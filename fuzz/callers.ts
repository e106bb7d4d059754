// Who sends the fuzz cases: signed-in people of either organization, nobody, and callers with broken
// or borrowed credentials. Each caller knows which organization's marker it must never see.
import { MARKER_A, MARKER_B, type FuzzWorld, type Person } from './tenant-world';

export interface Credentials {
  cookie?: string;
  impersonation?: string;
  /** The whole Authorization header (an API key: docs/rules/public-api.md#api-keys). */
  authorization?: string;
}

export interface Caller {
  name: string;
  /** Credentials for the n-th case (the broken ones rotate through their variants). */
  credentials: (n: number) => Credentials & { variant?: string };
  /** Text that must never appear in this caller's responses (the other organization's marker). */
  forbidden: string[];
  /** Signed-in people whose account the fuzzing may change (role, deactivation, logout): restored between operations. */
  person?: Person;
}

const fixed = (c: Credentials) => () => c;

export function staffOf(world: FuzzWorld, side: 'a' | 'b'): Caller[] {
  const t = side === 'a' ? world.a : world.b;
  const forbidden = [side === 'a' ? MARKER_B : MARKER_A];
  return [
    { name: `admin ${side.toUpperCase()}`, credentials: () => ({ cookie: t.admin.cookie }), forbidden, person: t.admin },
    { name: `employee ${side.toUpperCase()}`, credentials: () => ({ cookie: t.employee.cookie }), forbidden, person: t.employee },
    { name: `customer ${side.toUpperCase()}`, credentials: () => ({ cookie: t.customer.cookie }), forbidden, person: t.customer },
    // The admin's API key with every permission a key may carry; the admin is restored when a case changes them.
    { name: `API key ${side.toUpperCase()}`, credentials: () => ({ authorization: `Bearer ${t.secrets.apiKey}` }), forbidden, person: t.admin },
  ];
}

export function superUsers(world: FuzzWorld): Caller[] {
  return [
    // A super user may read every organization by design: nothing is forbidden to it.
    { name: 'super user', credentials: () => ({ cookie: world.superUser.cookie }), forbidden: [], person: world.superUser },
    {
      name: 'super user as admin A',
      credentials: () => ({ cookie: world.superUser.cookie, impersonation: world.impersonateA }),
      forbidden: [MARKER_B],
      person: world.superUser,
    },
  ];
}

/** Cookies that are not a session: empty, garbage, overlong, wrongly formed, a real token altered. */
export function malformedCookies(world: FuzzWorld, cookieName: string): { variant: string; cookie: string }[] {
  const real = world.b.admin.cookie.slice(world.b.admin.cookie.indexOf('=') + 1);
  const flipped = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
  return [
    { variant: 'empty sid', cookie: `${cookieName}=` },
    { variant: 'garbage sid', cookie: `${cookieName}=garbage` },
    { variant: 'overlong sid', cookie: `${cookieName}=${'A'.repeat(8192)}` },
    { variant: 'sid without value', cookie: cookieName },
    { variant: 'altered real token', cookie: `${cookieName}=${flipped}` },
    { variant: 'doubled real token', cookie: `${cookieName}=${real}${real}` },
    { variant: 'quoted real token', cookie: `${cookieName}="${real}"` },
    { variant: 'broken percent-encoding', cookie: `${cookieName}=%E0%A4%A` },
    { variant: 'sql in sid', cookie: `${cookieName}=' OR 1=1 --` },
    { variant: 'two sids, garbage first', cookie: `${cookieName}=x; ${cookieName}=y` },
    { variant: 'only separators', cookie: '=; ;;; =' },
    { variant: 'super user token under another name', cookie: `not${cookieName}=${world.superUser.cookie.slice(world.superUser.cookie.indexOf('=') + 1)}` },
  ];
}

/** Impersonation headers that must be ignored: garbage, or a real token in the wrong hands. */
export function foreignImpersonations(world: FuzzWorld): { variant: string; cookie?: string; impersonation: string }[] {
  const token = world.impersonateA;
  return [
    { variant: "admin B with the super user's token for admin A", cookie: world.b.admin.cookie, impersonation: token },
    { variant: "employee B with the super user's token for admin A", cookie: world.b.employee.cookie, impersonation: token },
    { variant: "customer B with the super user's token for admin A", cookie: world.b.customer.cookie, impersonation: token },
    { variant: "no cookie, the super user's token for admin A", impersonation: token },
    { variant: 'admin B with a garbage token', cookie: world.b.admin.cookie, impersonation: 'garbage' },
    { variant: "admin B with admin B's own session token", cookie: world.b.admin.cookie, impersonation: world.b.admin.cookie.slice(world.b.admin.cookie.indexOf('=') + 1) },
    { variant: 'admin B with an overlong token', cookie: world.b.admin.cookie, impersonation: 'x'.repeat(10_000) },
    { variant: 'admin B with the text null', cookie: world.b.admin.cookie, impersonation: 'null' },
    { variant: 'admin B with a bearer-prefixed token', cookie: world.b.admin.cookie, impersonation: `Bearer ${token}` },
    { variant: 'employee B with sql as token', cookie: world.b.employee.cookie, impersonation: "' OR 1=1 --" },
  ];
}

/**
 * Nobody, broken cookies and borrowed impersonation tokens. Their cases carry B's secrets (portal
 * tokens, payment links) and the borrowed cookies are B's people's, so B's records may show; A's never.
 */
export function strangers(world: FuzzWorld, cookieName: string): Caller[] {
  const forbidden = [MARKER_A];
  return [
    { name: 'anonymous', credentials: fixed({}), forbidden },
    {
      name: 'malformed cookie',
      credentials: (n) => {
        const all = malformedCookies(world, cookieName);
        const c = all[n % all.length];
        return { cookie: c.cookie, variant: c.variant };
      },
      forbidden,
    },
    {
      name: 'malformed API key',
      credentials: (n) => {
        const all = brokenApiKeys(world);
        const c = all[n % all.length];
        return { cookie: c.cookie, authorization: c.authorization, variant: c.variant };
      },
      forbidden,
    },
    {
      name: 'foreign impersonation token',
      credentials: (n) => {
        // Built per case: the people's cookies are renewed when a fuzz case signs them out.
        const all = foreignImpersonations(world);
        const c = all[n % all.length];
        return { cookie: c.cookie, impersonation: c.impersonation, variant: c.variant };
      },
      forbidden,
    },
  ];
}

/**
 * Authorization headers that are no working key: refused with 401 (docs/rules/public-api.md#refusals), never answered
 * as the cookie beside them would be (B's admin's, so only B's records could show anyway).
 */
export function brokenApiKeys(world: FuzzWorld): { variant: string; cookie?: string; authorization: string }[] {
  const real = world.b.secrets.apiKey;
  return [
    { variant: 'bearer without a key', authorization: 'Bearer' },
    { variant: 'bearer with spaces only', authorization: 'Bearer    ' },
    { variant: 'garbage key', authorization: 'Bearer garbage' },
    { variant: 'well-formed unknown key', authorization: `Bearer tb_${'A'.repeat(43)}` },
    { variant: 'real key cut short', authorization: `Bearer ${real.slice(0, -1)}` },
    { variant: 'real key altered', authorization: `Bearer ${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`, cookie: world.b.admin.cookie },
    { variant: 'real key without its tb_', authorization: `Bearer ${real.slice(3)}` },
    { variant: 'overlong key', authorization: `Bearer tb_${'x'.repeat(10_000)}` },
    { variant: 'sql as key', authorization: "Bearer ' OR 1=1 --" },
    { variant: 'two keys', authorization: `Bearer ${real}, Bearer ${real}` },
  ];
}
