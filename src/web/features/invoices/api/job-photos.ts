// The photos and files of the job an invoice bills, as the customer sees them with it (docs/rules/team.md#photos-and-files):
// the job's list, of which the shared ones are shown. The query key is the job's own list key, so sharing a photo
// in the job's dialog refreshes this too.
import { useQuery } from '@tanstack/react-query';
import type { WorkOrderAttachment } from '@contracts/work-order-attachments';
import { api } from '@/lib/api-client';

export const jobFilePath = (workOrderId: number, id: number) => `/api/work-orders/${workOrderId}/attachments/${id}/file`;
export const jobThumbnailPath = (workOrderId: number, id: number) => `/api/work-orders/${workOrderId}/attachments/${id}/thumbnail`;

export function useSharedJobPhotos(workOrderId: number) {
  return useQuery({
    queryKey: ['work-orders', 'attachments', workOrderId] as const,
    queryFn: ({ signal }) => api.get<WorkOrderAttachment[]>(`/api/work-orders/${workOrderId}/attachments`, { signal }),
    select: (items) => items.filter((a) => a.shared),
    // Someone who reads invoices but not jobs is refused (403): the section is then left out, not retried.
    retry: false,
  });
}
