// The customers a picker offers (work orders, invoices, estimates, messages): shared by several features, so it
// lives here rather than in features/customers (docs/ARCHITECTURE.md, Web). Its key starts with 'customers', so
// saving a customer refreshes the pickers too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Customer } from '@contracts/customers';
import { api } from '@/lib/api-client';
import { listPath } from '@/lib/list-path';

export interface CustomerOption {
  id: number;
  organizationId: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The customer's payment terms (net30, due_on_receipt, ...): the invoice form suggests a due date from them. */
  paymentTerms: string | null;
  /** Documents for a tax-exempt customer add no tax: the forms' totals follow the customer chosen. */
  taxExempt: boolean;
}

export const CUSTOMER_OPTIONS_LIMIT = 50;

/**
 * For pickers (work orders, invoices, estimates, messages): the first 50 customers matching `search`. A super user's
 * `organizationId` keeps them to the record's organization (the server ignores it for everyone else, who only ever
 * see their own); without one a super user sees every organization's customers.
 */
export function useCustomerOptions(search: string, organizationId: number | null = null, options: { enabled?: boolean } = {}) {
  const q = search.trim();
  return useQuery({
    queryKey: ['customers', 'options', q, organizationId],
    queryFn: async ({ signal }): Promise<CustomerOption[]> => {
      const { rows } = await api.getPage<Customer>(listPath('/api/customers', { q, limit: CUSTOMER_OPTIONS_LIMIT, organizationId }), { signal });
      return rows.map(({ id, organizationId, name, email, phone, paymentTerms, taxExempt }) => ({ id, organizationId, name, email, phone, paymentTerms, taxExempt }));
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
