// What an uploaded file really is, decided by its bytes (docs/rules/platform.md#uploads-and-lookups: the name and the declared type count for nothing).
import { imageSize } from 'image-size';

export type LogoImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export interface DetectedImage {
  type: LogoImageType;
  contentType: `image/${LogoImageType}`;
  extension: string;
  width: number;
  height: number;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The signature at the start of the file; SVG (text, may carry script) and everything else is not an image here. */
function signatureType(bytes: Buffer): LogoImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  const head6 = bytes.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** image-size's names for the same formats. */
const SIZE_TYPE: Record<LogoImageType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };
const EXTENSION: Record<LogoImageType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/** The image's type and size, or null when the bytes are not a readable PNG, JPEG, GIF or WebP. */
export function detectImage(bytes: Buffer): DetectedImage | null {
  const type = signatureType(bytes);
  if (!type) return null;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  // Both readers must agree, and the header must give a real size.
  if (size.type !== SIZE_TYPE[type] || !size.width || !size.height) return null;
  return { type, contentType: `image/${type}`, extension: EXTENSION[type], width: size.width, height: size.height };
}
