// Demo data for a fresh installation (SEED_DEMO=false turns it off). Runs only on an empty database.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers, organizations, users } from '../schema/index';
import { seedDemoRecords } from './seed-demo-records';
import { seedDemoPaymentActivity } from './seed-demo-payments';
import { DENTAL_SCHEDULING, HOME_SCHEDULING, seedDemoScheduling } from './seed-demo-scheduling';
import { seedDemoShortUrls } from './seed-demo-short-urls';
import { seedDemoTimeEntries } from './seed-demo-time-entries';
import { seedDemoChecklists } from './seed-demo-checklists';
import { seedDemoVendors } from '../../features/vendors/demo-vendors';

export const DEMO_ACCOUNTS = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  employee: 'employee@example.com',
  customer: 'customer@example.com',
  dentalAdmin: 'admin@brightsmiles.example',
} as const;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const r = await db.execute(sql`select (select count(*) from ${organizations}) + (select count(*) from ${users}) as n`);
  const rows = (r as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}

/** `now` anchors the demo records' dates (the past twelve months). */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(organizations)
      .values({
        name: 'Demo Home Services',
        slug: 'demo',
        industry: 'Home Services',
        address: '120 Main Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        phone: '2175550100',
        email: 'office@demohomeservices.example',
        website: 'https://demohomeservices.example',
      })
      .returning({ id: organizations.id });
    const [dental] = await tx
      .insert(organizations)
      .values({
        name: 'Bright Smiles Dental',
        slug: 'bright-smiles',
        industry: 'Healthcare',
        address: '45 Oak Avenue',
        city: 'Madison',
        state: 'WI',
        zip: '53703',
        phone: '6085550142',
        email: 'frontdesk@brightsmiles.example',
        website: 'https://brightsmiles.example',
      })
      .returning({ id: organizations.id });

    const person = (email: string, firstName: string, lastName: string, role: string, organizationId: number | null) => ({
      accountId: randomUUID(),
      email,
      firstName,
      lastName,
      role,
      organizationId,
      companyName: organizationId === demo.id ? 'Demo Home Services' : organizationId === dental.id ? 'Bright Smiles Dental' : null,
    });
    await tx.insert(users).values([
      person(DEMO_ACCOUNTS.super, 'Sam', 'Super', 'super_user', null),
      person(DEMO_ACCOUNTS.admin, 'Alex', 'Admin', 'org_admin', demo.id),
      person(DEMO_ACCOUNTS.manager, 'Morgan', 'Manager', 'manager', demo.id),
      person(DEMO_ACCOUNTS.employee, 'Evan', 'Employee', 'employee', demo.id),
      { ...person(DEMO_ACCOUNTS.customer, 'Casey', 'Customer', 'customer', demo.id), companyName: null },
      person(DEMO_ACCOUNTS.dentalAdmin, 'Dana', 'Dentist', 'org_admin', dental.id),
    ]);

    // The customer user's own record: matched to the user by e-mail within the organization (portal rule).
    await tx.insert(customers).values({
      organizationId: demo.id,
      name: 'Casey Customer',
      email: DEMO_ACCOUNTS.customer,
      phone: '2175550199',
      address: '78 Elm Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
      preferredPaymentMethod: 'card',
    });

    // Customers, jobs, quotes, invoices, payments and stock, so every screen looks lived-in on first start.
    await seedDemoRecords(tx, { demoOrgId: demo.id, dentalOrgId: dental.id, now });
    for (const org of [demo, dental]) await seedDemoPaymentActivity(tx, org.id, now);
    await seedDemoVendors(tx, demo.id);
    await seedDemoScheduling(tx, demo.id, HOME_SCHEDULING, now);
    await seedDemoChecklists(tx, demo.id, now);
    await seedDemoScheduling(tx, dental.id, DENTAL_SCHEDULING, now);
    await seedDemoShortUrls(tx, demo.id, 'demo', now);
    for (const org of [demo, dental]) await seedDemoTimeEntries(tx, org.id, now);
  });
  return true;
}
