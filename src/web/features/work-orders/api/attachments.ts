// A job's photos and files (docs/rules/team.md#photos-and-files): the list, the upload with its progress, a caption
// or sharing change, and removal. The bytes are read by the tiles themselves (components/stored-image.tsx).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_LIMITS, type UpdateAttachmentBody, type WorkOrderAttachment } from '@contracts/work-order-attachments';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload-file';

export const attachmentKeys = {
  list: (workOrderId: number) => ['work-orders', 'attachments', workOrderId] as const,
};

export const attachmentFilePath = (workOrderId: number, id: number) => `/api/work-orders/${workOrderId}/attachments/${id}/file`;
export const attachmentThumbnailPath = (workOrderId: number, id: number) => `/api/work-orders/${workOrderId}/attachments/${id}/thumbnail`;

export function attachmentsQueryOptions(workOrderId: number) {
  return queryOptions({
    queryKey: attachmentKeys.list(workOrderId),
    queryFn: ({ signal }) => api.get<WorkOrderAttachment[]>(`/api/work-orders/${workOrderId}/attachments`, { signal }),
  });
}

export function useAttachments(workOrderId: number) {
  return useQuery(attachmentsQueryOptions(workOrderId));
}

export interface UploadVariables {
  file: File;
  /** 0..1 as the file goes up. */
  onProgress?: (fraction: number) => void;
}

/** POST /api/work-orders/{id}/attachments: one file in the multipart field `file` (a checklist's photo goes the same way). */
export function uploadAttachment(workOrderId: number, file: File, onProgress?: (fraction: number) => void): Promise<WorkOrderAttachment> {
  const form = new FormData();
  form.append(ATTACHMENT_LIMITS.field, file, file.name || 'photo.jpg');
  return uploadForm<WorkOrderAttachment>(`/api/work-orders/${workOrderId}/attachments`, form, onProgress);
}

export function useUploadAttachment(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadVariables) => uploadAttachment(workOrderId, file, onProgress),
    // A lost connection is not retried: the person sees the failure and taps again (a photo is megabytes).
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(workOrderId) }),
  });
}

export function useUpdateAttachment(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAttachmentBody }) => api.patch<WorkOrderAttachment>(`/api/work-orders/${workOrderId}/attachments/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(workOrderId) }),
  });
}

export function useDeleteAttachment(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/work-orders/${workOrderId}/attachments/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(workOrderId) }),
  });
}
