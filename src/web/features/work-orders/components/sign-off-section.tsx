// The customer's sign-off on the job (docs/rules/team.md#sign-off): signed on the technician's screen once the work
// is done, by the crew or someone who manages jobs; then shown with who, when and the signature, and printed on the
// job sheet.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileDown, PenLine } from 'lucide-react';
import { formatDateTime } from '@contracts/format';
import { signOffFormSchema, type WorkOrder } from '@contracts/work-orders';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { NestedForm } from '@/components/nested-form';
import { SignatureField } from '@/components/signature-field';
import { SignatureDrawing } from '@/components/signature-drawing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { downloadJobSheet, useSignOff } from '@/features/work-orders/api/sign-off';

type SignOffValues = z.input<typeof signOffFormSchema>;
type SignOffOutput = z.output<typeof signOffFormSchema>;

/** `onSigned`: the job's form closes, since signing completed the job behind its back (its status field is stale). */
export function SignOffSection({ workOrder, canTake, word, onSigned }: { workOrder: WorkOrder; canTake: boolean; word: string; onSigned: () => void }) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const signed = workOrder.signOff;
  const download = () => {
    setDownloading(true);
    downloadJobSheet(workOrder)
      .catch((error: unknown) => toast({ variant: 'destructive', title: 'Failed to download the PDF', description: errorMessage(error) }))
      .finally(() => setDownloading(false));
  };
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-labelledby="sign-off-heading" data-testid="sign-off-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sign-off-heading" className="text-sm font-medium">
          Customer sign-off
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={download} disabled={downloading}>
          <FileDown className="size-4" aria-hidden />
          {downloading ? 'Downloading...' : 'Job sheet PDF'}
        </Button>
      </div>
      {signed ? (
        <div className="grid gap-1" data-testid="sign-off-done">
          <SignatureDrawing signature={signed.signature} label={`Signature of ${signed.signerName}`} className="h-20 w-full max-w-xs" />
          <p className="text-sm">
            Accepted by <span className="font-medium">{signed.signerName}</span> on {formatDateTime(signed.signedAt)}, signed on {signed.takenByName}&apos;s device.
          </p>
        </div>
      ) : workOrder.status === 'cancelled' ? (
        <p className="text-sm text-muted-foreground">A cancelled {word} is not signed off.</p>
      ) : canTake ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">When the work is done, hand the customer your screen to sign. Signing completes the {word}.</p>
          <Button type="button" onClick={() => setOpen(true)}>
            <PenLine className="size-4" aria-hidden />
            Get customer signature
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Not signed yet. The crew takes the customer&apos;s signature on site.</p>
      )}
      {open && (
        <SignOffDialog
          workOrder={workOrder}
          word={word}
          onClose={() => setOpen(false)}
          onSigned={() => {
            setOpen(false);
            onSigned();
          }}
        />
      )}
    </section>
  );
}

function SignOffDialog({ workOrder, word, onClose, onSigned }: { workOrder: WorkOrder; word: string; onClose: () => void; onSigned: () => void }) {
  const form = useForm<SignOffValues, unknown, SignOffOutput>({ resolver: zodResolver(signOffFormSchema), defaultValues: { signerName: workOrder.customerName ?? '', signature: null } });
  const save = useSignOff(workOrder.id);
  const nameError = form.formState.errors.signerName?.message;
  const submit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({ title: `Signed off: ${workOrder.orderNumber} is completed` });
        onSigned();
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['signerName', 'signature']);
        toast({ variant: 'destructive', title: 'Failed to save the sign-off', description: errorMessage(error) });
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-lg" data-testid="sign-off-dialog">
        <DialogHeader>
          <DialogTitle>Customer sign-off</DialogTitle>
          <DialogDescription>
            {workOrder.orderNumber} · {workOrder.title}
          </DialogDescription>
        </DialogHeader>
        <NestedForm onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="sign-off-name">Name of the person signing</Label>
            <Input id="sign-off-name" autoComplete="off" aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? 'sign-off-name-error' : undefined} disabled={save.isPending} {...form.register('signerName')} />
            {nameError && (
              <p id="sign-off-name-error" className="text-sm text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <Controller
            control={form.control}
            name="signature"
            render={({ field, fieldState }) => (
              <div className="grid gap-1.5">
                <p className="text-sm leading-none font-medium">Signature</p>
                <p id="sign-off-signature-hint" className="text-xs text-muted-foreground">
                  Sign with a finger, a pen or the mouse.
                </p>
                <SignatureField onChange={field.onChange} disabled={save.isPending} hintId="sign-off-signature-hint" error={fieldState.error?.message} errorId="sign-off-signature-error" />
              </div>
            )}
          />
          <p className="rounded-md bg-muted px-3 py-2 text-sm">By signing you accept the work on this {word} as complete.</p>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Accept and sign'}
            </Button>
          </DialogFooter>
        </NestedForm>
      </DialogContent>
    </Dialog>
  );
}
