// The one place an organization row becomes an answer: the bank account masked, processorConfig never.
import { maskBankAccount, type Organization, type OrganizationSummary, type PublicOrganization } from '../../../contracts/organizations';
import { organizations } from '../../db/schema/index';

/** The columns every answer is built from; processor settings and secrets are not among them. */
export const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  industry: organizations.industry,
  logo: organizations.logo,
  address: organizations.address,
  city: organizations.city,
  state: organizations.state,
  zip: organizations.zip,
  phone: organizations.phone,
  email: organizations.email,
  website: organizations.website,
  labelOverrides: organizations.labelOverrides,
  createdAt: organizations.createdAt,
  paymentLink: organizations.paymentLink,
  bankAccount: organizations.bankAccount,
  bankRouting: organizations.bankRouting,
  taxId: organizations.taxId,
  notes: organizations.notes,
};

export type OrganizationRow = {
  [K in keyof typeof organizationColumns]: (typeof organizations.$inferSelect)[K];
};

export function toSummary(row: OrganizationRow): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    industry: row.industry,
    logo: row.logo,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    website: row.website,
    labelOverrides: row.labelOverrides ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    ...toSummary(row),
    paymentLink: row.paymentLink,
    bankAccount: maskBankAccount(row.bankAccount),
    bankRouting: row.bankRouting,
    taxId: row.taxId,
    notes: row.notes,
  };
}

export function toPublicOrganization(row: OrganizationRow): PublicOrganization {
  const { createdAt: _createdAt, ...rest } = toSummary(row);
  return rest;
}
