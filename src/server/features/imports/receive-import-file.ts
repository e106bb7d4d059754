// Reads an import upload (multipart: the file in `file`, beside it `kind` and, for a super user, `organizationId`),
// refusing a file over the limit while it streams in (docs/rules/data-exchange.md#import-limits).
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../../contracts/imports';
import { AppError, invalid } from '../../platform/errors';

/** Busboy's limits: one file of at most 20 MB and two short text fields. */
export const IMPORT_MULTIPART_LIMITS = { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 3, fieldSize: 200, parts: 4, headerPairs: 50 };

const TEXT_FIELDS = new Set(['kind', 'organizationId']);

export interface ReceivedImportFile {
  bytes: Buffer;
  fileName: string;
  /** The text fields as sent; the service validates them. */
  fields: Record<string, string>;
}

const missing = () => invalid(IMPORT_MESSAGES.missing, [{ path: IMPORT_LIMITS.field, message: IMPORT_MESSAGES.missing }]);

function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid(IMPORT_MESSAGES.oneFile);
  return invalid('The upload could not be read; please try again');
}

export async function receiveImportFile(req: FastifyRequest): Promise<ReceivedImportFile> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.notMultipart);
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: IMPORT_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_LIMITS.field || file) {
          part.file.resume();
          throw file ? invalid(IMPORT_MESSAGES.oneFile) : missing();
        }
        file = { bytes: await part.toBuffer(), fileName: (part.filename || 'import').slice(0, 255) };
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated) throw invalid(`${part.fieldname}: Too long`, [{ path: part.fieldname, message: 'Too long' }]);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!file || file.bytes.length === 0) throw missing();
  return { ...file, fields };
}
