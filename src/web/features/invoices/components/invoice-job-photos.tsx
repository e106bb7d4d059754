// The job's shared photos and files in the invoice's dialog: what the customer sees with this invoice in the portal
// (docs/rules/team.md#photos-and-files). Nothing when the invoice bills no job or the job shares nothing.
import { useState } from 'react';
import { AttachmentGrid, attachmentLabel } from '@/components/attachment-grid';
import { PhotoViewerDialog } from '@/components/photo-viewer-dialog';
import { jobFilePath, jobThumbnailPath, useSharedJobPhotos } from '@/features/invoices/api/job-photos';

export function InvoiceJobPhotos({ workOrderId }: { workOrderId: number }) {
  const photos = useSharedJobPhotos(workOrderId);
  const [openId, setOpenId] = useState<number | null>(null);
  const items = (photos.data ?? []).map((a) => ({ ...a, thumbnailPath: a.hasThumbnail ? jobThumbnailPath(workOrderId, a.id) : null }));
  if (items.length === 0) return null;
  const open = items.find((a) => a.id === openId);
  return (
    <section className="grid min-w-0 gap-2 rounded-md border p-3" aria-labelledby="invoice-job-photos-heading" data-testid="invoice-job-photos">
      <h3 id="invoice-job-photos-heading" className="text-sm font-medium">
        Shared photos and files
      </h3>
      <p className="text-xs text-muted-foreground">From the job; the customer sees them with this invoice in the portal.</p>
      <AttachmentGrid items={items} onOpen={(a) => setOpenId(a.id)} />
      {open && (
        <PhotoViewerDialog
          kind={open.kind}
          title={open.caption ?? attachmentLabel(open)}
          fileName={open.fileName}
          filePath={jobFilePath(workOrderId, open.id)}
          onClose={() => setOpenId(null)}
          testId="invoice-photo-viewer"
        />
      )}
    </section>
  );
}
