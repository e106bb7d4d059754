// A large data set for load tests: one big organization plus small ones, generated set-wise in SQL so half a
// million rows take seconds, on PGlite and PostgreSQL alike. Every document is consistent with itself: line
// items add up to the totals, paid invoices are covered exactly by their payments, appointments never overlap.
import type { Database } from '../client';

/**
 * The SQL of document number `g` as the app writes it (features/numbering/next-number.ts): five digits at least,
 * more when needed (INV-00001 ... INV-99999, INV-100000). `lpad` alone would cut 100000 down to 10000.
 */
export const seededNumber = (prefix: string, g = 'g') => `'${prefix}-' || lpad(${g}::text, greatest(5, length(${g}::text)), '0')`;

export interface LargeSizes {
  orgs: number;
  customers: number;
  workOrders: number;
  invoices: number;
  /** Line items per work order and per invoice (3 + 3 over 50,000 + 50,000 documents: 300,000 rows). */
  lineItems: number;
  payments: number;
  appointments: number;
  /** The other areas, so every list has something to page through. */
  estimates: number;
  timeEntries: number;
  messages: number;
  vendors: number;
  inventory: number;
  shortUrls: number;
  paymentLinks: number;
}

export const DEFAULT_LARGE_SIZES: LargeSizes = {
  orgs: 20,
  customers: 10_000,
  workOrders: 50_000,
  invoices: 50_000,
  lineItems: 3,
  payments: 100_000,
  appointments: 20_000,
  estimates: 10_000,
  timeEntries: 20_000,
  messages: 5_000,
  vendors: 500,
  inventory: 2_000,
  shortUrls: 500,
  paymentLinks: 2_000,
};

/** The small organizations get this share of the big one's records. */
const SMALL_SHARE = 0.01;

export interface LargeResult {
  bigOrganizationId: number;
  adminEmail: string;
  counts: Record<string, number>;
}

type Query = Database['query'];

export async function seedLarge(database: Database, sizes: LargeSizes): Promise<LargeResult> {
  const q = database.query;
  const [{ n }] = (await q('SELECT count(*)::int AS n FROM organizations')).rows as { n: number }[];
  if (Number(n) > 0) throw new Error('The database already holds organizations: seed:large fills an empty one (a new DATA_DIR or database)');

  let bigOrganizationId = 0;
  for (let i = 1; i <= sizes.orgs; i++) {
    const big = i === 1;
    const [{ id }] = (await q(
      `INSERT INTO organizations (name, slug, industry, city, state, zip, phone, email)
       VALUES ($1, $2, $3, 'Springfield', 'IL', '62701', '2175550100', $4) RETURNING id`,
      [big ? 'Big Plumbing Co' : `Small Shop ${i}`, big ? 'big' : `small-${i}`, big ? 'Home Services' : 'Cleaning Services', `office@org${i}.large.example`],
    )).rows as { id: number }[];
    if (big) bigOrganizationId = id;
    const share = big ? 1 : SMALL_SHARE;
    const size = (x: number) => Math.max(1, Math.round(x * share));
    await fillOrganization(q, id, i, {
      ...sizes,
      customers: size(sizes.customers),
      workOrders: size(sizes.workOrders),
      invoices: size(sizes.invoices),
      payments: size(sizes.payments),
      appointments: size(sizes.appointments),
      estimates: size(sizes.estimates),
      timeEntries: size(sizes.timeEntries),
      messages: size(sizes.messages),
      vendors: size(sizes.vendors),
      inventory: size(sizes.inventory),
      shortUrls: size(sizes.shortUrls),
      paymentLinks: size(sizes.paymentLinks),
    });
  }
  await q('ANALYZE');
  const counts: Record<string, number> = {};
  for (const table of ['organizations', 'users', 'customers', 'work_orders', 'work_order_line_items', 'invoices', 'invoice_line_items', 'payments', 'appointments', 'estimates', 'estimate_line_items', 'time_entries', 'messages', 'vendors', 'vendor_payments', 'inventory_items', 'short_urls', 'payment_links']) {
    const [{ c }] = (await q(`SELECT count(*)::int AS c FROM ${table}`)).rows as { c: number }[];
    counts[table] = Number(c);
  }
  return { bigOrganizationId, adminEmail: 'admin@org1.large.example', counts };
}

