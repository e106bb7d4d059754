import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@contracts/organizations';
import { api } from '@/lib/api-client';

/** For a super user's organization choice on a new vendor: every organization (GET /api/organizations). */
export function useOrganizationChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['organizations'],
    queryFn: () => api.get<OrganizationSummary[]>('/api/organizations'),
    enabled,
  });
}
