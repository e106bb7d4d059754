// Reads the one file of a job upload (multipart field `file`, with `caption` and `shared` beside it), refusing what
// is too large while it streams in (docs/rules/team.md#photos-and-files), as the logo upload does.
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES } from '../../../contracts/work-order-attachments';
import { AppError, invalid } from '../../platform/errors';

/** Busboy's limits: one file of at most 20 MB and the two short text fields. */
export const ATTACHMENT_MULTIPART_LIMITS = { fileSize: ATTACHMENT_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 5, headerPairs: 50 };

const TEXT_FIELDS = new Set(['caption', 'shared']);

export interface ReceivedAttachment {
  bytes: Buffer;
  fileName: string | undefined;
  /** The text fields as sent (caption, shared); the service validates them. */
  fields: Record<string, string>;
}

const missing = () => invalid(ATTACHMENT_MESSAGES.missing, [{ path: ATTACHMENT_LIMITS.field, message: ATTACHMENT_MESSAGES.missing }]);

function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid(ATTACHMENT_MESSAGES.oneFile);
  return invalid('The upload could not be read; please try again');
}

export async function receiveAttachment(req: FastifyRequest): Promise<ReceivedAttachment> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.notMultipart);
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: ATTACHMENT_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== ATTACHMENT_LIMITS.field || file) {
          part.file.resume();
          throw file ? invalid(ATTACHMENT_MESSAGES.oneFile) : missing();
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated) {
          const message = part.fieldname === 'caption' ? ATTACHMENT_MESSAGES.caption : ATTACHMENT_MESSAGES.shared;
          throw invalid(message, [{ path: part.fieldname, message }]);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!file || file.bytes.length === 0) throw missing();
  return { ...file, fields };
}
