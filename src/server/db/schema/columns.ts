// Column helpers shared by every schema file, so the conventions live in one place.
import { customType, foreignKey, integer, numeric, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

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
