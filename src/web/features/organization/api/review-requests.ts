// The organization's review requests after finished jobs (docs/rules/messaging.md#review-requests): read and saved
// whole from the Organization screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewRequestSettings, ReviewRequestSettingsBody } from '@contracts/review-requests';
import { api } from '@/lib/api-client';

export const reviewRequestSettingsQueryKey = ['review-request-settings'] as const;

/** A super user names the organization; everyone else is answered for their own. */
const orgQuery = (organizationId: number | null) => (organizationId ? `?organizationId=${organizationId}` : '');

/** GET /api/review-requests/settings: off with our words until the organization first saves. */
export function useReviewRequestSettings(organizationId: number | null) {
  return useQuery({
    queryKey: [...reviewRequestSettingsQueryKey, organizationId],
    queryFn: () => api.get<ReviewRequestSettings>(`/api/review-requests/settings${orgQuery(organizationId)}`),
  });
}

export function useSaveReviewRequestSettings(organizationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequestSettingsBody) => api.put<ReviewRequestSettings>(`/api/review-requests/settings${orgQuery(organizationId)}`, body),
    onSuccess: (saved) => queryClient.setQueryData([...reviewRequestSettingsQueryKey, organizationId], saved),
  });
}
