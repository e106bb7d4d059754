// The Scheduling screen's Checklists tab (docs/rules/team.md#checklists): the organization's templates, which services
// bring them, and for those who manage scheduling Add, Edit, Delete (archived when a job has it) and Restore.
import { useState } from 'react';
import { ListChecks, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { CHECKLIST_KIND_LABELS, type ChecklistTemplate } from '@contracts/checklists';
import { errorMessage } from '@/lib/api-client';
import { useChecklistTemplates } from '@/lib/checklist-templates';
import { ListBlock } from '@/components/list-block';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDeleteChecklistTemplate, useRestoreChecklistTemplate } from '@/features/scheduling/api/checklist-templates-api';
import { useOrganizationScope } from '@/features/scheduling/api/organization-scope';

const PREVIEW = 4;

export function ChecklistsTab({ canManage, onAdd, onEdit }: { canManage: boolean; onAdd: () => void; onEdit: (template: ChecklistTemplate) => void }) {
  const templates = useChecklistTemplates(useOrganizationScope());
  const remove = useDeleteChecklistTemplate();
  const restore = useRestoreChecklistTemplate();
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const rows = templates.data ? { rows: templates.data, total: templates.data.length } : undefined;

  const onRestore = (t: ChecklistTemplate) =>
    restore.mutate(t.id, {
      onSuccess: () => toast({ title: `${t.name} is offered again` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to restore the checklist', description: errorMessage(error) }),
    });

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Checklists</h2>
          <p className="text-sm text-muted-foreground">What the crew checks on site. A service brings its checklists to every job it is booked for.</p>
        </div>
        {canManage && (
          <Button onClick={onAdd} className="self-start sm:self-auto">
            <Plus aria-hidden />
            Add Checklist
          </Button>
        )}
      </div>
      <ListBlock name="checklist-templates" query={{ ...templates, data: rows }} emptyText="No checklists yet" failedTitle="Failed to load checklists">
        {(list) => (
          <div className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((t) => {
              const required = t.items.filter((i) => i.required).length;
              return (
                <Card key={t.id} className="flex min-w-0 flex-col gap-3 p-4" data-testid="checklist-template-card">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="flex min-w-0 items-center gap-2 font-semibold break-words">
                      <ListChecks className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="min-w-0 break-words">{t.name}</span>
                    </h3>
                    <Badge variant={t.isActive ? 'default' : 'secondary'}>{t.isActive ? 'Active' : 'Archived'}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {t.items.length} {t.items.length === 1 ? 'item' : 'items'}
                    {required > 0 && `, ${required} required`}
                  </p>
                  <ul className="grid gap-1 text-sm">
                    {t.items.slice(0, PREVIEW).map((i) => (
                      <li key={i.id} className="flex min-w-0 items-baseline justify-between gap-2">
                        <span className="min-w-0 truncate">{i.label}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{CHECKLIST_KIND_LABELS[i.kind]}</span>
                      </li>
                    ))}
                    {t.items.length > PREVIEW && <li className="text-xs text-muted-foreground">and {t.items.length - PREVIEW} more</li>}
                  </ul>
                  <p className="text-sm break-words">
                    <span className="text-muted-foreground">Services: </span>
                    {t.services.length ? t.services.map((s) => s.name).join(', ') : 'None yet'}
                  </p>
                  {canManage && (
                    <div className="mt-auto flex flex-wrap gap-2">
                      {t.isActive ? (
                        <>
                          <Button variant="outline" size="sm" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
                            <Pencil aria-hidden />
                            Edit
                          </Button>
                          <Button variant="outline" size="sm" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                            <Trash2 aria-hidden />
                            Delete
                          </Button>
                        </>
                      ) : (
                        <Button variant="outline" size="sm" onClick={() => onRestore(t)} disabled={restore.isPending} aria-label={`Restore ${t.name}`}>
                          <RotateCcw aria-hidden />
                          Restore
                        </Button>
                      )}
                    </div>
                  )}
                </Card>
              );
            })}
          </div>
        )}
      </ListBlock>
      {deleting && (
        <ConfirmDeleteDialog
          title={`Delete ${deleting.name}?`}
          description="Services stop bringing it. Jobs that already have it keep their copy, so it is archived instead when a job has it."
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutateAsync(deleting.id).then(
              (r) => toast({ title: r.result === 'deleted' ? `${deleting.name} deleted` : `${deleting.name} archived: jobs have it` }),
              (error: unknown) => {
                toast({ variant: 'destructive', title: 'Failed to delete the checklist', description: errorMessage(error) });
                throw error;
              },
            )
          }
        />
      )}
    </div>
  );
}
