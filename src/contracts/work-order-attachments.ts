// Photos and files kept with a job (docs/rules/team.md#photos-and-files): what the upload accepts, the answers and
// the one change a caller may make (caption, shared with the customer).
import { z } from 'zod';

const MAX_INT = 2_147_483_647;

export const ATTACHMENT_LIMITS = {
  /** Bytes of one upload, refused while it streams in. */
  maxBytes: 20 * 1024 * 1024,
  /** Width x height of a photo, read from its header before it is decoded (a small file can decode to gigabytes). */
  maxPixels: 40_000_000,
  /** A stored photo's longest edge, and its thumbnail's. */
  maxEdge: 2048,
  thumbnailEdge: 400,
  /** JPEG quality of a re-encoded photo and of its thumbnail. */
  jpegQuality: 82,
  thumbnailQuality: 75,
  captionMax: 500,
  /** The multipart field the file travels in; `caption` and `shared` may travel beside it. */
  field: 'file',
  /** What is accepted, decided by the bytes; the browser's declared type and the name count for nothing. */
  photoTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  fileTypes: ['application/pdf'],
  /** The pickers' `accept`: the camera for photos, the files app for photos and PDFs. */
  acceptPhoto: 'image/*',
  acceptAny: 'image/*,application/pdf',
} as const;

export const ATTACHMENT_MESSAGES = {
  unsupported: 'Only photos (JPEG, PNG, GIF or WebP) and PDF files can be attached',
  tooLarge: 'File size must be at most 20 MB',
  tooManyPixels: 'Photo must be at most 40 megapixels',
  unreadable: 'The photo could not be read. Please try another one.',
  missing: 'Choose a photo or file to attach',
  notMultipart: 'Send the photo or file as multipart/form-data in the field "file"',
  oneFile: 'Send one photo or file in the field "file"',
  notCrew: "Only the job's crew or someone who manages jobs can add, change or remove its photos and files",
  notFound: 'Photo or file not found',
  caption: `Caption must be at most ${ATTACHMENT_LIMITS.captionMax} characters`,
  shared: 'Shared must be true or false',
  storageRefused: 'The file storage refused the request. Please try again later.',
  storageUnreachable: 'The file storage could not be reached. Please try again later.',
  uploaded: 'Added to the job',
  uploadFailed: 'Failed to add the photo or file',
  saved: 'Saved',
  saveFailed: 'Failed to save the change',
  deleted: 'Deleted',
  deleteFailed: 'Failed to delete',
  openFailed: 'Failed to open the file',
} as const;

export const ATTACHMENT_KINDS = ['photo', 'file'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** A photo or file as lists show it: never its bytes (those are the file and thumbnail routes'). */
export const workOrderAttachmentSchema = z.object({
  id: z.number().int(),
  workOrderId: z.number().int(),
  /** A safe name made from the uploaded one, with the extension of what is stored (`kitchen-sink.jpg`). */
  fileName: z.string(),
  contentType: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Photos have one; a PDF has none. */
  hasThumbnail: z.boolean(),
  caption: z.string().nullable(),
  /** Shown to the customer on the job's invoices in the portal. */
  shared: z.boolean(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkOrderAttachment = z.infer<typeof workOrderAttachmentSchema>;
export const workOrderAttachmentListSchema = z.array(workOrderAttachmentSchema);

export const attachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT),
  attachmentId: z.coerce.number().int().positive().max(MAX_INT),
});

/** Blank is no caption (null). */
const captionInput = z
  .string({ error: ATTACHMENT_MESSAGES.caption })
  .trim()
  .max(ATTACHMENT_LIMITS.captionMax, ATTACHMENT_MESSAGES.caption)
  .nullable()
  .transform((v) => (v ? v : null));

/** PATCH /api/work-orders/:id/attachments/:attachmentId: the fields sent change, the others stay. */
export const updateAttachmentBodySchema = z.object({
  caption: captionInput.optional(),
  shared: z.boolean({ error: ATTACHMENT_MESSAGES.shared }).optional(),
});
export type UpdateAttachmentBody = z.infer<typeof updateAttachmentBodySchema>;

/** The text fields of the multipart upload, beside the file: `shared` arrives as the text `true` or `false`. */
export const uploadAttachmentFieldsSchema = z.object({
  caption: captionInput.optional(),
  shared: z
    .enum(['true', 'false'], { error: ATTACHMENT_MESSAGES.shared })
    .optional()
    .transform((v) => v === 'true'),
});

/** The caption form of the photo viewer. */
export const attachmentCaptionFormSchema = z.object({ caption: captionInput });

/** A photo or file the business shares with the customer, on one of the customer's invoices (the job's). */
export const sharedAttachmentSchema = workOrderAttachmentSchema
  .pick({ id: true, fileName: true, contentType: true, kind: true, width: true, height: true, hasThumbnail: true, caption: true, createdAt: true })
  .extend({ invoiceId: z.number().int(), invoiceNumber: z.string() });
export type SharedAttachment = z.infer<typeof sharedAttachmentSchema>;

/** The client's pre-check before an upload (the server decides by the file's content). */
export function attachmentFileProblem(file: { type: string; size: number }): string | null {
  if (file.size > ATTACHMENT_LIMITS.maxBytes) return ATTACHMENT_MESSAGES.tooLarge;
  // Phones may send an empty type for a camera photo; only a declared other type is refused here.
  const known: readonly string[] = [...ATTACHMENT_LIMITS.photoTypes, ...ATTACHMENT_LIMITS.fileTypes];
  if (file.type && !known.includes(file.type) && !file.type.startsWith('image/')) return ATTACHMENT_MESSAGES.unsupported;
  return null;
}
