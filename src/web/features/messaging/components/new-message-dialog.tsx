// 'New Message': type, recipients, template, subject and content; saved as a draft or sent at once.
import { useId, useState } from 'react';
import { createMessageBodySchema, MESSAGE_LIMITS } from '@contracts/messaging';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useMessageTemplates } from '@/features/messaging/api/message-templates';
import { useCreateMessage } from '@/features/messaging/api/messages';
import { RecipientPicker } from '@/features/messaging/components/recipient-picker';
import { MESSAGING_TOASTS, RECIPIENTS_HINT, sentToast, type MessageKind, type RecipientChoice } from '@/features/messaging/lib/message-display';

type Errors = Partial<Record<'subject' | 'content' | 'recipients' | 'type', string>>;

/** The first message per field; a problem with one recipient (`recipients.2`) is shown under the recipients. */
function errorsFrom(issues: { path: string | (string | number)[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(Array.isArray(issue.path) ? issue.path[0] : issue.path.split('.')[0]) as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
}

export function NewMessageDialog({ onClose }: { onClose: () => void }) {
  const ids = { type: useId(), template: useId(), subject: useId(), content: useId(), hint: useId() };
  const [type, setType] = useState<MessageKind>('email');
  const [recipients, setRecipients] = useState<RecipientChoice[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<'draft' | 'sent' | null>(null);
  const templates = useMessageTemplates();
  const create = useCreateMessage();
  const templateChoices = (templates.data ?? []).filter((t) => t.isActive && t.type === type);

  // docs/rules/messaging.md#recipients: choosing the type clears the recipients (an address is not a phone number).
  const changeType = (next: MessageKind) => {
    setType(next);
    setRecipients([]);
    setTemplateId('');
  };

  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const template = templateChoices.find((t) => String(t.id) === id);
    if (!template) return;
    setSubject(template.subject ?? '');
    setContent(template.content);
  };

  const submit = (status: 'draft' | 'sent') => {
    const body = { type, status, subject: subject.trim() || null, content, recipients: recipients.map((r) => r.value) };
    const parsed = createMessageBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }))));
      return;
    }
    setErrors({});
    setPending(status);
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: status === 'sent' ? sentToast(type) : MESSAGING_TOASTS.created });
        onClose();
      },
      onError: (error) => {
        setPending(null);
        if (status === 'sent' && isApiError(error, 503)) {
          // Nothing went out; the server kept the message as a draft to send again from the list.
          toast({ variant: 'destructive', title: MESSAGING_TOASTS.sendFailed, description: 'It was saved as a draft.' });
          onClose();
          return;
        }
        if (isApiError(error, 400) && error.body?.issues) setErrors(errorsFrom(error.body.issues));
        toast({ variant: 'destructive', title: MESSAGING_TOASTS.createFailed, description: errorMessage(error) });
      },
    });
  };

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
            <RecipientPicker type={type} value={recipients} onChange={setRecipients} describedBy={ids.hint} />
            <p id={ids.hint} className={errors.recipients ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'} data-testid="recipients-hint">
              {errors.recipients ?? (noRecipients ? RECIPIENTS_HINT : `${recipients.length} selected`)}
            </p>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.subject}>Subject{type === 'sms' && <span className="font-normal text-muted-foreground"> (optional)</span>}</Label>
            <Input
              id={ids.subject}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={MESSAGE_LIMITS.subject}
              aria-invalid={Boolean(errors.subject)}
            />
            {errors.subject && <p className="text-sm text-destructive">{errors.subject}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.content}>Content</Label>
            <Textarea
              id={ids.content}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              rows={6}
              aria-invalid={Boolean(errors.content)}
            />
            <p className={errors.content ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
              {errors.content ?? (type === 'sms' ? `${content.length} / ${contentMax.toLocaleString('en-US')} characters` : null)}
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
