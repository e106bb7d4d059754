// The organization's tax rates and how it prices (docs/rules/money-and-payments.md#taxes-and-discounts): read by the
// document forms to offer rates and work totals out as the server will, written from the organization screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTaxRateInput, TaxRate, TaxSettings, UpdateTaxRateInput, UpdateTaxSettingsInput } from '@contracts/tax-rates';
import { api } from '@/lib/api-client';

export const taxSettingsQueryKey = ['tax-settings'] as const;

/** GET /api/tax-settings: the caller's organization (a super user names one with `organizationId`). */
export function useTaxSettings(organizationId?: number | null, enabled = true) {
  const query = organizationId ? `?organizationId=${organizationId}` : '';
  return useQuery({
    queryKey: [...taxSettingsQueryKey, organizationId ?? null],
    queryFn: () => api.get<TaxSettings>(`/api/tax-settings${query}`),
    enabled,
    staleTime: 60_000,
  });
}

function useTaxWrite<TInput, TOut>(write: (input: TInput) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxSettingsQueryKey }),
  });
}

const orgQuery = (organizationId?: number | null) => (organizationId ? `?organizationId=${organizationId}` : '');

export const useUpdateTaxSettings = (organizationId?: number | null) =>
  useTaxWrite((input: UpdateTaxSettingsInput) => api.put<TaxSettings>(`/api/tax-settings${orgQuery(organizationId)}`, input));

export const useCreateTaxRate = (organizationId?: number | null) =>
  useTaxWrite((input: CreateTaxRateInput) => api.post<TaxRate>(`/api/tax-rates${orgQuery(organizationId)}`, input));

export const useUpdateTaxRate = () => useTaxWrite(({ id, input }: { id: number; input: UpdateTaxRateInput }) => api.put<TaxRate>(`/api/tax-rates/${id}`, input));
