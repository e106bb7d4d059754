// A job's checklists (docs/rules/team.md#checklists): add, remove, answer, complete, reopen. Each answer puts the
// changed checklist into the job's cached detail, so the dialog shows it at once without fetching the job again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChecklistAnswerInput, WorkOrderChecklist } from '@contracts/checklists';
import type { WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { uploadAttachment } from '@/features/work-orders/api/attachments';
import { workOrderQueryOptions } from '@/features/work-orders/api/get-work-order';

type Change = { put: WorkOrderChecklist } | { removed: number };

async function applyToJob(queryClient: QueryClient, workOrderId: number, change: Change) {
  const { queryKey } = workOrderQueryOptions(workOrderId);
  // A fetch of the job still under way (a photo's upload refetches it) was read before this change: it must not land
  // after it and put the checklist back as it was.
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<WorkOrder>(queryKey, (job) => {
    if (!job) return job;
    const list = job.checklists ?? [];
    if ('removed' in change) return { ...job, checklists: list.filter((c) => c.id !== change.removed) };
    const at = list.findIndex((c) => c.id === change.put.id);
    return { ...job, checklists: at < 0 ? [...list, change.put] : list.map((c) => (c.id === change.put.id ? change.put : c)) };
  });
}

const base = (workOrderId: number) => `/api/work-orders/${workOrderId}/checklists`;

export function useAttachChecklist(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) => api.post<WorkOrderChecklist>(base(workOrderId), { templateId }),
    onSuccess: (checklist) => applyToJob(queryClient, workOrderId, { put: checklist }),
  });
}

export function useRemoveChecklist(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checklistId: number) => api.delete<null>(`${base(workOrderId)}/${checklistId}`),
    onSuccess: (_, checklistId) => applyToJob(queryClient, workOrderId, { removed: checklistId }),
  });
}

/** Saves the answers sent (null clears one); the others stay as they are. */
export function useSaveChecklistAnswers(workOrderId: number, checklistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, ChecklistAnswerInput>) => api.put<WorkOrderChecklist>(`${base(workOrderId)}/${checklistId}/answers`, { answers }),
    onSuccess: (checklist) => applyToJob(queryClient, workOrderId, { put: checklist }),
  });
}

export function useChecklistAction(workOrderId: number, checklistId: number, action: 'complete' | 'reopen') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WorkOrderChecklist>(`${base(workOrderId)}/${checklistId}/${action}`, {}),
    onSuccess: (checklist) => applyToJob(queryClient, workOrderId, { put: checklist }),
  });
}

/**
 * Uploads a checklist's photo and answers the item with it (`answer`); then the job's queries, its photos among them,
 * are fetched again (after the answer, so the refetched job already has it).
 */
export function useUploadChecklistPhoto(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, answer }: { file: File; answer: (attachmentId: number) => Promise<void> }) => {
      const attachment = await uploadAttachment(workOrderId, file);
      await answer(attachment.id);
      return attachment;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
  });
}
