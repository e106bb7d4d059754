// Photos from your jobs (docs/rules/customer-portal.md#portal-screen): the photos and files the business shared from
// the jobs the customer's invoices bill, by invoice, with their captions; a photo opens full size, a file downloads
// (docs/rules/team.md#photos-and-files). Shown only when something is shared.
import { useState } from 'react';
import { Images } from 'lucide-react';
import type { SharedAttachment } from '@contracts/work-order-attachments';
import { AttachmentGrid, attachmentLabel } from '@/components/attachment-grid';
import { PhotoViewerDialog } from '@/components/photo-viewer-dialog';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { portalAttachmentPath, portalFileHeaders, type PortalAccess } from '@/features/customer-portal/api/portal-api';

export function JobPhotos({ attachments, access }: { attachments: SharedAttachment[]; access: PortalAccess }) {
  const [open, setOpen] = useState<SharedAttachment | null>(null);
  if (attachments.length === 0) return null;
  const byInvoice = new Map<number, SharedAttachment[]>();
  for (const a of attachments) byInvoice.set(a.invoiceId, [...(byInvoice.get(a.invoiceId) ?? []), a]);
  const headers = portalFileHeaders(access);
  return (
    <Card className="overflow-hidden" data-testid="portal-job-photos">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Images className="size-5 text-muted-foreground" aria-hidden />
          Photos from your jobs
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {[...byInvoice.entries()].map(([invoiceId, items]) => (
          <section key={invoiceId} className="grid gap-2" aria-label={`Photos for invoice ${items[0].invoiceNumber}`} data-testid="portal-invoice-photos">
            <h3 className="text-sm font-medium">Invoice {items[0].invoiceNumber}</h3>
            <AttachmentGrid
              items={items.map((a) => ({ ...a, thumbnailPath: a.hasThumbnail ? portalAttachmentPath(access, invoiceId, a.id, 'thumbnail') : null }))}
              headers={headers}
              onOpen={setOpen}
            />
          </section>
        ))}
      </CardContent>
      {open && (
        <PhotoViewerDialog
          kind={open.kind}
          title={open.caption ?? attachmentLabel(open)}
          description={`Invoice ${open.invoiceNumber}`}
          fileName={open.fileName}
          filePath={portalAttachmentPath(access, open.invoiceId, open.id, 'file')}
          headers={headers}
          onClose={() => setOpen(null)}
          testId="portal-photo-viewer"
        />
      )}
    </Card>
  );
}
