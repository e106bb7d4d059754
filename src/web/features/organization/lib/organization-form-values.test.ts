import { describe, expect, it } from 'vitest';
import { createOrganizationBodySchema, isValidSlug, logoFileProblem, updateOrganizationBodySchema, type Organization } from '@contracts/organizations';
import { issueField, organizationFormValues } from './organization-form-values';

const org: Organization = {
  id: 4,
  name: 'Alpha Plumbing',
  slug: 'alpha',
  industry: 'Home Services',
  logo: null,
  address: null,
  city: 'Springfield',
  state: null,
  zip: null,
  phone: null,
  email: null,
  website: null,
  labelOverrides: { customers: 'Homeowners' },
  createdAt: '2026-01-01T00:00:00.000Z',
  paymentLink: null,
  bankAccount: '••••6789',
  bankRouting: null,
  taxId: null,
  notes: null,
};

describe('organization form values', () => {
  it('start from the organization, blanks for what is missing, the bank account as its masked display', () => {
    const v = organizationFormValues(org);
    expect(v).toMatchObject({ name: 'Alpha Plumbing', slug: 'alpha', city: 'Springfield', address: '', bankAccount: '••••6789' });
    expect(v.labelOverrides).toEqual({ customers: 'Homeowners', workOrders: '', estimates: '', invoices: '', inventory: '' });
  });

  it('submit the masked bank account back unchanged (the server keeps the stored number) and blanks as null', () => {
    const body = updateOrganizationBodySchema.parse(organizationFormValues(org));
    expect(body).toMatchObject({ bankAccount: '••••6789', address: null, email: null, slug: 'alpha' });
  });

  it('stop a junk or too long slug before any request, with the message', () => {
    for (const slug of ['Has Caps', 'a'.repeat(51), 'spam!!', 'a--b', '<script>']) {
      expect(isValidSlug(slug), slug).toBe(false);
      const parsed = createOrganizationBodySchema.safeParse({ ...organizationFormValues(null), name: 'X', slug });
      expect(parsed.success, slug).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['slug']);
    }
    expect(isValidSlug('a'.repeat(50))).toBe(true);
  });

  it('require a name and a valid or empty email', () => {
    const parsed = createOrganizationBodySchema.safeParse({ ...organizationFormValues(null), email: 'nope' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
      ['email', 'Invalid email address'],
    ]);
  });

  it('match server issues to fields, label overrides included', () => {
    expect(issueField('slug')).toBe('slug');
    expect(issueField(['labelOverrides', 'customers'])).toBe('labelOverrides.customers');
    expect(issueField('processorConfig')).toBeNull();
  });

  it('pre-check a logo by type and size', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 1000 })).toBe('Please select an image file');
    expect(logoFileProblem({ type: 'text/html', size: 1000 })).toBe('Please select an image file');
    expect(logoFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('File size must be less than 5MB');
    expect(logoFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
  });
});
