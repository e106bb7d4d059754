// Vendors (Pay Bills) and the payments made to them.
import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, tenantReference } from './columns';
import { organizations } from './identity';

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    companyName: text('company_name'),
    taxId: text('tax_id'),
    paymentTerms: text('payment_terms'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('vendors_org_id_key').on(t.organizationId, t.id),
    index('vendors_org_name_idx').on(t.organizationId, t.name),
  ],
);

export const vendorPayments = pgTable(
  'vendor_payments',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').notNull(),
    vendorName: text('vendor_name'),
    amount: money('amount').notNull(),
    paymentDate: instant('payment_date').notNull().defaultNow(),
    method: text('method'),
    reference: text('reference'),
    description: text('description'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('vendor_payments_vendor_fk', t.organizationId, t.vendorId, vendors).onDelete('cascade'),
    index('vendor_payments_org_date_idx').on(t.organizationId, t.paymentDate),
    index('vendor_payments_org_vendor_idx').on(t.organizationId, t.vendorId),
  ],
);
