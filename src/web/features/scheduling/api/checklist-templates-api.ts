// Writes of the Scheduling screen's Checklists tab (docs/rules/team.md#checklists). A template's change shows in the
// services too (which ones bring it), so both are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistTemplate, ChecklistTemplateFormOutput, DeleteChecklistTemplateResult } from '@contracts/checklists';
import { api } from '@/lib/api-client';
import { checklistTemplatesKey } from '@/lib/checklist-templates';
import { schedulingKeys } from '@/features/scheduling/api/scheduling-api';
import { useOrganizationScope } from '@/features/scheduling/api/organization-scope';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: checklistTemplatesKey }), queryClient.invalidateQueries({ queryKey: schedulingKeys.services })]);
}

export function useSaveChecklistTemplate() {
  const org = useOrganizationScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ChecklistTemplateFormOutput }) =>
      id === null ? api.post<ChecklistTemplate>('/api/checklist-templates', { ...body, organizationId: org }) : api.put<ChecklistTemplate>(`/api/checklist-templates/${id}`, body),
    onSuccess: refresh,
  });
}

/** Archived templates come back with `isActive: true`. */
export function useRestoreChecklistTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.put<ChecklistTemplate>(`/api/checklist-templates/${id}`, { isActive: true }),
    onSuccess: refresh,
  });
}

/** Deleted when no job has it, else archived: the answer says which. */
export function useDeleteChecklistTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeleteChecklistTemplateResult>(`/api/checklist-templates/${id}`),
    onSuccess: refresh,
  });
}
