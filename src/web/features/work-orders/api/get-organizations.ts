import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@contracts/organizations';
import { api } from '@/lib/api-client';

export function getOrganizations(): Promise<OrganizationSummary[]> {
  return api.get<OrganizationSummary[]>('/api/organizations');
}

/** Every organization, for a super user's organization choice (part 1 section 5). */
export function useOrganizations(enabled: boolean) {
  return useQuery({ queryKey: ['organizations', 'list'], queryFn: getOrganizations, enabled });
}
