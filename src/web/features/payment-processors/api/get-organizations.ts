import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@contracts/organizations';
import { api } from '@/lib/api-client';

/** The same key as every other organizations list, so they share one cache entry. */
export const organizationsQueryKey = ['organizations'] as const;

export function getOrganizations(): Promise<OrganizationSummary[]> {
  return api.get<OrganizationSummary[]>('/api/organizations');
}

/** Every organization for a super user (name and industry are shown in the picker). */
export function useOrganizations() {
  return useQuery({ queryKey: organizationsQueryKey, queryFn: getOrganizations });
}
