// Add or edit a message template: name, type, subject, content, active.
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createTemplateBodySchema, MESSAGE_LIMITS, type MessageTemplate, type TemplateFormInput } from '@contracts/messaging';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { useSaveTemplate } from '@/features/messaging/api/message-templates';

const FIELDS = ['name', 'type', 'subject', 'content', 'isActive'] as const;

const templateValues = (template: MessageTemplate | null): TemplateFormInput => ({
  name: template?.name ?? '',
  type: template?.type === 'sms' ? 'sms' : 'email',
  subject: template?.subject ?? '',
  content: template?.content ?? '',
  isActive: template?.isActive ?? true,
});

export function TemplateDialog({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const ids = { name: useId(), type: useId(), subject: useId(), content: useId(), active: useId() };
  const form = useForm({ resolver: zodResolver(createTemplateBodySchema), defaultValues: templateValues(template) });
  const { errors } = form.formState;
  const save = useSaveTemplate();
  const verb = template ? 'update' : 'create';

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: () => {
          toast({ title: `Template ${verb}d successfully` });
          onClose();
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, FIELDS);
          toast({ variant: 'destructive', title: `Failed to ${verb} template`, description: errorMessage(error) });
        },
      },
    ),
  );

  const fieldError = (key: (typeof FIELDS)[number]) => errors[key]?.message && <p className="text-sm text-destructive">{errors[key].message}</p>;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent data-testid="template-dialog">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Template' : 'Add Template'}</DialogTitle>
          <DialogDescription>Reusable text for new messages.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={submit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.name}>Name</Label>
              <Input id={ids.name} {...form.register('name')} maxLength={MESSAGE_LIMITS.templateName} aria-invalid={Boolean(errors.name)} />
              {fieldError('name')}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.type}>Type</Label>
              <NativeSelect id={ids.type} {...form.register('type')}>
                <option value="email">Email</option>
                <option value="sms">SMS</option>
              </NativeSelect>
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.subject}>Subject</Label>
            <Input id={ids.subject} {...form.register('subject')} maxLength={MESSAGE_LIMITS.subject} aria-invalid={Boolean(errors.subject)} />
            {fieldError('subject')}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.content}>Content</Label>
            <Textarea id={ids.content} {...form.register('content')} rows={5} aria-invalid={Boolean(errors.content)} />
            {fieldError('content')}
          </div>
          <div className="flex items-center gap-2">
            <input id={ids.active} type="checkbox" className="size-4 accent-primary" {...form.register('isActive')} />
            <Label htmlFor={ids.active}>Active</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : template ? 'Save Changes' : 'Add Template'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
