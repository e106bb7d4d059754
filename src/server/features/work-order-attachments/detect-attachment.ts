// What an uploaded job file really is, decided by its bytes (docs/rules/team.md#photos-and-files): a photo the logo
// reader knows (PNG, JPEG, GIF, WebP), or a PDF. The name and the declared type count for nothing.
import { detectImage, type DetectedImage } from '../organizations/detect-image';

export type DetectedAttachment = { kind: 'photo'; image: DetectedImage } | { kind: 'file'; contentType: 'application/pdf'; extension: 'pdf' };

/** A PDF starts with its signature `%PDF-` (readers tolerate bytes before it; we do not, so nothing else passes as one). */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** The attachment's kind, or null when the bytes are neither a readable photo nor a PDF. */
export function detectAttachment(bytes: Buffer): DetectedAttachment | null {
  const image = detectImage(bytes);
  if (image) return { kind: 'photo', image };
  if (isPdf(bytes)) return { kind: 'file', contentType: 'application/pdf', extension: 'pdf' };
  return null;
}
