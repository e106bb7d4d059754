// Tenancy by construction (docs/decisions/019-tenant-scope.md): what a TenantScope lets a query see, and a guard
// that every service module querying a tenant table (one with an organization_id column in the Drizzle schema)
// scopes it through scopeFilter() or tenantWhere(), unless the list below says why it need not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, getTableColumns, is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index';
import { customers } from '../db/schema/index';
import type { RequestContext } from './context';
import { scopeFilter, scopeKey, tenantScope, tenantWhere } from './tenancy';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const caller = (over: Partial<RequestContext>) => ({ isSuperUser: false, organizationId: 7, ...over }) as RequestContext;
const render = (condition: SQL) => {
  const { sql, params } = new PgDialect().sqlToQuery(condition);
  return { sql, params };
};

describe('tenantScope', () => {
  it("keeps a staff user to their own organization, whichever one they ask for", () => {
    const scope = tenantScope(caller({}), 9);
    expect(scopeKey(scope)).toBe('org:7');
    expect(render(scopeFilter(scope, customers.organizationId))).toEqual({ sql: '"customers"."organization_id" = $1', params: [7] });
  });

  it('matches nothing for a staff user without an organization', () => {
    const scope = tenantScope(caller({ organizationId: null }), 9);
    expect(scopeKey(scope)).toBe('none');
    expect(render(scopeFilter(scope, customers.organizationId)).sql).toBe('false');
  });

  it('gives every organization only to a super user who asks for none, and the one they ask for otherwise', () => {
    const all = tenantScope(caller({ isSuperUser: true, organizationId: null }));
    expect(scopeKey(all)).toBe('all');
    expect(render(scopeFilter(all, customers.organizationId)).sql).toBe('true');
    const one = tenantScope(caller({ isSuperUser: true, organizationId: null }), 9);
    expect(render(scopeFilter(one, customers.organizationId)).params).toEqual([9]);
  });

  it('puts the scope first in tenantWhere, beside the other conditions', () => {
    const where = tenantWhere(tenantScope(caller({})), customers, undefined, eq(customers.id, 3));
    expect(render(where)).toEqual({ sql: '("customers"."organization_id" = $1 and "customers"."id" = $2)', params: [7, 3] });
  });
});

// ---- The guard ----

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const tenantTables = Object.entries(schema)
  .filter(([, table]) => is(table, PgTable) && 'organizationId' in getTableColumns(table as PgTable))
  .map(([name]) => name);

/**
 * A read, write or join naming a tenant table: `.from(customers)`, `.update(invoices)`, `.leftJoin(workOrders, …)`,
 * or in a statement written as SQL, `from ${customers}`, `update ${invoices}`, `join ${workOrders}`.
 */
const tenantQuery = new RegExp(
  `(?:\\.from|\\.update|\\.delete|[jJ]oin)\\(\\s*(${tenantTables.join('|')})\\b|\\b(?:from|update|join)\\s+\\$\\{\\s*(${tenantTables.join('|')})\\s*\\}`,
  'i',
);
/**
 * Scoped: the module filters with scopeFilter()/tenantWhere(), or it holds a TenantScope (makes one, or takes one as a
 * parameter) and hands it to helpers whose TenantScope parameter the typecheck enforces. A scope made and then left
 * unused fails lint (no-unused-vars).
 */
