// 'New Message': type, recipients, template, subject and content; saved as a draft or sent at once.
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { MESSAGE_LIMITS } from '@contracts/messaging';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { useMessageTemplates } from '@/features/messaging/api/message-templates';
import { useCreateMessage } from '@/features/messaging/api/messages';
import { RecipientPicker } from '@/features/messaging/components/recipient-picker';
import { MESSAGING_TOASTS, RECIPIENTS_HINT, sentToast, type MessageKind } from '@/features/messaging/lib/message-display';
import { EMPTY_MESSAGE, newMessageFormSchema, recipientsProblem } from '@/features/messaging/lib/new-message-form';

const FIELDS = ['type', 'subject', 'content', 'recipients'] as const;

export function NewMessageDialog({ onClose }: { onClose: () => void }) {
  const ids = { type: useId(), template: useId(), subject: useId(), content: useId(), hint: useId() };
  const form = useForm({ resolver: zodResolver(newMessageFormSchema), defaultValues: EMPTY_MESSAGE });
  const { errors, isSubmitting } = form.formState;
  const [type, recipients, content, templateId, status] = useWatch({ control: form.control, name: ['type', 'recipients', 'content', 'templateId', 'status'] });
  const templates = useMessageTemplates();
  const create = useCreateMessage();
  const templateChoices = (templates.data ?? []).filter((t) => t.isActive && t.type === type);

  // docs/rules/messaging.md#recipients: choosing the type clears the recipients (an address is not a phone number).
  const changeType = (next: MessageKind) => {
    form.setValue('type', next);
    form.setValue('recipients', []);
    form.setValue('templateId', '');
  };

  const applyTemplate = (id: string) => {
    form.setValue('templateId', id);
    const template = templateChoices.find((t) => String(t.id) === id);
    if (!template) return;
    form.setValue('subject', template.subject ?? '');
    form.setValue('content', template.content);
  };

  const save = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      toast({ title: body.status === 'sent' ? sentToast(body.type) : MESSAGING_TOASTS.created });
      onClose();
    } catch (error) {
      if (body.status === 'sent' && isApiError(error, 503)) {
        // Nothing went out; the server kept the message as a draft to send again from the list.
        toast({ variant: 'destructive', title: MESSAGING_TOASTS.sendFailed, description: 'It was saved as a draft.' });
        onClose();
        return;
      }
      if (body.status === 'sent' && isApiError(error, 409)) {
        // Every recipient replied STOP (docs/rules/messaging.md#sms-opt-outs): kept as a draft, and the reason said.
        toast({ variant: 'destructive', title: MESSAGING_TOASTS.sendFailed, description: `${errorMessage(error)} It was saved as a draft.` });
        onClose();
        return;
      }
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: MESSAGING_TOASTS.createFailed, description: errorMessage(error) });
    }
  });
  const submit = (next: 'draft' | 'sent') => {
    form.setValue('status', next);
    void save();
  };

  const recipientsError = recipientsProblem(errors.recipients);
  const pending = isSubmitting ? status : null;
  const noRecipients = recipients.length === 0;
  const busy = pending !== null;
  const contentMax = type === 'sms' ? MESSAGE_LIMITS.smsContent : MESSAGE_LIMITS.emailContent;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="new-message-dialog">
        <DialogHeader>
          <DialogTitle>New Message</DialogTitle>
          <DialogDescription>Write to your customers by email or SMS.</DialogDescription>
        </DialogHeader>
        <form
          // min-w-0: a grid item and a fieldset both grow to their widest content by default, which pushed long
          // addresses past a phone's edge (docs/decisions/013-small-screen-layout-and-confirmations.md).
          className="min-w-0 space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit('sent');
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.type}>Type</Label>
              <NativeSelect id={ids.type} value={type} onChange={(e) => changeType(e.target.value === 'sms' ? 'sms' : 'email')}>
                <option value="email">Email</option>
                <option value="sms">SMS</option>
              </NativeSelect>
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.template}>Template</Label>
              <NativeSelect id={ids.template} value={templateId} onChange={(e) => applyTemplate(e.target.value)} disabled={templateChoices.length === 0}>
                <option value="">{templateChoices.length === 0 ? 'No templates' : 'Choose a template'}</option>
                {templateChoices.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <fieldset className="min-w-0 space-y-2">
            <legend className="text-sm font-medium">Recipients</legend>
            <RecipientPicker type={type} value={recipients} onChange={(next) => form.setValue('recipients', next)} describedBy={ids.hint} />
            <p id={ids.hint} className={recipientsError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'} data-testid="recipients-hint">
              {recipientsError ?? (noRecipients ? RECIPIENTS_HINT : `${recipients.length} selected`)}
            </p>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.subject}>Subject{type === 'sms' && <span className="font-normal text-muted-foreground"> (optional)</span>}</Label>
            <Input id={ids.subject} {...form.register('subject')} maxLength={MESSAGE_LIMITS.subject} aria-invalid={Boolean(errors.subject)} />
            {errors.subject && <p className="text-sm text-destructive">{errors.subject.message}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.content}>Content</Label>
            <Textarea id={ids.content} {...form.register('content')} rows={6} aria-invalid={Boolean(errors.content)} />
            <p className={errors.content ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
              {errors.content?.message ?? (type === 'sms' ? `${content.length} / ${contentMax.toLocaleString('en-US')} characters` : null)}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => submit('draft')} disabled={noRecipients || busy}>
              {pending === 'draft' ? 'Saving...' : 'Save as draft'}
            </Button>
            <Button type="submit" disabled={noRecipients || busy}>
              {pending === 'sent' ? 'Sending...' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
