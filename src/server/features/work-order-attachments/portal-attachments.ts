// What the customer sees of a job's photos and files (docs/rules/team.md#photos-and-files, "Sharing"): those the
// business marked shared, on each of the customer's invoices (drafts excepted) that bills the job, in the portal.
// Anything else, another customer's or an unshared one, is a 404 like a missing one.
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { ATTACHMENT_MESSAGES, type SharedAttachment } from '../../../contracts/work-order-attachments';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import type { DbOrTx } from '../../db/client';
import { invoices, workOrderAttachments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import type { CustomerRow } from '../customer-portal/resolve-portal-customer';
import { kindOf } from './attachment-view';
import { readAttachment, type AttachmentBytes, type Variant } from './read-attachment';

/** The shared photos and files of the jobs these invoices bill, newest first per invoice; no bytes. */
export async function sharedAttachmentsOf(
  db: DbOrTx,
  organizationId: number,
  invoiceRows: readonly { id: number; invoiceNumber: string; workOrderId: number | null }[],
): Promise<SharedAttachment[]> {
  const jobs = [...new Set(invoiceRows.map((i) => i.workOrderId).filter((id): id is number => id !== null))];
  if (jobs.length === 0) return [];
  const rows = await db
    .select({
      id: workOrderAttachments.id,
      workOrderId: workOrderAttachments.workOrderId,
      fileName: workOrderAttachments.fileName,
      contentType: workOrderAttachments.contentType,
      width: workOrderAttachments.width,
      height: workOrderAttachments.height,
      caption: workOrderAttachments.caption,
      createdAt: workOrderAttachments.createdAt,
    })
    .from(workOrderAttachments)
    .where(and(eq(workOrderAttachments.organizationId, organizationId), inArray(workOrderAttachments.workOrderId, jobs), eq(workOrderAttachments.shared, true)))
    .orderBy(desc(workOrderAttachments.createdAt), desc(workOrderAttachments.id));
  return invoiceRows.flatMap((invoice) =>
    rows
      .filter((r) => r.workOrderId === invoice.workOrderId)
      .map((r) => {
        const kind = kindOf(r.contentType);
        return {
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          id: r.id,
          fileName: r.fileName,
          contentType: r.contentType,
          kind,
          width: r.width,
          height: r.height,
          hasThumbnail: kind === 'photo',
          caption: r.caption,
          createdAt: r.createdAt.toISOString(),
        };
      }),
  );
}

/**
 * A shared photo or file of the job one of the customer's invoices bills. `scope` is the portal's read context for
 * the customer's organization (customer-portal/resolve-portal-customer.ts, portalScope).
 */
export async function readPortalAttachment(db: DbOrTx, store: ObjectStore | null, scope: RequestContext, customer: CustomerRow, invoiceId: number, attachmentId: number, variant: Variant): Promise<AttachmentBytes> {
  const [invoice] = await db
    .select({ workOrderId: invoices.workOrderId })
    .from(invoices)
    .where(tenantWhere(tenantScope(scope, customer.organizationId), invoices, and(eq(invoices.organizationId, customer.organizationId), eq(invoices.id, invoiceId), eq(invoices.customerId, customer.id), ne(invoices.status, 'draft'))))
    .limit(1);
  if (!invoice?.workOrderId) throw notFound(ATTACHMENT_MESSAGES.notFound);
  return readAttachment(db, store, scope, { organizationId: customer.organizationId, workOrderId: invoice.workOrderId, attachmentId, sharedOnly: true }, variant);
}
