// An organization's tax rates (docs/rules/money-and-payments.md#taxes-and-discounts). Documents copy a rate's name and
// percent onto their lines, so a rate is archived rather than deleted and a change applies to what is written next.
import { boolean, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizations } from './identity';

export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 to 100, four decimals (8.875). */
    percent: numeric('percent', { precision: 7, scale: 4, mode: 'string' }).notNull(),
    /** New lines start with the default rates ticked. */
    isDefault: boolean('is_default').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('tax_rates_org_id_key').on(t.organizationId, t.id), index('tax_rates_org_idx').on(t.organizationId, t.archived, t.name)],
);