async function fillOrganization(q: Query, orgId: number, n: number, s: LargeSizes): Promise<void> {
  await q(
    `INSERT INTO users (account_id, email, first_name, last_name, role, organization_id, company_name)
     SELECT 'large-' || $2 || '-' || r, r || '@org' || $2 || '.large.example', initcap(r), 'Org' || $2, role, $1, 'Org ' || $2
     FROM (VALUES ('admin', 'org_admin'), ('manager', 'manager'), ('employee', 'employee')) AS v(r, role)`,
    [orgId, n],
  );
  const surnames = `ARRAY['Smith','Garcia','Johnson','Müller','Nguyen','Brown','Davis','Martinez','Wilson','Anderson','Taylor','Thomas','Moore','Jackson','White','Harris','Clark','Lewis','Young','King']`;
  const firsts = `ARRAY['James','Maria','Robert','Linda','José','Zoë','Wei','Aisha','David','Sarah','Michael','Emma','Daniel','Olivia','Chris','Sofia']`;
  await q(
    `INSERT INTO customers (organization_id, name, email, phone, address, city, state, zip, company_name, payment_terms, preferred_payment_method, created_at)
     SELECT $1, (${firsts})[1 + g % 16] || ' ' || (${surnames})[1 + (g / 16) % 20] || ' ' || g,
            'customer' || g || '@org' || $3 || '.large.example', (5550000000 + g)::text, g || ' Main Street', 'Springfield', 'IL', '62701',
            CASE WHEN g % 4 = 0 THEN 'Company ' || g END, (ARRAY['net15','net30','net45','net60','due_on_receipt'])[1 + g % 5],
            CASE WHEN g % 3 = 0 THEN 'bank_transfer' ELSE 'card' END, now() - (g % 730) * interval '1 day'
     FROM generate_series(1, $2::int) g`,
    [orgId, s.customers, n],
  );
  const [{ first }] = (await q('SELECT min(id)::int AS first FROM customers WHERE organization_id = $1', [orgId])).rows as { first: number }[];

  // Totals in whole cents, split over the line items with the remainder on the last one.
  await q(
    `INSERT INTO work_orders (organization_id, order_number, customer_id, title, status, start_date, due_date, completed_date, labor_cost, total_cost, created_at, updated_at)
     SELECT $1, ${seededNumber('WO')}, $2 + (g % $3::int), (ARRAY['Repair','Install','Inspect','Replace','Service'])[1 + g % 5] || ' job ' || g,
            (ARRAY['scheduled','in_progress','completed','cancelled'])[1 + g % 4],
            now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day' + interval '14 days',
            CASE WHEN g % 4 = 2 THEN now() - (g % 730) * interval '1 day' + interval '3 days' END,
            (((g::bigint * 7919) % 90000) + 10000) / 100.0, (((g::bigint * 7919) % 90000) + 10000) / 100.0, now() - (g % 730) * interval '1 day',
            -- Last touched when the job ended (completed after 3 days, cancelled after 2), never in the future.
            least(now(), now() - (g % 730) * interval '1 day' + (ARRAY[0, 1, 3, 2])[1 + g % 4] * interval '1 day')
     FROM generate_series(1, $4::int) g`,
    [orgId, first, s.customers, s.workOrders],
  );
  await q(
    `INSERT INTO work_order_line_items (organization_id, work_order_id, description, quantity, rate, amount, sort_order)
     SELECT w.organization_id, w.id, 'Labor, part ' || l, 1, a.amount, a.amount, l - 1
     FROM work_orders w CROSS JOIN generate_series(1, $2::int) l
     CROSS JOIN LATERAL (SELECT ((floor(w.total_cost * 100 / $2) + CASE WHEN l = $2 THEN (w.total_cost * 100)::bigint % $2 ELSE 0 END) / 100.0)::numeric(10,2) AS amount) a
     WHERE w.organization_id = $1`,
    [orgId, s.lineItems],
  );

  // Half the invoices are paid, and each paid one is covered exactly by its share of the payments.
  await q(
    `INSERT INTO invoices (organization_id, invoice_number, customer_id, status, subtotal, tax, total, due_date, paid_date, created_at, updated_at)
     SELECT $1, ${seededNumber('INV')}, $2 + (g % $3::int), st.status,
            t.total, 0, t.total, now() - (g % 730) * interval '1 day' + interval '30 days', pd.paid_date,
            now() - (g % 730) * interval '1 day', coalesce(pd.paid_date, now() - (g % 730) * interval '1 day')
     FROM generate_series(1, $4::int) g CROSS JOIN LATERAL (SELECT ((((g::bigint * 104729) % 150000) + 5000) / 100.0)::numeric(10,2) AS total) t
     CROSS JOIN LATERAL (SELECT (ARRAY['draft','paid','paid','sent','paid','overdue','paid','sent'])[1 + g % 8] AS status) st
     -- Paid 20 days after it was issued, or half-way to today for a recent one: never in the future.
     CROSS JOIN LATERAL (SELECT CASE WHEN st.status = 'paid' THEN now() - (g % 730) * interval '1 day' + least(20, (g % 730) / 2.0) * interval '1 day' END AS paid_date) pd`,
    [orgId, first, s.customers, s.invoices],
  );
  await q(
    `INSERT INTO invoice_line_items (organization_id, invoice_id, description, quantity, rate, amount, sort_order)
     SELECT i.organization_id, i.id, (ARRAY['Service call','Parts','Labor','Materials','Disposal'])[1 + (i.id + l) % 5], 1, a.amount, a.amount, l - 1
     FROM invoices i CROSS JOIN generate_series(1, $2::int) l
     CROSS JOIN LATERAL (SELECT ((floor(i.total * 100 / $2) + CASE WHEN l = $2 THEN (i.total * 100)::bigint % $2 ELSE 0 END) / 100.0)::numeric(10,2) AS amount) a
     WHERE i.organization_id = $1`,
    [orgId, s.lineItems],
  );
  const [{ paid }] = (await q(`SELECT count(*)::int AS paid FROM invoices WHERE organization_id = $1 AND status = 'paid'`, [orgId])).rows as { paid: number }[];
  const perInvoice = Math.max(1, Math.ceil(s.payments / Math.max(1, Number(paid))));
  await q(
    `INSERT INTO payments (organization_id, invoice_id, customer_id, invoice_number, customer_name, amount, method, received_date, status, created_at)
     SELECT i.organization_id, i.id, i.customer_id, i.invoice_number, c.name,
            ((floor(i.total * 100 / $2) + CASE WHEN p = $2 THEN (i.total * 100)::bigint % $2 ELSE 0 END) / 100.0)::numeric(10,2),
            (ARRAY['card','check','bank_transfer','cash'])[1 + (i.id + p) % 4], r.received, 'completed', r.received
     FROM invoices i JOIN customers c ON c.id = i.customer_id CROSS JOIN generate_series(1, $2::int) p
     -- The last payment on the paid date, the others spread back towards the issue date (2 days apart at most).
     CROSS JOIN LATERAL (SELECT i.paid_date - ($2 - p) * least(interval '2 days', (i.paid_date - i.created_at) / $2) AS received) r
     WHERE i.organization_id = $1 AND i.status = 'paid'`,
    [orgId, perInvoice],
  );

  await q(
    `INSERT INTO number_counters (organization_id, entity_type, current_number) VALUES ($1, 'work_order', $2), ($1, 'invoice', $3), ($1, 'estimate', 0)`,
    [orgId, s.workOrders, s.invoices],
  );

  // Booking: settings, four services, and 30-minute appointments from 9:00 to 16:30 back to back, half past, half ahead.
  await q(`INSERT INTO schedule_settings (organization_id, schedule_token, time_zone) VALUES ($1, $2, 'America/Chicago')`, [orgId, `large-${n}-${orgId}`]);
  await q(
    `INSERT INTO services (organization_id, name, description, duration, price)
     SELECT $1, v.name, v.name || ' visit', 30, v.price FROM (VALUES ('Inspection', 89.00), ('Repair visit', 149.00), ('Estimate', 0), ('Maintenance', 119.00)) v(name, price)`,
    [orgId],
  );
  await q(
    `INSERT INTO appointments (organization_id, service_id, customer_id, customer_name, customer_email, appointment_date, duration, status, source)
     SELECT $1, s.id, c.id, c.name, c.email, d.at, 30,
            CASE WHEN d.at < now()::timestamp THEN (CASE WHEN g % 10 = 0 THEN 'cancelled' ELSE 'completed' END) ELSE 'scheduled' END,
            CASE WHEN g % 5 = 0 THEN 'online' ELSE 'staff' END
     FROM generate_series(0, $2::int - 1) g
     CROSS JOIN LATERAL (SELECT date_trunc('day', now()::timestamp) - (($2::int / 16) / 2) * interval '1 day' + (g / 16) * interval '1 day'
                                + interval '9 hours' + (g % 16) * interval '30 minutes' AS at) d
     JOIN customers c ON c.id = $3 + (g % $4::int)
     JOIN LATERAL (SELECT id FROM services WHERE organization_id = $1 ORDER BY id OFFSET g % 4 LIMIT 1) s ON true`,
    [orgId, s.appointments, first, s.customers],
  );
  await fillOtherAreas(q, orgId, n, first, s);

}

