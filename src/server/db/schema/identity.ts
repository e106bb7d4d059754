// Organizations, users, sessions and one-time codes: who is signed in and for which tenant.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 50 }),
    industry: text('industry'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    logo: text('logo'),
    paymentLink: text('payment_link'),
    bankAccount: text('bank_account'),
    bankRouting: text('bank_routing'),
    taxId: text('tax_id'),
    paymentProcessor: text('payment_processor').notNull().default('stripe'),
    processorConfig: jsonb('processor_config').$type<Record<string, unknown>>(),
    processorStatus: text('processor_status').notNull().default('inactive'),
    notes: text('notes'),
    /** Line prices include their taxes (docs/rules/money-and-payments.md#taxes-and-discounts). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** Where tax is rounded to the cent: per_document (each rate's sum once) or per_line. */
    taxRounding: text('tax_rounding').$type<'per_document' | 'per_line'>().notNull().default('per_document'),
    /** Per-organization label overrides on top of the industry's label set. */
    labelOverrides: jsonb('label_overrides').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_slug_key').on(t.slug), index('organizations_name_idx').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    role: text('role').notNull().default('employee'),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: instant('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_account_id_key').on(t.accountId),
    // E-mail addresses are stored lower-cased; the unique index is on that form.
    uniqueIndex('users_email_key').on(t.email),
    index('users_organization_idx').on(t.organizationId, t.firstName),
  ],
);

/**
 * A sign-in session (kind 'login', carried by the sid cookie) or an impersonation session (kind
 * 'impersonation', carried by x-impersonation-token and honoured only with its parent login session).
 * Only the SHA-256 hash of a token is stored.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: integer('impersonated_by').references(() => users.id, { onDelete: 'cascade' }),
    parentSessionId: integer('parent_session_id'),
    kind: text('kind').notNull().default('login'),
    sessionToken: text('session_token').notNull(),
    expiresAt: instant('expires_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_sessions_token_key').on(t.sessionToken),
    index('user_sessions_user_idx').on(t.userId),
    index('user_sessions_parent_idx').on(t.parentSessionId),
    index('user_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** One-time sign-in codes: only a salted hash of the code is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    code: text('code').notNull(),
    salt: text('salt').notNull(),
    expiresAt: instant('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.createdAt)],
);

/**
 * A self-registration waiting for its owner to prove the address with the e-mailed code. The account is created
 * only then (docs/decisions/004-registration-proves-the-address.md); until then the address stays free, so an admin
 * can still add it as staff.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_registrations_email_key').on(t.email), index('pending_registrations_expires_idx').on(t.expiresAt)],
);
