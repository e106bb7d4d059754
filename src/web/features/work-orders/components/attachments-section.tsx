// The job's photos and files in its dialog (docs/rules/team.md#photos-and-files), phone first: `Take photo` opens the
// camera, `Add file` the phone's photos and files; uploads show their progress; a tap on a tile opens it full size
// with its caption, `Shared with customer` and `Delete` for the crew and those who manage jobs.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, Paperclip, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { formatDateTime } from '@contracts/format';
import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES, attachmentCaptionFormSchema, attachmentFileProblem, type WorkOrderAttachment } from '@contracts/work-order-attachments';
import type { WorkOrder } from '@contracts/work-orders';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useCan } from '@/lib/auth/use-can';
import { applyServerIssues } from '@/lib/server-issues';
import { NestedForm } from '@/components/nested-form';
import { AttachmentGrid, attachmentLabel } from '@/components/attachment-grid';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { PhotoViewerDialog } from '@/components/photo-viewer-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import {
  attachmentFilePath,
  attachmentThumbnailPath,
  useAttachments,
  useDeleteAttachment,
  useUpdateAttachment,
  useUploadAttachment,
} from '@/features/work-orders/api/attachments';

type CaptionValues = z.input<typeof attachmentCaptionFormSchema>;
type CaptionOutput = z.output<typeof attachmentCaptionFormSchema>;

interface Progress {
  index: number;
  count: number;
  fraction: number;
}

export function AttachmentsSection({ workOrder, word }: { workOrder: WorkOrder; word: string }) {
  const { user } = useCurrentUser();
  const can = useCan();
  // The same rule as the server's (docs/rules/team.md#photos-and-files): the crew, or someone who manages jobs.
  const canChange = can('manage_work_orders') || workOrder.assignees.some((a) => a.id === user?.id);
  const list = useAttachments(workOrder.id);
  const upload = useUploadAttachment(workOrder.id);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const items = (list.data ?? []).map((a) => ({ ...a, thumbnailPath: a.hasThumbnail ? attachmentThumbnailPath(workOrder.id, a.id) : null }));
  const open = items.find((a) => a.id === openId) ?? null;

  /** One file after another: a phone on a slow connection sends one photo at a time. */
  const send = async (files: File[]) => {
    if (camera.current) camera.current.value = '';
    if (picker.current) picker.current.value = '';
    let added = 0;
    for (const [index, file] of files.entries()) {
      const problem = attachmentFileProblem(file);
      if (problem) {
        toast({ variant: 'destructive', title: ATTACHMENT_MESSAGES.uploadFailed, description: `${file.name}: ${problem}` });
        continue;
      }
      setProgress({ index, count: files.length, fraction: 0 });
      try {
        await upload.mutateAsync({ file, onProgress: (fraction) => setProgress({ index, count: files.length, fraction }) });
        added++;
      } catch (error) {
        toast({ variant: 'destructive', title: ATTACHMENT_MESSAGES.uploadFailed, description: errorMessage(error) });
      }
    }
    setProgress(null);
    if (added > 0) toast({ title: added === 1 ? ATTACHMENT_MESSAGES.uploaded : `${added} photos and files added to the ${word}` });
  };

  const busy = progress !== null;
  const percent = progress ? Math.round(progress.fraction * 100) : 0;

  return (
    <section className="grid min-w-0 gap-3 rounded-md border p-3" aria-labelledby="attachments-heading" data-testid="attachments-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="attachments-heading" className="text-sm font-medium">
          Photos and files{list.data && list.data.length > 0 ? ` (${list.data.length})` : ''}
        </h3>
      </div>
      {canChange && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* The camera opens straight away on a phone; a desktop browser offers its file picker. */}
          <input
            ref={camera}
            type="file"
            accept={ATTACHMENT_LIMITS.acceptPhoto}
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-label="Photo from the camera"
            data-testid="attachment-camera-input"
            onChange={(e) => void send(Array.from(e.target.files ?? []))}
          />
          <input
            ref={picker}
            type="file"
            accept={ATTACHMENT_LIMITS.acceptAny}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Photos or PDF files"
            data-testid="attachment-file-input"
            onChange={(e) => void send(Array.from(e.target.files ?? []))}
          />
          <Button type="button" className="h-12 text-base sm:h-9 sm:text-sm" disabled={busy} onClick={() => camera.current?.click()}>
            <Camera className="size-5 sm:size-4" aria-hidden />
            Take photo
          </Button>
          <Button type="button" variant="outline" className="h-12 text-base sm:h-9 sm:text-sm" disabled={busy} onClick={() => picker.current?.click()}>
            <Paperclip className="size-5 sm:size-4" aria-hidden />
            Add file
          </Button>
        </div>
      )}
      {progress && (
        <div className="grid gap-1" role="status" data-testid="attachment-progress">
          <p className="text-sm">
            Uploading{progress.count > 1 ? ` ${progress.index + 1} of ${progress.count}` : ''}... {percent}%
          </p>
          <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          {progress.fraction >= 1 && <p className="text-xs text-muted-foreground">Preparing the photo on the server...</p>}
        </div>
      )}
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">Loading photos and files...</p>
      ) : list.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load the photos and files: {errorMessage(list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No photos or files yet.{canChange ? ` Take a photo of the work, or add a PDF. Photos marked "Shared with customer" show with the ${word}'s invoice in the customer portal.` : ''}
        </p>
      ) : (
        <AttachmentGrid items={items} onOpen={(a) => setOpenId(a.id)} testId="attachment-grid" />
      )}
      {open && <AttachmentViewer workOrderId={workOrder.id} attachment={open} canChange={canChange} onClose={() => setOpenId(null)} />}
    </section>
  );
}

