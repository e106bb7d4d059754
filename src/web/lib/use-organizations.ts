// The organizations a screen offers: the caller's own, or every organization for a super user. One query key for
// every screen (customers, users, super admin, reports, payment analytics), so they share one answer.
import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@contracts/organizations';
import { api } from '@/lib/api-client';

export const organizationsQueryKey = ['organizations'] as const;

/** The caller's organization, or every organization for a super user. */
export function getOrganizations(): Promise<OrganizationSummary[]> {
  return api.get<OrganizationSummary[]>('/api/organizations');
}

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: organizationsQueryKey, queryFn: getOrganizations, enabled: options.enabled ?? true });
}
