import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatDocumentNumber } from '../../features/numbering/next-number';
import { seededNumber, seedLarge } from './seed-large';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const one = async (sql: string) => (await t.database.query(sql)).rows[0] as Record<string, number>;

describe('seed:large', () => {
  it('fills an empty database with consistent documents, and refuses one that holds data', async () => {
    const sizes = { orgs: 3, customers: 200, workOrders: 400, invoices: 400, lineItems: 3, payments: 800, appointments: 300, estimates: 100, timeEntries: 300, messages: 50, vendors: 20, inventory: 60, shortUrls: 30, paymentLinks: 40 };
    const result = await seedLarge(t.database, sizes);
    expect(result.counts).toMatchObject({ organizations: 3, customers: 204, work_orders: 408, invoices: 408, work_order_line_items: 1224, invoice_line_items: 1224 });
    expect(result.counts.payments).toBeGreaterThanOrEqual(800);
    expect(result.counts.appointments).toBe(306);
    expect(result.counts).toMatchObject({ estimates: 102, estimate_line_items: 306, time_entries: 306, messages: 52, vendors: 22, vendor_payments: 88, inventory_items: 62, short_urls: 32, payment_links: 42 });

    // Every document adds up, every paid invoice is covered exactly, nothing overlaps (the constraint would refuse it).
    expect(await one(`select count(*)::int as n from invoices i join (select invoice_id, sum(amount) s from invoice_line_items group by 1) l on l.invoice_id = i.id where i.total <> l.s`)).toEqual({ n: 0 });
    expect(await one(`select count(*)::int as n from work_orders w join (select work_order_id, sum(amount) s from work_order_line_items group by 1) l on l.work_order_id = w.id where w.total_cost <> l.s`)).toEqual({ n: 0 });
    expect(await one(`select count(*)::int as n from invoices i left join (select invoice_id, sum(amount) s from payments group by 1) p on p.invoice_id = i.id where i.status = 'paid' and i.total <> coalesce(p.s, 0)`)).toEqual({ n: 0 });
    expect(await one(`select count(*)::int as n from payments p join invoices i on i.id = p.invoice_id where i.status <> 'paid'`)).toEqual({ n: 0 });
    expect(await one(`select count(*)::int as n from estimates e join (select estimate_id, sum(amount) s from estimate_line_items group by 1) l on l.estimate_id = e.id where e.total <> l.s`)).toEqual({ n: 0 });
    expect(await one(`select count(*)::int as n from time_entries where end_time <= start_time or is_active`)).toEqual({ n: 0 });

    // The big organization's admin sees its records through the app, numbered where the counters say.
    const [admin] = (await t.database.query(`select id from users where email = '${result.adminEmail}'`)).rows as { id: number }[];
    const cookie = await t.cookieFor(admin.id);
    const customers = await t.call({ url: '/api/customers?limit=1', cookie });
    expect(customers.headers['x-total-count']).toBe('200');
    const created = await t.call({ method: 'POST', url: '/api/invoices', cookie, payload: { customerId: (await customers.json())[0].id, lineItems: [{ description: 'After the seed', quantity: 1, rate: 10 }] } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().invoiceNumber).toBe('INV-00401');

    await expect(seedLarge(t.database, sizes)).rejects.toThrow(/already holds organizations/);
  });

  it('numbers documents as the app does: five digits, and more past 99,999 instead of repeating numbers', async () => {
    const ns = [1, 42, 99_999, 100_000, 100_001, 1_234_567];
    const { rows } = await t.database.query(`select ${seededNumber('INV')} as n from unnest($1::int[]) with ordinality as u(g, i) order by i`, [ns]);
    const numbers = (rows as { n: string }[]).map((r) => r.n);
    expect(numbers).toEqual(ns.map((n) => formatDocumentNumber('invoice', n)));
    expect(numbers.slice(0, 4)).toEqual(['INV-00001', 'INV-00042', 'INV-99999', 'INV-100000']);
  });
});
