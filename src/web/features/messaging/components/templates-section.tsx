// The organization's message templates: list, add, edit, delete.
import { lazy, Suspense, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { MessageTemplate } from '@contracts/messaging';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTemplate, useMessageTemplates } from '@/features/messaging/api/message-templates';
import { typeLabel } from '@/features/messaging/lib/message-display';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { PanelStatus } from '@/components/panel-status';
import { OrganizationLine } from '@/components/organization-column';

const TemplateDialog = lazy(() => import('@/features/messaging/components/template-dialog').then((m) => ({ default: m.TemplateDialog })));

type Open = { kind: 'edit'; template: MessageTemplate | null } | { kind: 'delete'; template: MessageTemplate } | null;

export function TemplatesSection({ canManage }: { canManage: boolean }) {
  const templates = useMessageTemplates();
  const remove = useDeleteTemplate();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = templates.data ?? [];

  const confirmDelete = (template: MessageTemplate) =>
    remove.mutateAsync(template.id).then(
      () => toast({ title: 'Template deleted successfully' }),
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to delete template', description: errorMessage(error) });
        throw error;
      },
    );

  return (
    <Card className="overflow-hidden" data-testid="templates-section">
      <div className="flex items-center justify-between gap-3 border-b p-4">
        <h2 className="font-semibold">Templates</h2>
        {canManage && (
          <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'edit', template: null })}>
            <Plus aria-hidden />
            Add Template
          </Button>
        )}
      </div>
      <PanelStatus
        isPending={templates.isPending}
        error={templates.error}
        isEmpty={rows.length === 0}
        emptyText="No templates yet."
        failedTitle="Failed to load templates"
        testId="templates"
      >
        <ul className="divide-y">
          {rows.map((t) => (
            <li key={t.id} className="flex items-start gap-3 px-4 py-3" data-testid="template-row">
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="truncate font-medium">{t.name}</p>
                  <Badge variant="outline">{typeLabel(t.type)}</Badge>
                  {!t.isActive && <Badge variant="secondary">Inactive</Badge>}
                </div>
                {t.subject && <p className="truncate">{t.subject}</p>}
                <p className="line-clamp-2 text-muted-foreground">{t.content}</p>
                <OrganizationLine organizationId={t.organizationId} />
              </div>
              {canManage && (
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'edit', template: t })} aria-label={`Edit ${t.name}`}>
                    <Pencil aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'delete', template: t })} aria-label={`Delete ${t.name}`}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </PanelStatus>
      <Suspense fallback={null}>
        {open?.kind === 'edit' && <TemplateDialog key={open.template?.id ?? 'new'} template={open.template} onClose={close} />}
      </Suspense>
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete template?"
          description={`Delete the template "${open.template.name}"? This cannot be undone.`}
          onConfirm={() => confirmDelete(open.template)}
          onClose={close}
        />
      )}
    </Card>
  );
}
