import { useQuery } from '@tanstack/react-query';
import type { PublicOrganization } from '@contracts/organizations';
import { api, ApiError } from '@/lib/api-client';

export type { PublicOrganization };

/** Fetched by slug, so its slug is known even where the record's own is null. */
export type SluggedOrganization = PublicOrganization & { slug: string };

const MAX_SLUG_LENGTH = 50;

export function getPublicOrganization(slug: string): Promise<PublicOrganization> {
  // docs/rules/organizations-and-roles.md#slugs: an impossible slug is answered on the spot, without a request.
  if (slug.length > MAX_SLUG_LENGTH) return Promise.reject(new ApiError(404, '404: Organization not found', { message: 'Organization not found' }));
  return api.get<PublicOrganization>(`/api/public/organization-by-slug/${encodeURIComponent(slug)}`);
}

export function usePublicOrganization(slug: string) {
  return useQuery({
    queryKey: ['public', 'organization', slug],
    queryFn: () => getPublicOrganization(slug),
    // docs/rules/scheduling.md#organization-home: the home page's organization data is stale after 5 minutes.
    staleTime: 5 * 60_000,
  });
}
