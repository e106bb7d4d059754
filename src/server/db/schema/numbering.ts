// Per-organization document numbering (WO-00001, EST-00001, INV-00001).
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizations } from './identity';

/**
 * The last number handed out per (organization, entity type). The creating transaction bumps it with
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so concurrent creations never share or reuse a number.
 */
export const numberCounters = pgTable(
  'number_counters',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    currentNumber: integer('current_number').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'number_counters_pkey', columns: [t.organizationId, t.entityType] })],
);
