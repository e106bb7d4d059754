// Accounting exports (docs/rules/data-exchange.md#accounting-exports): the settings, the exports made and making one.
// Type-only contract imports: zod loads with the settings form alone.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingExport, AccountingExportResult, AccountingSettings, AccountingSettingsBody, CreateAccountingExportInput } from '@contracts/accounting';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod. */
export const EXPORTS_PAGE_SIZE = 50;

/** The organization a super user works on; null for one's own. */
export type OrganizationChoice = number | null;

const accountingKeys = {
  all: ['accounting'] as const,
  settings: (organizationId: OrganizationChoice) => ['accounting', 'settings', organizationId] as const,
  exports: (organizationId: OrganizationChoice, offset: number) => ['accounting', 'exports', organizationId, offset] as const,
};

const orgQuery = (organizationId: OrganizationChoice) => (organizationId ? `organizationId=${organizationId}` : '');

export function useAccountingSettings(organizationId: OrganizationChoice, enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.settings(organizationId),
    queryFn: ({ signal }) => api.get<AccountingSettings>(`/api/accounting/settings?${orgQuery(organizationId)}`, { signal }),
    enabled,
  });
}

/** PUT the whole settings; answers what was kept, which becomes the cached settings. */
export function useSaveAccountingSettings(organizationId: OrganizationChoice) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingSettingsBody) => api.put<AccountingSettings>(`/api/accounting/settings?${orgQuery(organizationId)}`, body),
    onSuccess: (saved) => queryClient.setQueryData(accountingKeys.settings(organizationId), saved),
  });
}

export function useAccountingExports(organizationId: OrganizationChoice, offset: number, enabled: boolean) {
  const search = new URLSearchParams({ limit: String(EXPORTS_PAGE_SIZE) });
  if (offset) search.set('offset', String(offset));
  if (organizationId) search.set('organizationId', String(organizationId));
  return useQuery({
    queryKey: accountingKeys.exports(organizationId, offset),
    queryFn: ({ signal }) => api.getPage<AccountingExport>(`/api/accounting/exports?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Makes an export: the list and the settings' rows in use change with it. */
export function useCreateAccountingExport(organizationId: OrganizationChoice) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountingExportInput) => api.post<AccountingExportResult>(`/api/accounting/exports?${orgQuery(organizationId)}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}

/** Saves an export's file under the server's name; resolves with that name. */
export function downloadAccountingExport(exp: Pick<AccountingExport, 'id' | 'fileName'>): Promise<string> {
  return downloadFile(`/api/accounting/exports/${exp.id}/file`, exp.fileName);
}