const scoped = /\b(?:scopeFilter|tenantWhere|tenantScope|tenantScopeForWrite)\(|\bscope: TenantScope\b/;

const services = ['src/server/features', 'src/server/jobs']
  .flatMap((dir) => sources(join(root, dir)))
  .filter((path) => !/\.(test|isolation)\.ts$|test-fixtures\.ts$/.test(path))
  .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

const PUBLIC = 'a public flow: the organization comes from a token, slug or signed link, there is no signed-in caller to scope';
const RESOLVED = "filters on an organization id its caller already resolved (organizationForWrite, or a row found in the caller's scope)";
const JOB = 'a background job: works across organizations by design, each row carrying its own organization';
const OWN_USER = "sign-in, sessions and the caller's own records: keyed by the user, before or beside any organization";
const SUPER = 'super-user-only routes (access.require with a super permission): they span organizations by design';

/**
 * Modules that query tenant tables without a TenantScope, and why. The list only shrinks: a module that starts
 * scoping must leave it (the test says so), and any other unscoped module fails.
 */
const UNSCOPED: Record<string, string> = {
  'src/server/features/admin/impersonation.ts': SUPER,
  'src/server/features/admin/list-audit-log.ts': SUPER,
  'src/server/features/admin/system-health.ts': SUPER,
  'src/server/features/admin/system-stats.ts': SUPER,
  'src/server/features/auth/auth.routes.ts': OWN_USER,
  'src/server/features/auth/otp.ts': OWN_USER,
  'src/server/features/auth/pending-registration.ts': OWN_USER,
  'src/server/features/auth/register-user.ts': OWN_USER,
  'src/server/features/notifications/notifications.routes.ts': OWN_USER,
  'src/server/features/users/take-over-guest.ts': OWN_USER,
  'src/server/features/customer-portal/confirm-setup-intent.ts': PUBLIC,
  'src/server/features/customer-portal/create-setup-intent.ts': PUBLIC,
  'src/server/features/customer-portal/get-portal.ts': PUBLIC,
  'src/server/features/customer-portal/portal-invoice.ts': PUBLIC,
  'src/server/features/customer-portal/set-auto-pay.ts': PUBLIC,
  'src/server/features/payment-links/open-payment-link.ts': PUBLIC,
  'src/server/features/payment-links/start-link-payment.ts': PUBLIC,
  'src/server/features/payments/confirm-payment.ts': PUBLIC,
  'src/server/features/payments/stripe-webhook.ts': PUBLIC,
  'src/server/features/refunds/stripe-refund-event.ts': PUBLIC,
  'src/server/features/payment-processors/stripe-webhook-secret.ts': PUBLIC,
  'src/server/features/short-urls/resolve-short-url.ts': PUBLIC,
  'src/server/features/scheduling/resolve-schedule.ts': PUBLIC,
  'src/server/features/scheduling/book-appointment.ts': PUBLIC,
  'src/server/features/scheduling/appointment-links.ts': PUBLIC,
  'src/server/features/scheduling/booking-holds.ts': `${PUBLIC} (a held booking found by its hold token, confirmed by its payment or card); its lapsed holds' release is ${JOB}`,
  'src/server/features/scheduling/start-hold.ts': PUBLIC,
  'src/server/features/dev-outbox/dev-outbox.routes.ts': 'the development outbox answers only this machine (docs/decisions/003-outbox-for-this-machine-and-masked-secrets.md)',
  'src/server/features/documents/create-portal-link.ts': RESOLVED,
  'src/server/features/documents/document-parties.ts': RESOLVED,
  'src/server/features/documents/invoice-view.ts': RESOLVED,
  'src/server/features/credit-notes/credit-note-view.ts': RESOLVED,
  'src/server/features/credit-notes/create-credit-note.ts': RESOLVED,
  'src/server/features/invoices/update-invoice.ts': RESOLVED,
  'src/server/features/invoices/void-invoice.ts': RESOLVED,
  'src/server/features/invoices/create-invoice.ts': RESOLVED,
  'src/server/features/work-orders/work-order-view.ts': RESOLVED,
  'src/server/features/checklists/checklist-view.ts': RESOLVED,
  'src/server/features/checklists/checklist-pdf.ts': RESOLVED,
  'src/server/features/checklists/service-checklists.ts': RESOLVED,
  'src/server/features/estimates/email-estimate.ts': RESOLVED,
  'src/server/features/invoices/email-invoice.ts': RESOLVED,
  'src/server/features/messaging/deliver-message.ts': RESOLVED,
  'src/server/features/notifications/notify-staff.ts': RESOLVED,
  'src/server/features/organizations/serve-upload.ts': RESOLVED,
  'src/server/features/payment-analytics/enable-customer-portal.ts': RESOLVED,
  'src/server/features/payment-links/create-generic-payment-link.ts': RESOLVED,
  'src/server/features/payment-processors/active-processor-row.ts': RESOLVED,
  'src/server/features/payment-processors/lock-organization-processors.ts': RESOLVED,
  'src/server/features/payment-processors/seal-stored-credentials.ts': RESOLVED,
  'src/server/features/payments/payment-organization.ts': RESOLVED,
  'src/server/features/payments/settle-payment.ts': RESOLVED,
  'src/server/features/reminders/deliver-reminder.ts': JOB,
  'src/server/features/reminders/replan-reminders.ts': RESOLVED,
  'src/server/features/reminders/schedule-reminders.ts': RESOLVED,
  'src/server/features/scheduling/appointment-mail.ts': RESOLVED,
  'src/server/features/scheduling/appointment-writes.ts': RESOLVED,
  'src/server/features/scheduling/appointment-series.ts': `${RESOLVED}; its hourly extension is ${JOB}`,
  'src/server/features/scheduling/booking-rules.ts': RESOLVED,
  'src/server/features/scheduling/migrate-work-orders.ts': RESOLVED,
  'src/server/features/team/assignees.ts': RESOLVED,
  'src/server/features/team/availability.ts': RESOLVED,
  'src/server/features/team/staff.ts': RESOLVED,
  'src/server/features/team/team-service.ts': RESOLVED,
  'src/server/features/team/calendar-feed.ts': 'the caller’s own feed (keyed by the user and their organization), and the public feed found by its token',
  'src/server/features/users/update-user.ts': RESOLVED,
  'src/server/features/vendors/demo-vendors.ts': RESOLVED,
  'src/server/jobs/overdue-invoices.ts': JOB,
  'src/server/jobs/expire-quotes.ts': JOB,
  'src/server/features/imports/clear-abandoned-imports.ts': JOB,
  'src/server/features/estimates/convert-estimate.ts': RESOLVED,
  'src/server/features/estimates/estimate-view.ts': RESOLVED,
  'src/server/features/estimates/new-estimate-version.ts': RESOLVED,
  'src/server/features/estimates/update-estimate.ts': RESOLVED,
  'src/server/features/payment-plans/plan-state.ts': RESOLVED,
  'src/server/features/payment-reminders/deliver-payment-reminders.ts': JOB,
  // A condition its callers add to their own scoped queries, matching each reminder to the payment's organization.
  'src/server/features/payment-reminders/paid-after-reminder.ts': RESOLVED,
  'src/server/features/payment-reminders/late-fees.ts': JOB,
  'src/server/features/payment-reminders/plan-payment-reminders.ts': JOB,
  'src/server/features/payment-reminders/reminder-settings.ts': RESOLVED,
  'src/server/features/recurring-invoices/charge-auto-pay.ts': JOB,
  'src/server/features/recurring-invoices/generate-recurring-invoices.ts': JOB,
  'src/server/features/recurring-invoices/mail-issued-invoice.ts': JOB,
  'src/server/features/quote-approval/send-for-approval.ts': RESOLVED,
  'src/server/features/quote-approval/answer-quote.ts': PUBLIC,
  'src/server/features/quote-approval/open-quote.ts': PUBLIC,
  'src/server/features/quote-approval/quote-page.ts': PUBLIC,
  'src/server/features/quote-approval/start-deposit.ts': PUBLIC,
  // A reply to our texts (Twilio's signed webhook, or this machine's outbox page) names only a phone number: the
  // organization is the one that last texted it (docs/rules/messaging.md#conversations).
  'src/server/features/conversations/file-inbound-sms.ts': PUBLIC,
  'src/server/features/conversations/route-reply.ts': PUBLIC,
  'src/server/features/review-requests/queue-review-request.ts': RESOLVED,
  'src/server/features/review-requests/send-review-requests.ts': JOB,
  'src/server/features/webhooks/record-event.ts': RESOLVED,
  'src/server/features/webhooks/emit-event.ts': RESOLVED,
  'src/server/features/webhooks/claim-deliveries.ts': JOB,
  'src/server/features/webhooks/send-delivery.ts': JOB,
  'src/server/features/webhooks/purge-deliveries.ts': JOB,
};

describe('tenant scope guard', () => {
  it('finds the tenant tables in the schema', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['customers', 'invoices', 'workOrders', 'timeEntries']));
  });

  it('has every service module that queries a tenant table scope it, or say why not', () => {
    const unscoped = services.filter((f) => tenantQuery.test(f.text) && !scoped.test(f.text)).map((f) => f.path);
    expect(unscoped.filter((path) => !(path in UNSCOPED)), 'queries a tenant table without a TenantScope').toEqual([]);
    expect(Object.keys(UNSCOPED).filter((path) => !unscoped.includes(path)), 'scoped now (or gone): take it off UNSCOPED').toEqual([]);
  });

  it('has no TenantScope made outside platform/tenancy.ts', () => {
    const forged = sources(join(root, 'src'))
      .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
      .filter((f) => f.path !== 'src/server/platform/tenancy.ts' && /\bas\s+(?:unknown\s+as\s+)?(?:TenantScope|OrganizationScope)\b/.test(f.text))
      .map((f) => f.path);
    expect(forged).toEqual([]);
  });
});
