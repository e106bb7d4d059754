// Two organizations full of records made through the API, and the people who call the fuzzed routes.
// Every private text of an organization carries its marker (qzxalpha for A, qzxbravo for B), so a
// response that shows the other organization's data is found by a plain substring search.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { API_KEY_PERMISSIONS } from '../src/contracts/api-keys';
import { portalTokenFromAddress } from '../src/contracts/customer-portal';
import { apiKeys, outbox, users } from '../src/server/db/schema/index';
import { createImpersonationSession, resolveSession } from '../src/server/platform/sessions';
import { createTestApp, type TestApp } from '../src/server/test/test-app';
import { solidPng } from '../src/server/features/documents/documents.test-kit';
import { postImportFile } from '../src/server/features/imports/imports.test-kit';

export const MARKER_A = 'qzxalpha';
export const MARKER_B = 'qzxbravo';

export type RecordKind =
  | 'customers'
  | 'workOrders'
  | 'estimates'
  | 'invoices'
  | 'creditNotes'
  | 'payments'
  | 'vendors'
  | 'vendorPayments'
  | 'inventory'
  | 'shortUrls'
  | 'services'
  | 'scheduleSettings'
  | 'reminderSettings'
  | 'appointments'
  | 'messages'
  | 'messageTemplates'
  | 'timeEntries'
  | 'paymentProcessors'
  | 'users'
  | 'notifications'
  | 'taxRates'
  | 'recurringInvoices'
  | 'timeOff'
  | 'workOrderAttachments'
  | 'checklistTemplates'
  | 'workOrderChecklists'
  | 'accountingExports'
  | 'webhookEndpoints'
  | 'webhookDeliveries'
  | 'apiKeys'
  | 'imports'
  | 'conversations';

export interface Person {
  id: number;
  role: string;
  organizationId: number | null;
  cookie: string;
}

export interface Tenant {
  id: number;
  slug: string;
  marker: string;
  admin: Person;
  employee: Person;
  customer: Person;
  ids: Record<RecordKind, number[]>;
  /** Values that grant access by themselves (portal tokens, payment link ids, short codes, schedule token, an API key). */
  secrets: { portalTokens: string[]; linkIds: string[]; shortCodes: string[]; scheduleToken: string; apiKey: string };
}

export interface FuzzWorld {
  t: TestApp;
  a: Tenant;
  b: Tenant;
  superUser: Person;
  /** A real impersonation token of the super user acting as A's admin: honoured only with the super user's own cookie. */
  impersonateA: string;
}

const emptyIds = (): Record<RecordKind, number[]> => ({
  customers: [],
  workOrders: [],
  estimates: [],
  invoices: [],
  creditNotes: [],
  taxRates: [],
  recurringInvoices: [],
  timeOff: [],
  workOrderAttachments: [],
  checklistTemplates: [],
  workOrderChecklists: [],
  accountingExports: [],
  webhookEndpoints: [],
  webhookDeliveries: [],
  apiKeys: [],
  imports: [],
  conversations: [],
  payments: [],
  vendors: [],
  vendorPayments: [],
  inventory: [],
  shortUrls: [],
  services: [],
  scheduleSettings: [],
  reminderSettings: [],
  appointments: [],
  messages: [],
  messageTemplates: [],
  timeEntries: [],
  paymentProcessors: [],
  users: [],
  notifications: [],
});

async function person(t: TestApp, role: string, organizationId: number | null, values: Record<string, unknown> = {}): Promise<Person> {
  const u = await t.createUser({ role, organizationId, ...values });
  return { id: u.id, role, organizationId, cookie: await t.cookieFor(u.id) };
}

