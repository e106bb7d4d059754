// Column helpers shared by every schema file, so the conventions live in one place.
import { sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, integer, jsonb, numeric, text, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/** Integer identity primary key (ids travel as JSON numbers, docs/rules/platform.md#money). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** numeric(10,2) carried as a decimal string ("1234.50"); arithmetic happens in cents (contracts/money.ts). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'string' });

/** An instant, stored as timestamptz. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();

/** Raw bytes (uploads). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/**
 * A reference from one tenant table to another over (organization_id, x_id) -> parent (organization_id, id), so the
 * database itself refuses a row that points into another organization and the schema distributes by tenant
 * (docs/decisions/020-composite-tenant-keys.md). The parent carries UNIQUE (organization_id, id) for it. MATCH SIMPLE
 * (the default): a null x_id is no reference.
 */
export function tenantReference(
  name: string,
  organizationId: AnyPgColumn,
  column: AnyPgColumn,
  parent: { organizationId: AnyPgColumn; id: AnyPgColumn },
) {
  return foreignKey({ name, columns: [organizationId, column], foreignColumns: [parent.organizationId, parent.id] });
}

/**
 * ON DELETE SET NULL of the reference column alone (PostgreSQL 15's column list). A bare SET NULL on a composite
 * tenant reference would null organization_id too, which is NOT NULL, so deleting the parent would fail
 * (docs/decisions/020-composite-tenant-keys.md). drizzle-kit writes the action text into the migration as given,
 * so the schema and the generated SQL say the same thing; the type lists only the bare actions, hence the cast.
 */
export function setNullOnly(column: AnyPgColumn): UpdateDeleteAction {
  return `set null ("${column.name}")` as UpdateDeleteAction;
}

export { integer };

/**
 * What a priced line (estimates, invoices, credit notes) keeps of its discount and taxes: the discount as asked and in
 * dollars, and the tax rates as they were when the line was written (docs/rules/money-and-payments.md#taxes-and-discounts).
 */
export const pricedLineColumns = () => ({
  discountType: text('discount_type').$type<'percent' | 'amount'>(),
  discountValue: money('discount_value'),
  discount: money('discount').notNull().default('0'),
  taxRates: jsonb('tax_rates').$type<{ id: number; name: string; percent: string }[]>().notNull().default(sql`'[]'::jsonb`),
});

/** What a priced document keeps: its own discount, its tax per rate, and the settings it was priced with. */
export const pricedDocumentColumns = () => ({
  discountType: text('discount_type').$type<'percent' | 'amount'>(),
  discountValue: money('discount_value'),
  discount: money('discount').notNull().default('0'),
  taxes: jsonb('taxes').$type<{ taxRateId: number; name: string; percent: string; amount: string }[]>().notNull().default(sql`'[]'::jsonb`),
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  taxRounding: text('tax_rounding').$type<'per_document' | 'per_line'>().notNull().default('per_document'),
  taxExempt: boolean('tax_exempt').notNull().default(false),
});
