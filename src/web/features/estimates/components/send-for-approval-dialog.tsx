// Send for approval (docs/rules/records.md#estimate-form): the quote page's link by e-mail (with the PDF) and/or text
// message. Afterwards the link shows, to copy into any other message.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Send } from 'lucide-react';
import { sendForApprovalSchema, type EstimateListItem } from '@contracts/estimates';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { useRecordWord } from '@/lib/use-labels';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NO_EMAIL_REASON } from '@/components/email-to-customer-item';
import { useSendForApproval } from '@/features/estimates/api/send-for-approval';
import { ApprovalLink } from '@/features/estimates/components/approval-link';

type SendableEstimate = Pick<EstimateListItem, 'id' | 'estimateNumber' | 'customerName' | 'customerHasEmail'>;

const resolver = zodResolver(sendForApprovalSchema);

export function SendForApprovalDialog({ estimate, onClose }: { estimate: SendableEstimate | null; onClose: () => void }) {
  return (
    <Dialog open={estimate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="send-for-approval-dialog">
        {estimate && <SendForApprovalForm key={estimate.id} estimate={estimate} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function SendForApprovalForm({ estimate, onClose }: { estimate: SendableEstimate; onClose: () => void }) {
  const word = useRecordWord('estimates');
  const client = useRecordWord('customers');
  // E-mail when there is an address; without one, a text message is the only way to send it.
  const form = useForm({ resolver, defaultValues: { email: estimate.customerHasEmail, sms: !estimate.customerHasEmail } });
  const send = useSendForApproval();
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const customer = estimate.customerName ?? `the ${client.lower}`;

  const onValid = (input: { email: boolean; sms: boolean }) =>
    send.mutate(
      { id: estimate.id, input },
      {
        onSuccess: (result) => {
          toast({ title: result.message });
          setSentUrl(result.approvalUrl);
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, ['email', 'sms']);
          toast({ variant: 'destructive', title: 'Failed to send for approval', description: errorMessage(error) });
        },
      },
    );

  if (sentUrl) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            {word.title} {estimate.estimateNumber} sent for approval
          </DialogTitle>
          <DialogDescription>
            {customer} can open the {word.lower}, pick optional items and approve it with a signature. You can also share the link yourself.
          </DialogDescription>
        </DialogHeader>
        <ApprovalLink url={sentUrl} />
        <DialogFooter>
          <Button onClick={onClose}>
            <Check aria-hidden />
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }

  const checkbox = (name: 'email' | 'sms', label: string, hint: string, disabled = false) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="grid grid-cols-[1rem_minmax(0,1fr)] items-start gap-x-3 gap-y-0.5">
          <FormControl>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={field.value === true}
              disabled={disabled}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
          <FormDescription className="col-start-2">{hint}</FormDescription>
          <FormMessage className="col-start-2" />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>Send {estimate.estimateNumber} for approval</DialogTitle>
        <DialogDescription>
          {customer} gets a link to a page where they can approve the {word.lower} with a signature, decline it or ask for changes.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label="Send for approval">
        <fieldset disabled={send.isPending} className="grid min-w-0 gap-3">
          <legend className="mb-2 text-sm font-medium">Send the link by</legend>
          {checkbox('email', 'E-mail', estimate.customerHasEmail ? `With the ${word.lower} as a PDF.` : NO_EMAIL_REASON, !estimate.customerHasEmail)}
          {checkbox('sms', 'Text message', `To the ${client.lower}'s mobile number.`)}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden />
            {send.isPending ? 'Sending...' : 'Send for approval'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