/** A future weekday date (YYYY-MM-DD), far enough ahead to be bookable and apart per organization. */
function futureDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function seedTenant(t: TestApp, org: { id: number; slug: string | null }, marker: string, dayOffset: number): Promise<Tenant> {
  const admin = await person(t, 'org_admin', org.id, { firstName: `Admin ${marker}` });
  const employee = await person(t, 'employee', org.id);
  const customerEmail = `${marker}.portal@example.com`;
  const customer = await person(t, 'customer', org.id, { email: customerEmail });
  const ids = emptyIds();
  const call = async (kind: RecordKind | null, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.call({ method, url, cookie: admin.cookie, payload });
    if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    const body = res.json();
    if (kind) ids[kind].push(body.id);
    return body;
  };

  const c1 = await call('customers', 'POST', '/api/customers', {
    name: `Customer ${marker} One`,
    email: customerEmail,
    phone: '5551234567',
    companyName: `Company ${marker}`,
    notes: `Private notes ${marker}`,
    address: `1 ${marker} Street`,
    portalAccessEnabled: true,
  });
  await call('customers', 'POST', '/api/customers', { name: `Customer ${marker} Two`, email: `${marker}.two@example.com`, notes: `Owes money ${marker}` });
  const wo = await call('workOrders', 'POST', '/api/work-orders', {
    customerId: c1.id,
    title: `Work order ${marker}`,
    description: `Fix the ${marker} boiler`,
    lineItems: [{ description: `Labour ${marker}`, quantity: 2, rate: 40 }],
  });
  // A photo on the job, shared with the customer, so the portal's photo routes have one to serve.
  ids.workOrderAttachments.push(await sharedPhoto(t, admin, wo.id, `Photo ${marker}`));
  // A checklist template and its checklist on the job (docs/rules/team.md#checklists).
  const checklist = await call('checklistTemplates', 'POST', '/api/checklist-templates', { name: `Checklist ${marker}`, items: [{ label: `Check ${marker}`, kind: 'yes_no', required: true }, { label: `Reading ${marker}`, kind: 'number' }] });
  await call('workOrderChecklists', 'POST', `/api/work-orders/${wo.id}/checklists`, { templateId: checklist.id });
  const est = await call('estimates', 'POST', '/api/estimates', {
    customerId: c1.id,
    title: `Estimate ${marker}`,
    description: `Quote ${marker}`,
    lineItems: [{ description: `Part ${marker}`, quantity: 1, rate: 99.5 }],
  });
  const inv = await call('invoices', 'POST', '/api/invoices', {
    customerId: c1.id,
    workOrderId: wo.id,
    estimateId: est.id,
    status: 'sent',
    notes: `Invoice notes ${marker}`,
    lineItems: [{ description: `Billed ${marker}`, quantity: 3, rate: '25.00' }],
  });
  await call('invoices', 'POST', '/api/invoices', { customerId: c1.id, notes: `Draft ${marker}`, lineItems: [{ description: `Second ${marker}`, quantity: 1, rate: 10 }] });
  await call('payments', 'POST', '/api/payments', { invoiceId: inv.id, amount: '5.00', method: 'cash', reference: `Ref ${marker}`, notes: `Paid ${marker}` });
  await call('creditNotes', 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: `Credit ${marker}`, lineItems: [{ description: `Credited ${marker}`, quantity: 1, rate: '10.00' }] });
  await call('taxRates', 'POST', '/api/tax-rates', { name: `Rate ${marker}`, percent: '6.25' });
  await call('timeOff', 'POST', `/api/team/${employee.id}/time-off`, { startsAt: `${futureDate(40 + dayOffset)}T08:00`, endsAt: `${futureDate(40 + dayOffset)}T12:00`, reason: `Away ${marker}` });
  await call('recurringInvoices', 'POST', '/api/recurring-invoices', {
    customerId: c1.id,
    title: `Plan ${marker}`,
    frequency: 'monthly',
    startDate: futureDate(60 + dayOffset),
    notes: `Plan notes ${marker}`,
    lineItems: [{ description: `Monthly ${marker}`, quantity: 1, rate: '45.00' }],
  });
  const vendor = await call('vendors', 'POST', '/api/vendors', { name: `Vendor ${marker}`, email: `${marker}.vendor@example.com`, notes: `Vendor notes ${marker}`, taxId: `TAX-${marker}` });
  await call('vendorPayments', 'POST', '/api/vendor-payments', { vendorId: vendor.id, amount: '12.34', reference: `VRef ${marker}`, description: `Vendor payment ${marker}` });
  await call('inventory', 'POST', '/api/inventory', { name: `Item ${marker}`, sku: `SKU-${marker}`, description: `Stock ${marker}`, quantity: 5, supplier: `Supplier ${marker}` });
  // A customers file uploaded for import and not imported yet (docs/rules/data-exchange.md#imports).
  const upload = await postImportFile(t, admin.cookie, { kind: 'customers', fileName: `customers-${marker}.csv`, data: `Name,Email\r\nImported ${marker},${marker}.import@example.com\r\n` });
  if (upload.statusCode !== 201) throw new Error(`seeding POST /api/imports answered ${upload.statusCode}: ${upload.body}`);
  ids.imports.push(upload.json().id);
  const short = await call('shortUrls', 'POST', '/api/short-urls', { title: `Link ${marker}`, originalUrl: `https://example.com/${marker}` });
  // Services and schedule settings are published on the booking page: no marker in them.
  const settings = await call('scheduleSettings', 'POST', '/api/schedule-settings', {
    timeZone: 'UTC',
    advanceBookingDays: 365,
    ...Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [`${d}Enabled`, true])),
  });
  await call('reminderSettings', 'POST', '/api/reminder-settings', { isEnabled: true, emailEnabled: true });
  const service = await call('services', 'POST', '/api/services', { name: 'Tune-up', duration: 60, price: '80' });
  await call('appointments', 'POST', '/api/appointments', {
    customerId: c1.id,
    customerName: `Booked ${marker}`,
    customerEmail: `${marker}.booked@example.com`,
    serviceId: service.id,
    appointmentDate: `${futureDate(30 + dayOffset)}T10:00`,
    notes: `Gate code ${marker}`,
  });
  await call('messages', 'POST', '/api/messages', { subject: `Subject ${marker}`, content: `Draft body ${marker}`, type: 'email', recipients: [customerEmail] });
  await call('messages', 'POST', '/api/messages', { subject: `Sent ${marker}`, content: `Sent body ${marker}`, type: 'email', status: 'sent', recipients: [customerEmail] });
  await call('messageTemplates', 'POST', '/api/message-templates', { name: `Template ${marker}`, subject: `Tpl ${marker}`, content: `Hello ${marker}` });
  // An SMS conversation with the customer's mobile (docs/rules/messaging.md#conversations).
  const texted = await call(null, 'POST', '/api/conversations', { customerId: c1.id, body: `Text ${marker}` });
  ids.conversations.push(texted.conversationId);
  await call('timeEntries', 'POST', '/api/time-entries', { workOrderId: wo.id, description: `Timer ${marker}` });
  // The accounting settings and an export of the days around today, holding the invoice, payment and credit note.
  const accounting = (await t.call({ url: '/api/accounting/settings', cookie: admin.cookie })).json() as { taxCodeRows: { key: string }[] };
  await call(null, 'PUT', '/api/accounting/settings', {
    format: 'qbo_csv',
    mapping: {
      incomeAccount: `Sales ${marker}`,
      receivablesAccount: 'Accounts Receivable',
      depositAccount: 'Undeposited Funds',
      salesTaxAccount: 'Sales Tax Payable',
      noTaxCode: 'NON',
      taxCodes: accounting.taxCodeRows.map((r) => ({ key: r.key, code: `TAX ${marker}` })),
    },
  });
  const made = await call(null, 'POST', '/api/accounting/exports', { from: futureDate(-1), to: futureDate(1) });
  ids.accountingExports.push(made.export.id);
  await call('paymentProcessors', 'POST', '/api/payment-processors', { displayName: `Processor ${marker}`, processorType: 'manual' });
  await call('users', 'POST', '/api/users', { email: `${marker}.staff@example.com`, firstName: `Staff ${marker}`, lastName: 'Member', role: 'manager' });
  ids.users.push(admin.id, employee.id, customer.id);
  // A webhook endpoint and a test delivery to it (docs/rules/public-api.md#webhooks); the job never runs here.
  const hook = await call('webhookEndpoints', 'POST', '/api/webhook-endpoints', { url: `https://hooks.example.com/${marker}`, description: `Hook ${marker}`, events: ['customer.created'] });
  await call('webhookDeliveries', 'POST', `/api/webhook-endpoints/${hook.id}/test`, { type: 'invoice.paid' });
  // An API key of the admin's with every permission a key may carry (docs/rules/public-api.md#api-keys): a caller of its own.
  const key = await call(null, 'POST', '/api/api-keys', { name: `Key ${marker}`, permissions: API_KEY_PERMISSIONS });
  ids.apiKeys.push(key.apiKey.id);

  const link = await call(null, 'POST', `/api/invoices/${inv.id}/payment-link`, {});
  // The organization's generic link, which its home page's Pay Now hands to anyone (docs/features.md, Payment
  // links): already open, a stranger's Pay Now reuses it and adds no row.
  await call(null, 'POST', '/api/generic-payment-links', { organizationId: org.id });
  await call(null, 'POST', `/api/customers/${c1.id}/portal-link`, {});
  // The link goes only to the customer's e-mail (docs/customer-portal.md): read it from the outbox, as they would.
  const [portalMail] = await t.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, customerEmail), eq(outbox.organizationId, org.id)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const notes = await t.call({ url: '/api/notifications', cookie: admin.cookie });
  ids.notifications.push(...(notes.json() as { id: number }[]).map((n) => n.id));

  return {
    id: org.id,
    slug: org.slug ?? '',
    marker,
    admin,
    employee,
    customer,
    ids,
    secrets: {
      portalTokens: [portalTokenOf(portalMail?.text ?? '')],
      linkIds: [link.linkId],
      shortCodes: [short.shortCode],
      scheduleToken: settings.scheduleToken,
      apiKey: key.secret,
    },
  };
}

