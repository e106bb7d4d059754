import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@contracts/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/features/super-admin/api/get-admin-users';

export const AUDIT_PAGE_SIZE = 25;

/** Newest first; action '' is every action, organizationId '' every organization. */
export function useAuditLog(action: string, organizationId: string, page: number) {
  const search = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (action) search.set('action', action);
  if (organizationId) search.set('organizationId', organizationId);
  if (page > 0) search.set('offset', String(page * AUDIT_PAGE_SIZE));
  return useQuery({
    queryKey: adminKeys.auditLog(action, organizationId, page),
    queryFn: ({ signal }) => api.getPage<AuditEntry>(`/api/admin/audit-log?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