function AttachmentViewer({ workOrderId, attachment, canChange, onClose }: { workOrderId: number; attachment: WorkOrderAttachment; canChange: boolean; onClose: () => void }) {
  const update = useUpdateAttachment(workOrderId);
  const remove = useDeleteAttachment(workOrderId);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<CaptionValues, unknown, CaptionOutput>({ resolver: zodResolver(attachmentCaptionFormSchema), defaultValues: { caption: attachment.caption ?? '' } });
  const captionError = form.formState.errors.caption?.message;
  const noun = attachment.kind === 'photo' ? 'photo' : 'file';

  const saveCaption = form.handleSubmit((values) =>
    update.mutateAsync({ id: attachment.id, body: { caption: values.caption } }).then(
      (saved) => {
        form.reset({ caption: saved.caption ?? '' });
        toast({ title: 'Caption saved' });
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['caption']);
        toast({ variant: 'destructive', title: ATTACHMENT_MESSAGES.saveFailed, description: errorMessage(error) });
      },
    ),
  );
  const share = (shared: boolean) =>
    update.mutate(
      { id: attachment.id, body: { shared } },
      {
        onSuccess: () => toast({ title: shared ? 'Shared with the customer' : 'No longer shared with the customer' }),
        onError: (error) => toast({ variant: 'destructive', title: ATTACHMENT_MESSAGES.saveFailed, description: errorMessage(error) }),
      },
    );

  return (
    <PhotoViewerDialog
      kind={attachment.kind}
      title={attachment.caption ?? attachmentLabel(attachment)}
      description={`${attachment.fileName} · added ${formatDateTime(attachment.createdAt)}${attachment.uploadedByName ? ` by ${attachment.uploadedByName}` : ''}`}
      fileName={attachment.fileName}
      filePath={attachmentFilePath(workOrderId, attachment.id)}
      onClose={onClose}
      actions={
        canChange && (
          <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 aria-hidden />
            Delete {noun}
          </Button>
        )
      }
      testId="attachment-viewer"
    >
      {canChange ? (
        <div className="grid gap-3 border-t pt-3">
          <NestedForm onSubmit={saveCaption} className="grid gap-1.5">
            <Label htmlFor="attachment-caption">Caption</Label>
            <div className="flex gap-2">
              <Input
                id="attachment-caption"
                autoComplete="off"
                maxLength={ATTACHMENT_LIMITS.captionMax}
                placeholder="What does it show?"
                aria-invalid={captionError ? true : undefined}
                aria-describedby={captionError ? 'attachment-caption-error' : undefined}
                disabled={update.isPending}
                {...form.register('caption')}
              />
              <Button type="submit" variant="outline" disabled={update.isPending || !form.formState.isDirty}>
                Save
              </Button>
            </div>
            {captionError && (
              <p id="attachment-caption-error" className="text-sm text-destructive">
                {captionError}
              </p>
            )}
          </NestedForm>
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <Label htmlFor="attachment-shared">Shared with customer</Label>
              <p id="attachment-shared-hint" className="text-xs text-muted-foreground">
                Shown with the invoice in the customer portal.
              </p>
            </div>
            {/* Not disabled while saving: a disabled button would drop the keyboard's focus to the page. */}
            <Switch id="attachment-shared" aria-describedby="attachment-shared-hint" aria-busy={update.isPending || undefined} checked={attachment.shared} onCheckedChange={(shared) => !update.isPending && share(shared)} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{attachment.shared ? 'Shared with the customer.' : 'Not shared with the customer.'}</p>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title={`Delete this ${noun}?`}
          description={`It is removed from the job${attachment.shared ? ' and from the customer portal' : ''}. This cannot be undone.`}
          onConfirm={() =>
            remove.mutateAsync(attachment.id).then(
              () => {
                toast({ title: ATTACHMENT_MESSAGES.deleted });
                onClose();
              },
              (error: unknown) => {
                toast({ variant: 'destructive', title: ATTACHMENT_MESSAGES.deleteFailed, description: errorMessage(error) });
                throw error;
              },
            )
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </PhotoViewerDialog>
  );
}
