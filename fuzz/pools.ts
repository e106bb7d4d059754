// Which real ids, slugs and tokens a fuzz case may use: ids of both organizations (guessable serials,
// the heart of a cross-tenant attempt), but secrets and slugs of the caller's own organization only,
// since whoever holds a portal token or payment link id may see its records by design.
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';
import type { Pools } from './request-cases';
import type { FuzzWorld, RecordKind, Tenant } from './tenant-world';

/** The record kind behind /api/<segment>/{id}. */
export const PATH_KINDS: Record<string, RecordKind | 'organizations'> = {
  customers: 'customers',
  'work-orders': 'workOrders',
  estimates: 'estimates',
  invoices: 'invoices',
  'credit-notes': 'creditNotes',
  payments: 'payments',
  'payment-processors': 'paymentProcessors',
  vendors: 'vendors',
  'vendor-payments': 'vendorPayments',
  services: 'services',
  'schedule-settings': 'scheduleSettings',
  'reminder-settings': 'reminderSettings',
  appointments: 'appointments',
  messages: 'messages',
  'message-templates': 'messageTemplates',
  inventory: 'inventory',
  'short-urls': 'shortUrls',
  'time-entries': 'timeEntries',
  users: 'users',
  organizations: 'organizations',
  notifications: 'notifications',
  'tax-rates': 'taxRates',
  'recurring-invoices': 'recurringInvoices',
  'time-off': 'timeOff',
  // The dispatch board's /api/dispatch/jobs/{id}/schedule names a work order.
  jobs: 'workOrders',
  'checklist-templates': 'checklistTemplates',
  conversations: 'conversations',
  // /api/accounting/exports/{id}/file.
  exports: 'accountingExports',
  'webhook-endpoints': 'webhookEndpoints',
  'api-keys': 'apiKeys',
  imports: 'imports',
};

/** The record kind behind a second path parameter, a record of the {id}'s (/api/work-orders/{id}/attachments/{attachmentId}). */
export const PARAM_KINDS: Record<string, RecordKind> = {
  attachmentId: 'workOrderAttachments',
  checklistId: 'workOrderChecklists',
  deliveryId: 'webhookDeliveries',
};

/**
 * The path with {id} and each parameter of PARAM_KINDS filled in with the tenant's first record of its kind (the
 * seeded one belongs to the seeded {id}), any other parameter with `x`.
 */
export function pathFor(path: string, id: number, tenant: Tenant): string {
  return path.replace('{id}', String(id)).replace(/\{([^}]+)\}/g, (_m, name: string) => (name in PARAM_KINDS ? String(tenant.ids[PARAM_KINDS[name]][0] ?? 'x') : 'x'));
}

const FIELD_KINDS: Record<string, RecordKind | 'organizations'> = {
  customerId: 'customers',
  customer: 'customers',
  workOrderId: 'workOrders',
  estimateId: 'estimates',
  invoiceId: 'invoices',
  vendorId: 'vendors',
  serviceId: 'services',
  userId: 'users',
  organizationId: 'organizations',
};

/** The kind of record an operation's {id} names, from the path segment before it. */
export function kindOfPath(path: string): RecordKind | 'organizations' | null {
  const m = /\/([a-z-]+)\/\{id\}/.exec(path);
  return m ? (PATH_KINDS[m[1]] ?? null) : null;
}

export function idsOf(tenant: Tenant, kind: RecordKind | 'organizations'): number[] {
  return kind === 'organizations' ? [tenant.id] : tenant.ids[kind];
}

const plausibleSchedule = fc
  .array(fc.integer({ min: 1, max: 100_000 }), { minLength: 2, maxLength: 4 })
  .map((cents) => cents.map((c, i) => ({ amount: (c / 100).toFixed(2), dueDate: `2030-${String(i + 1).padStart(2, '0')}-15` })));

export function poolsFor(world: FuzzWorld, own: Tenant): Pools {
  const tenants = [world.a, world.b];
  const everyId = [...new Set(tenants.flatMap((t) => Object.values(t.ids).flat()))];
  const idsOfKind = (kind: RecordKind | 'organizations' | null): fc.Arbitrary<number> => {
    const known = kind ? [...new Set(tenants.flatMap((t) => idsOf(t, kind)))] : everyId;
    return fc.constantFrom(...(known.length ? known : everyId));
  };
  const tokens = fc.constantFrom(...own.secrets.portalTokens);

  return {
    fields: (name: string, schema: JsonSchema) => {
      if (name === 'token') return tokens;
      // A payment plan's schedule (2+ installments, each with a calendar day): random ones rarely pass, so half are
      // plausible and reach the invoice's ownership check (docs/rules/money-and-payments.md#installments).
      if (name === 'installments' && schema.type === 'array') return fc.oneof(plausibleSchedule, fc.constant([]));
      // A discount needs its value and a percent at most 100 (a refinement the OpenAPI schema cannot say), and a line's
      // rates must be the organization's: random ones fail validation first, so lines come plain and reach the
      // ownership check (docs/rules/money-and-payments.md#taxes-and-discounts).
      if (name === 'discountType' || name === 'discountValue') return fc.constant(null);
      if (name === 'taxRateIds') return fc.constant([]);
      // A recurring schedule's calendar days (docs/rules/money-and-payments.md#recurring-invoices), likewise.
      if (name === 'startDate' && schema.type === 'string') return fc.constantFrom('2030-01-15', '2030-02-28');
      if (name === 'endDate') return fc.constant(null);
      // A job dropped on the dispatch board (docs/rules/team.md#dispatch-board): a calendar day and the people going,
      // distinct, so the call reaches the job's ownership check.
      if (name === 'date' && schema.type === 'string') return fc.constantFrom('2030-01-15', '2030-02-12');
      if (name === 'assigneeIds') return fc.oneof(fc.constant([]), fc.uniqueArray(idsOfKind('users'), { maxLength: 3 }));
      // Line items (an array or its JSON text, so the document has no type for them): plausible lines, or none.
      if (name === 'lineItems') return fc.constant([{ description: 'Fuzz line', quantity: 1, rate: '10.00' }]);
      const numeric = schema.type === 'integer' || schema.type === 'number' || !!schema.anyOf;
      if (!numeric) return null;
      if (name in FIELD_KINDS) return idsOfKind(FIELD_KINDS[name]);
      if (name === 'id' || name.endsWith('Id')) return idsOfKind(null);
      return null;
    },
    pathValue: (op: Operation, param: string) => {
      switch (param) {
        case 'id':
          return idsOfKind(kindOfPath(op.path)).map(String);
        case 'appointmentId':
          return idsOfKind('appointments').map(String);
        case 'attachmentId':
          return idsOfKind('workOrderAttachments').map(String);
        case 'checklistId':
          return idsOfKind('workOrderChecklists').map(String);
        case 'deliveryId':
          return idsOfKind('webhookDeliveries').map(String);
        case 'slug':
          return fc.constantFrom(own.slug, own.secrets.scheduleToken);
        case 'linkId':
          return fc.constantFrom(...own.secrets.linkIds);
        case 'code':
          return fc.constantFrom(...own.secrets.shortCodes);
        case 'zip':
          return fc.constantFrom('90210', '10001', '00000', '99999', '1234');
        case 'name':
          return fc.constantFrom('logo.png', 'x.svg');
        default:
          return fc.string({ minLength: 1, maxLength: 10, unit: 'grapheme-ascii' }).map(encodeURIComponent);
      }
    },
  };
}
