// Reads the one file of a logo upload (multipart field `logo`), refusing what is too large as it streams in.
import type { FastifyRequest } from 'fastify';
import { LOGO_LIMITS, LOGO_MESSAGES } from '../../../contracts/organizations';
import { AppError, invalid } from '../../platform/errors';

/** Busboy's limits for the logo route: one file of at most 5 MB, a few small fields at most. */
export const LOGO_MULTIPART_LIMITS = { fileSize: LOGO_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 };

const missing = () => invalid(LOGO_MESSAGES.missing, [{ path: LOGO_LIMITS.field, message: LOGO_MESSAGES.missing }]);

function multipartError(err: unknown): AppError {
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', LOGO_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('Send one image file in the field "logo"');
  return invalid('The upload could not be read; please try again');
}

export async function receiveLogoFile(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the logo as multipart/form-data in the field "logo"');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: LOGO_MULTIPART_LIMITS });
  } catch (err) {
    throw multipartError(err);
  }
  if (!part) throw missing();
  if (part.fieldname !== LOGO_LIMITS.field) {
    part.file.resume();
    throw missing();
  }
  try {
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (err) {
    throw multipartError(err);
  }
}
