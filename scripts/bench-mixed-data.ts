// The data side of `npm run bench:mixed`: `seed:large`'s data (src/server/db/seed/seed-large.ts), one staff user
// and signed-in session per virtual user in the organization it works in, and samples of that organization's
// real customers and invoices to draw pages, search terms and ids from.
import type { Database } from '../src/server/db/client';
import { seedLarge, type LargeSizes } from '../src/server/db/seed/seed-large';
import { createLoginSession } from '../src/server/platform/sessions';

/** At most this many customers and invoices of an organization are kept to draw from (spread over its ids). */
const SAMPLE = 2_000;

export interface OrgSample {
  id: number;
  /** The public booking page's slug (seed:large gives each organization booking settings and services). */
  slug: string;
  customerTotal: number;
  customers: { id: number; name: string }[];
  invoices: { id: number; number: string }[];
  serviceIds: number[];
}

export interface VirtualUser {
  index: number;
  org: OrgSample;
  cookie: string;
  /** The organizations whose booking page this user visits as a member of the public (never the big one: its next weeks are fully booked). */
  bookingOrgs: OrgSample[];
}

export interface MixedData {
  orgs: OrgSample[];
  users: VirtualUser[];
  counts: Record<string, number>;
  seconds: number;
}

/** seed:large's organizations in id order: the big one first, then the small ones. */
async function sampleOrganizations(database: Database): Promise<OrgSample[]> {
  const q = database.query;
  const orgs = (await q(`SELECT id, slug FROM organizations ORDER BY id`)).rows as { id: number; slug: string }[];
  const samples: OrgSample[] = [];
  for (const { id, slug } of orgs) {
    const [{ n: customerTotal }] = (await q(`SELECT count(*)::int AS n FROM customers WHERE organization_id = $1`, [id])).rows as { n: number }[];
    const [{ n: invoiceTotal }] = (await q(`SELECT count(*)::int AS n FROM invoices WHERE organization_id = $1`, [id])).rows as { n: number }[];
    // Every k-th row by id: deterministic, and spread over the whole table rather than its first rows.
    const stride = (total: number) => Math.max(1, Math.ceil(Number(total) / SAMPLE));
    const customers = (await q(`SELECT id, name FROM customers WHERE organization_id = $1 AND id % $2 = 0 ORDER BY id`, [id, stride(customerTotal)])).rows as OrgSample['customers'];
    const invoices = (await q(`SELECT id, invoice_number AS number FROM invoices WHERE organization_id = $1 AND id % $2 = 0 ORDER BY id`, [id, stride(invoiceTotal)])).rows as OrgSample['invoices'];
    const services = (await q(`SELECT id FROM services WHERE organization_id = $1 ORDER BY id`, [id])).rows as { id: number }[];
    samples.push({ id, slug, customerTotal: Number(customerTotal), customers, invoices, serviceIds: services.map((s) => s.id) });
  }
  return samples;
}

/**
 * Half the users work in the big organization (the first), the rest one each in the small ones, round robin;
 * each is a user of its own (org admins and managers in turn), so the per-user response cache sees as many
 * callers as there are users.
 */
async function signInUsers(database: Database, orgs: OrgSample[], count: number): Promise<VirtualUser[]> {
  const [big, ...small] = orgs;
  const inBig = small.length === 0 ? count : Math.ceil(count / 2);
  const users: VirtualUser[] = [];
  for (let i = 0; i < count; i++) {
    const org = i < inBig ? big : small[(i - inBig) % small.length];
    const role = i % 2 === 0 ? 'org_admin' : 'manager';
    const [{ id }] = (await database.query(
      `INSERT INTO users (account_id, email, first_name, last_name, role, organization_id) VALUES ($1, $2, 'Bench', $3, $4, $5) RETURNING id`,
      [`bench-mixed-${i}`, `bench-user-${i}@org-${org.id}.bench.example`, `User ${i}`, role, org.id],
    )).rows as { id: number }[];
    const session = await createLoginSession(database.db, id, { ip: '127.0.0.1', userAgent: `bench-mixed user ${i}` });
    users.push({ index: i, org, cookie: `sid=${session.token}`, bookingOrgs: small.length ? small : [big] });
  }
  return users;
}

/**
 * The appointments seed:large books hold nobody's time; a team works them. Every other one of each organization goes
 * to its bench users in turn (no one is booked twice: an organization's appointments never overlap), the rest stay
 * unassigned, so My day and the dispatch board read what a dispatching business has.
 */
async function shareOutVisits(database: Database): Promise<void> {
  await database.query(
    `INSERT INTO appointment_assignees (organization_id, appointment_id, user_id, starts_at, ends_at, active)
     SELECT a.organization_id, a.id, u.ids[1 + (a.rn / 2) % cardinality(u.ids)], a.appointment_date, a.appointment_date, false
     FROM (SELECT id, organization_id, appointment_date, row_number() OVER (PARTITION BY organization_id ORDER BY appointment_date) AS rn FROM appointments) a
     JOIN (SELECT organization_id, array_agg(id ORDER BY id) AS ids FROM users WHERE account_id LIKE 'bench-mixed-%' GROUP BY organization_id) u ON u.organization_id = a.organization_id
     WHERE a.rn % 2 = 0`,
  );
}

/** Seeds an empty database with seed:large's data of `sizes`, then signs in `userCount` users. */
export async function prepareMixedData(database: Database, sizes: LargeSizes, userCount: number): Promise<MixedData> {
  const started = performance.now();
  const result = await seedLarge(database, sizes);
  const orgs = await sampleOrganizations(database);
  const users = await signInUsers(database, orgs, userCount);
  await shareOutVisits(database);
  await database.query('ANALYZE');
  return { orgs, users, counts: result.counts, seconds: (performance.now() - started) / 1000 };
}
