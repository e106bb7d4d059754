// Column helpers shared by every schema file, so the conventions live in one place.
import { customType, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

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

export { integer };
