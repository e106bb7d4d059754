// A job photo as it is kept (docs/rules/team.md#photos-and-files): turned upright by its EXIF orientation (a phone
// stores a portrait photo sideways and says so there), at most 2048 px on its longest edge, re-encoded as JPEG at
// quality 82, or as PNG when it has transparent pixels, with a thumbnail of at most 400 px. Re-encoding writes the
// pixels alone: EXIF, GPS position, camera and every other metadata of the original are left behind. Pure
// JavaScript (jimp; WebP through @jsquash/webp's WebAssembly decoder), so it runs in a worker (photo-thread.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Jimp, JimpMime } from 'jimp';
import { ATTACHMENT_LIMITS } from '../../../contracts/work-order-attachments';
import type { LogoImageType } from '../organizations/detect-image';

export interface ProcessedPhoto {
  data: Buffer;
  thumbnail: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

type JimpImage = Awaited<ReturnType<typeof Jimp.fromBuffer>>;

let webpReady: Promise<(bytes: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>> | null = null;

/** @jsquash/webp fetches its .wasm by URL, which Node's fetch cannot do for a file: it is handed the compiled module. */
function webpDecoder() {
  webpReady ??= (async () => {
    const { default: decode, init } = await import('@jsquash/webp/decode.js');
    const wasmPath = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    const module = await WebAssembly.compile(fs.readFileSync(wasmPath));
    // The package's types give init() one argument; its code takes the compiled module first.
    await (init as unknown as (module: WebAssembly.Module) => Promise<void>)(module);
    return decode;
  })();
  return webpReady;
}

async function decode(bytes: Buffer, type: LogoImageType): Promise<JimpImage> {
  if (type === 'webp') {
    const decodeWebp = await webpDecoder();
    const image = await decodeWebp(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    return Jimp.fromBitmap({ width: image.width, height: image.height, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) }) as JimpImage;
  }
  // jimp reads the EXIF orientation of a JPEG and turns the pixels upright as it decodes.
  const megapixels = Math.ceil(ATTACHMENT_LIMITS.maxPixels / 1_000_000) + 1;
  return Jimp.fromBuffer(bytes, { 'image/jpeg': { maxResolutionInMP: megapixels, maxMemoryUsageInMB: 1024 } });
}

/** Fits the image inside edge x edge, keeping its proportions; a smaller one is left as it is. */
function fit(image: JimpImage, edge: number): JimpImage {
  if (image.width <= edge && image.height <= edge) return image;
  return image.scaleToFit({ w: edge, h: edge }) as JimpImage;
}

/** Decodes, turns, shrinks and re-encodes a photo whose type and size detectImage already checked. */
export async function processPhoto(bytes: Buffer, type: LogoImageType): Promise<ProcessedPhoto> {
  const image = fit(await decode(bytes, type), ATTACHMENT_LIMITS.maxEdge);
  // A logo-like PNG with a transparent background keeps it; photos (no transparent pixel) become JPEG.
  const transparent = type !== 'jpeg' && image.hasAlpha();
  const thumb = fit(image.clone() as JimpImage, ATTACHMENT_LIMITS.thumbnailEdge);
  if (transparent) {
    return {
      data: await image.getBuffer(JimpMime.png),
      thumbnail: await thumb.getBuffer(JimpMime.png),
      contentType: 'image/png',
      extension: 'png',
      width: image.width,
      height: image.height,
    };
  }
  return {
    data: await image.getBuffer(JimpMime.jpeg, { quality: ATTACHMENT_LIMITS.jpegQuality }),
    thumbnail: await thumb.getBuffer(JimpMime.jpeg, { quality: ATTACHMENT_LIMITS.thumbnailQuality }),
    contentType: 'image/jpeg',
    extension: 'jpg',
    width: image.width,
    height: image.height,
  };
}
