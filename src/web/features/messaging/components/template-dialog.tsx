// Add or edit a message template: name, type, subject, content, active.
import { useId, useState } from 'react';
import { createTemplateBodySchema, MESSAGE_LIMITS, type MessageTemplate } from '@contracts/messaging';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSaveTemplate } from '@/features/messaging/api/message-templates';

type Errors = Partial<Record<string, string>>;

export function TemplateDialog({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const ids = { name: useId(), type: useId(), subject: useId(), content: useId(), active: useId() };
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState<'email' | 'sms'>(template?.type === 'sms' ? 'sms' : 'email');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [isActive, setActive] = useState(template?.isActive ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveTemplate();
  const verb = template ? 'update' : 'create';

  const submit = () => {
    const body = { name, type, subject: subject.trim() || null, content, isActive };
    const parsed = createTemplateBodySchema.safeParse(body);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }));
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.reverse().map((i) => [i.path, i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: () => {
          toast({ title: `Template ${verb}d successfully` });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 400) && error.body?.issues) {
            setErrors(Object.fromEntries(error.body.issues.map((i) => [String(Array.isArray(i.path) ? i.path[0] : i.path), i.message])));
          }
          toast({ variant: 'destructive', title: `Failed to ${verb} template`, description: errorMessage(error) });
        },
      },
    );
  };

  const fieldError = (key: string) => errors[key] && <p className="text-sm text-destructive">{errors[key]}</p>;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent data-testid="template-dialog">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Template' : 'Add Template'}</DialogTitle>
          <DialogDescription>Reusable text for new messages.</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.name}>Name</Label>
              <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} maxLength={MESSAGE_LIMITS.templateName} aria-invalid={Boolean(errors.name)} />
              {fieldError('name')}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.type}>Type</Label>
              <NativeSelect id={ids.type} value={type} onChange={(e) => setType(e.target.value === 'sms' ? 'sms' : 'email')}>
                <option value="email">Email</option>
                <option value="sms">SMS</option>
              </NativeSelect>
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.subject}>Subject</Label>
            <Input id={ids.subject} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={MESSAGE_LIMITS.subject} />
            {fieldError('subject')}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.content}>Content</Label>
            <Textarea id={ids.content} value={content} onChange={(e) => setContent(e.target.value)} rows={5} aria-invalid={Boolean(errors.content)} />
            {fieldError('content')}
          </div>
          <div className="flex items-center gap-2">
            <input id={ids.active} type="checkbox" className="size-4 accent-primary" checked={isActive} onChange={(e) => setActive(e.target.checked)} />
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
