// URL shortener: `/s/{shortCode}` redirects to originalUrl.
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';
import { organizations, users } from './identity';

export const shortUrls = pgTable(
  'short_urls',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    originalUrl: text('original_url').notNull(),
    shortCode: text('short_code').notNull(),
    clicks: integer('clicks').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // `/s/{code}` is resolved without knowing the organization, so codes are unique across all of them.
    uniqueIndex('short_urls_code_key').on(t.shortCode),
    index('short_urls_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
