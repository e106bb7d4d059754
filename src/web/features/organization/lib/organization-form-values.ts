// The organization form's values (all text, as inputs hold them) and the organization they start from.
import type { Organization, OrganizationListItem } from '@contracts/organizations';
import type { LabelSet } from '@contracts/vocabulary';

export const LABEL_KEYS = ['customers', 'workOrders', 'estimates', 'invoices', 'inventory'] as const satisfies readonly (keyof LabelSet)[];

export const LABEL_NAMES: Record<keyof LabelSet, string> = {
  customers: 'Customers',
  workOrders: 'Work Orders',
  estimates: 'Estimates',
  invoices: 'Invoices',
  inventory: 'Inventory',
};

export interface OrganizationFormValues {
  name: string;
  slug: string;
  industry: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  website: string;
  paymentLink: string;
  /** The masked display of the stored number ("••••6789"), a new number, or blank to remove it. */
  bankAccount: string;
  bankRouting: string;
  taxId: string;
  notes: string;
  labelOverrides: Record<keyof LabelSet, string>;
}

/** The text fields, in the order the server's issues are matched to them. */
export const FORM_FIELDS = [
  'name',
  'slug',
  'industry',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'website',
  'paymentLink',
  'bankAccount',
  'bankRouting',
  'taxId',
  'notes',
] as const satisfies readonly (keyof OrganizationFormValues)[];

export function organizationFormValues(org: Organization | OrganizationListItem | null): OrganizationFormValues {
  const labels = org?.labelOverrides ?? {};
  return {
    name: org?.name ?? '',
    slug: org?.slug ?? '',
    industry: org?.industry ?? '',
    address: org?.address ?? '',
    city: org?.city ?? '',
    state: org?.state ?? '',
    zip: org?.zip ?? '',
    phone: org?.phone ?? '',
    email: org?.email ?? '',
    website: org?.website ?? '',
    paymentLink: org?.paymentLink ?? '',
    bankAccount: org?.bankAccount ?? '',
    bankRouting: org?.bankRouting ?? '',
    taxId: org?.taxId ?? '',
    notes: org?.notes ?? '',
    labelOverrides: Object.fromEntries(LABEL_KEYS.map((k) => [k, labels[k] ?? ''])) as Record<keyof LabelSet, string>,
  };
}

/** The form field a server issue names ("labelOverrides.customers" included), or null. */
export function issueField(path: string | (string | number)[]): keyof OrganizationFormValues | `labelOverrides.${keyof LabelSet}` | null {
  const p = Array.isArray(path) ? path.join('.') : path;
  if ((FORM_FIELDS as readonly string[]).includes(p)) return p as keyof OrganizationFormValues;
  const label = LABEL_KEYS.find((k) => p === `labelOverrides.${k}`);
  return label ? `labelOverrides.${label}` : null;
}
