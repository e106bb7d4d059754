// Customers of an organization.
import { boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money } from './columns';
import { organizations } from './identity';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    companyName: text('company_name'),
    notes: text('notes'),
    creditLimit: money('credit_limit'),
    paymentTerms: text('payment_terms').notNull().default('net30'),
    preferredPaymentMethod: text('preferred_payment_method'),
    stripeCustomerId: text('stripe_customer_id'),
    portalAccessEnabled: boolean('portal_access_enabled').notNull().default(true),
    autoPayEnabled: boolean('auto_pay_enabled').notNull().default(false),
    /** Pays no tax: documents written for the customer keep their lines' rates, which add nothing. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    /** When Send Invites last claimed this customer for an auto-pay invitation: one per 24 hours (docs/decisions/017-money-figures.md). */
    autopayInvitedAt: instant('autopay_invited_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('customers_org_id_key').on(t.organizationId, t.id),
    index('customers_org_name_idx').on(t.organizationId, t.name),
    // A signed-in `customer` user is matched to their customer record by e-mail.
    index('customers_org_email_idx').on(t.organizationId, t.email),
    index('customers_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
