// The organization's checklist templates (docs/rules/team.md#checklists): managed on the Scheduling screen, picked in
// the service dialog and offered on a job, so the read is shared.
import { useQuery } from '@tanstack/react-query';
import type { ChecklistTemplate } from '@contracts/checklists';
import { api } from '@/lib/api-client';

export const checklistTemplatesKey = ['checklist-templates'] as const;

/** GET /api/checklist-templates: active ones first, by name (a super user names the organization). */
export function useChecklistTemplates(organizationId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...checklistTemplatesKey, organizationId ?? null],
    queryFn: ({ signal }) => api.get<ChecklistTemplate[]>(`/api/checklist-templates${organizationId ? `?organizationId=${organizationId}` : ''}`, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
