// The organizations a screen offers: the caller's own, or every organization for a super user. The one query for
// every screen (customers, users, vendors, work orders, scheduling, payment processors, reports, the organization
// screen itself): one key, one answer, and one invalidation after an organization is created or changed.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrganizationListItem } from '@contracts/organizations';
import { api } from '@/lib/api-client';

export const organizationsQueryKey = ['organizations'] as const;

/** The caller's organization, or every organization for a super user (GET /api/organizations). */
export function getOrganizations(): Promise<OrganizationListItem[]> {
  return api.get<OrganizationListItem[]>('/api/organizations');
}

/** `enabled: false` for screens that need the list only for a super user's organization choice. */
export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: organizationsQueryKey, queryFn: getOrganizations, enabled: options.enabled ?? true });
}

/** After an organization is created or changed (name, logo, labels): every screen's list reloads. */
export function invalidateOrganizations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
}

/**
 * For pickers: a super user's session spans organizations, so each option names its organization
 * (docs/decisions/015-one-form-pattern.md). Answers null for everyone else, whose options are all their own.
 */
export function useOrganizationLabel(isSuperUser: boolean): (organizationId: number) => string | null {
  const organizations = useOrganizations({ enabled: isSuperUser });
  return (organizationId) => (isSuperUser ? (organizations.data?.find((o) => o.id === organizationId)?.name ?? `Organization #${organizationId}`) : null);
}
