// The organization's webhook endpoints and their deliveries (docs/rules/public-api.md#webhooks): the list, adding,
// changing and deleting one, its secret, a test event, the deliveries and Replay.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpoint,
  SendTestWebhook,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookSecret,
} from '@contracts/webhooks';
import { api } from '@/lib/api-client';
import { listPath } from '@/lib/list-path';

export const DELIVERIES_PAGE_SIZE = 20;

export const webhooksKey = ['webhook-endpoints'] as const;
const deliveriesKey = (endpointId: number) => [...webhooksKey, endpointId, 'deliveries'] as const;

/** Pending deliveries change on their own (the job sends them): the lists look again while any is pending. */
const WHILE_PENDING_MS = 5_000;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...webhooksKey, 'list'],
    queryFn: ({ signal }) => api.getPage<WebhookEndpoint>('/api/webhook-endpoints', { signal }),
    refetchInterval: (query) => (query.state.data?.rows.some((e) => e.pendingCount > 0) ? WHILE_PENDING_MS : false),
  });
}

export function useWebhookDeliveries(endpointId: number, params: { status: WebhookDeliveryStatus | ''; offset: number }) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), params],
    queryFn: ({ signal }) =>
      api.getPage<WebhookDelivery>(listPath(`/api/webhook-endpoints/${endpointId}/deliveries`, { status: params.status, offset: params.offset, limit: DELIVERIES_PAGE_SIZE }), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((d) => d.status === 'pending') ? WHILE_PENDING_MS : false),
  });
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation((input: CreateWebhookEndpoint) => api.post<CreatedWebhookEndpoint>('/api/webhook-endpoints', input));

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, ...input }: UpdateWebhookEndpoint & { id: number }) => api.put<WebhookEndpoint>(`/api/webhook-endpoints/${id}`, input));

export const useDeleteWebhookEndpoint = () => useWebhookMutation((id: number) => api.delete<null>(`/api/webhook-endpoints/${id}`));

export const useSendTestWebhook = () =>
  useWebhookMutation(({ id, ...input }: SendTestWebhook & { id: number }) => api.post<WebhookDelivery>(`/api/webhook-endpoints/${id}/test`, input));

export const useReplayDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    api.post<WebhookDelivery>(`/api/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/replay`, {}),
  );

export const useRollWebhookSecret = () => useWebhookMutation((id: number) => api.post<WebhookSecret>(`/api/webhook-endpoints/${id}/secret/roll`, {}));

/** Revealing is a read the server audits: asked for on a click, never fetched by itself. */
export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: (id: number) => api.get<WebhookSecret>(`/api/webhook-endpoints/${id}/secret`) });
}
