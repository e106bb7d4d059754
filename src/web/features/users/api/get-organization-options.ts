import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@contracts/organizations';
import { api } from '@/lib/api-client';

/** Every organization, for a super user's pickers (same key as the other screens' organization lists). */
export function useOrganizationOptions(enabled: boolean) {
  return useQuery({ queryKey: ['organizations'], queryFn: () => api.get<OrganizationSummary[]>('/api/organizations'), enabled });
}