/** Uploads a small photo to the job as multipart (the one route that is not JSON); answers its id. */
async function sharedPhoto(t: TestApp, admin: Person, workOrderId: number, caption: string): Promise<number> {
  const boundary = 'fuzz-world-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${field('caption', caption)}${field('shared', 'true')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`),
    solidPng(32, 24, [180, 90, 30]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.call({ method: 'POST', url: `/api/work-orders/${workOrderId}/attachments`, cookie: admin.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (res.statusCode !== 201) throw new Error(`seeding the job's photo answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** The token of the portal link in an e-mail's text (`/customer-portal#token=...`). */
function portalTokenOf(text: string): string {
  const link = /\S*\/customer-portal\S*/.exec(text)?.[0];
  if (!link) throw new Error('The portal link e-mail did not arrive in the outbox');
  const url = new URL(link, 'http://x');
  return portalTokenFromAddress(url.search, url.hash) ?? '';
}

export async function buildWorld(): Promise<FuzzWorld> {
  // Every fuzz case calls from 127.0.0.1: the public per-client limits are raised (tested in platform/client-limits.test.ts).
  // So are the calls one API key may make a minute (tested in features/api-keys).
  const t = await createTestApp({ PUBLIC_LIMIT_SCALE: '1000', API_KEY_CALLS_PER_MINUTE: '1000000' });
  // Self-registration without a known slug lands in the first organization (docs/rules/sign-in-and-sessions.md#registration): a
  // neutral one, so anonymous fuzzing of the register form legitimately changes neither A nor B.
  await t.createOrganization({ name: 'Fuzz Org Registration' });
  const orgA = await t.createOrganization({ name: 'Fuzz Org A' });
  const orgB = await t.createOrganization({ name: 'Fuzz Org B' });
  const a = await seedTenant(t, orgA, MARKER_A, 0);
  const b = await seedTenant(t, orgB, MARKER_B, 7);
  const superUser = await person(t, 'super_user', null);
  return { t, a, b, superUser, impersonateA: await impersonationToken({ t, a, superUser }) };
}

/**
 * Puts the callers back as they were when a fuzz case changed them (a role, deactivation, sign-out,
 * the impersonation ended), so every operation is fuzzed by the callers it claims to be fuzzed by.
 */
export async function restorePeople(world: FuzzWorld, people: Person[]): Promise<void> {
  const { t } = world;
  const db = t.database.db;
  for (const p of new Set(people)) {
    const token = p.cookie.slice(p.cookie.indexOf('=') + 1);
    const s = await resolveSession(db, token, undefined);
    const same = s && s.user.role === p.role && s.user.organizationId === p.organizationId && s.user.permissions.length === 0;
    if (same) continue;
    await db.update(users).set({ role: p.role, organizationId: p.organizationId, isActive: true, permissions: [] }).where(eq(users.id, p.id));
    p.cookie = await t.cookieFor(p.id);
    if (p === world.superUser) world.impersonateA = await impersonationToken(world);
  }
  // The tenants' API keys work again when a case revoked one (their creators are among the people just restored).
  await db.update(apiKeys).set({ revokedAt: null, revokedBy: null }).where(inArray(apiKeys.id, [...world.a.ids.apiKeys, ...world.b.ids.apiKeys]));
  const su = await resolveSession(db, world.superUser.cookie.slice(world.superUser.cookie.indexOf('=') + 1), world.impersonateA);
  if (su?.impersonation?.user.id !== world.a.admin.id) world.impersonateA = await impersonationToken(world);
}

async function impersonationToken(world: Pick<FuzzWorld, 't' | 'a' | 'superUser'>): Promise<string> {
  const sessionId = await sessionIdOf(world.t, world.superUser.cookie);
  const imp = await createImpersonationSession(
    world.t.database.db,
    { targetUserId: world.a.admin.id, superUserId: world.superUser.id, parentSessionId: sessionId },
    { ip: '127.0.0.1', userAgent: 'fuzz' },
  );
  return imp.token;
}

async function sessionIdOf(t: TestApp, cookie: string): Promise<number> {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const s = await resolveSession(t.database.db, token, undefined);
  if (!s) throw new Error('super user session not found');
  return s.sessionId;
}