async function fillOtherAreas(q: Query, orgId: number, n: number, firstCustomer: number, s: LargeSizes): Promise<void> {
  await q(
    `INSERT INTO estimates (organization_id, estimate_number, customer_id, title, status, subtotal, tax, total, valid_until, created_at)
     SELECT $1, ${seededNumber('EST')}, $2 + (g % $3::int), 'Quote for job ' || g, (ARRAY['draft','sent','approved','declined','expired'])[1 + g % 5],
            t.total, 0, t.total, now() - (g % 730) * interval '1 day' + interval '30 days', now() - (g % 730) * interval '1 day'
     FROM generate_series(1, $4::int) g CROSS JOIN LATERAL (SELECT ((((g::bigint * 6007) % 80000) + 2000) / 100.0)::numeric(10,2) AS total) t`,
    [orgId, firstCustomer, s.customers, s.estimates],
  );
  await q(
    `INSERT INTO estimate_line_items (organization_id, estimate_id, description, quantity, rate, amount, sort_order)
     SELECT e.organization_id, e.id, 'Quoted work, part ' || l, 1, a.amount, a.amount, l - 1
     FROM estimates e CROSS JOIN generate_series(1, $2::int) l
     CROSS JOIN LATERAL (SELECT ((floor(e.total * 100 / $2) + CASE WHEN l = $2 THEN (e.total * 100)::bigint % $2 ELSE 0 END) / 100.0)::numeric(10,2) AS amount) a
     WHERE e.organization_id = $1`,
    [orgId, s.lineItems],
  );
  await q(`UPDATE number_counters SET current_number = $2 WHERE organization_id = $1 AND entity_type = 'estimate'`, [orgId, s.estimates]);

  // Finished entries on jobs, by the organization's three staff members (ids of one INSERT are consecutive).
  const [{ firstJob, jobs, firstUser }] = (await q(
    `SELECT (SELECT min(id)::int FROM work_orders WHERE organization_id = $1) AS "firstJob",
            (SELECT count(*)::int FROM work_orders WHERE organization_id = $1) AS jobs,
            (SELECT min(id)::int FROM users WHERE organization_id = $1) AS "firstUser"`,
    [orgId],
  )).rows as { firstJob: number; jobs: number; firstUser: number }[];
  await q(
    `INSERT INTO time_entries (organization_id, work_order_id, user_id, employee_name, description, start_time, end_time, is_active)
     SELECT $1, w.id, u.id, u.first_name || ' ' || u.last_name, 'Worked on ' || w.title, w.start_date + interval '9 hours',
            w.start_date + interval '9 hours' + (30 + (g % 8) * 30) * interval '1 minute', false
     FROM generate_series(1, $2::int) g
     JOIN work_orders w ON w.id = $3 + (g - 1) % $4::int
     JOIN users u ON u.id = $5 + g % 3`,
    [orgId, s.timeEntries, firstJob, jobs, firstUser],
  );
  await q(
    `INSERT INTO messages (organization_id, subject, content, recipients, type, status, created_at, sent_date)
     SELECT $1, 'Update ' || g, 'Hello, this is update number ' || g || ' about your service.', jsonb_build_array('customer' || g || '@org' || $3 || '.large.example'),
            CASE WHEN g % 4 = 0 THEN 'sms' ELSE 'email' END, CASE WHEN g % 5 = 0 THEN 'draft' ELSE 'sent' END,
            now() - (g % 365) * interval '1 day', CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (g % 365) * interval '1 day' END
     FROM generate_series(1, $2::int) g`,
    [orgId, s.messages, n],
  );
  await q(
    `INSERT INTO vendors (organization_id, name, email, phone, company_name, payment_terms)
     SELECT $1, 'Supplier ' || g, 'billing' || g || '@supplier.example', (3120000000 + g)::text, 'Supply Co ' || g, 'net30'
     FROM generate_series(1, $2::int) g`,
    [orgId, s.vendors],
  );
  await q(
    `INSERT INTO vendor_payments (organization_id, vendor_id, vendor_name, amount, payment_date, method, description)
     SELECT v.organization_id, v.id, v.name, ((((v.id::bigint + p) * 7919) % 200000 + 1000) / 100.0)::numeric(10,2), now() - ((v.id + p) % 365) * interval '1 day', 'check', 'Materials'
     FROM vendors v CROSS JOIN generate_series(1, 4) p WHERE v.organization_id = $1`,
    [orgId],
  );
  await q(
    `INSERT INTO inventory_items (organization_id, name, description, sku, category, quantity, minimum_stock, unit_cost, unit_price, supplier, location)
     SELECT $1, 'Part ' || g, 'Stock part number ' || g, 'SKU-' || $3 || '-' || g, (ARRAY['Plumbing','HVAC','Electrical','Hardware'])[1 + g % 4],
            (g * 37) % 60, 5 + g % 10, ((g % 500) + 50) / 10.0, ((g % 500) + 50) / 5.0, 'Supply Co ' || (1 + g % 20), 'Shelf ' || (1 + g % 40)
     FROM generate_series(1, $2::int) g`,
    [orgId, s.inventory, n],
  );
  await q(
    `INSERT INTO short_urls (organization_id, title, original_url, short_code, clicks, created_at)
     SELECT $1, 'Link ' || g, 'https://org' || $3 || '.large.example/page/' || g, 'o' || $3 || '-' || g, g % 97, now() - (g % 365) * interval '1 day'
     FROM generate_series(1, $2::int) g`,
    [orgId, s.shortUrls, n],
  );
  await q(
    `INSERT INTO payment_links (organization_id, invoice_id, link_id, amount, status, created_at, expires_at, click_count)
     SELECT i.organization_id, i.id, 'pl_' || $3 || '_' || i.id, i.total, 'active', i.created_at, i.created_at + interval '30 days', i.id % 7
     FROM invoices i WHERE i.organization_id = $1 AND i.status IN ('sent', 'overdue') ORDER BY i.id LIMIT $2`,
    [orgId, s.paymentLinks, n],
  );
}
