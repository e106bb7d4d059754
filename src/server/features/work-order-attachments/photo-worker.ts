// The worker thread that processes job photos (photo-thread.ts starts it): decoding a 12-megapixel JPEG in
// JavaScript takes seconds, which on the main thread would stall every other request of the instance.
import { parentPort } from 'node:worker_threads';
import type { LogoImageType } from '../organizations/detect-image';
import { processPhoto } from './process-photo';

export interface PhotoJob {
  id: number;
  bytes: Uint8Array;
  type: LogoImageType;
}

export type PhotoResult =
  | { id: number; ok: true; data: Uint8Array; thumbnail: Uint8Array; contentType: 'image/jpeg' | 'image/png'; extension: 'jpg' | 'png'; width: number; height: number }
  | { id: number; ok: false; error: string };

// One job at a time: the main thread sends the next when this one is answered.
parentPort?.on('message', (job: PhotoJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  processPhoto(bytes, job.type).then(
    (out) => parentPort?.postMessage({ id: job.id, ok: true, ...out } satisfies PhotoResult),
    (err: unknown) => parentPort?.postMessage({ id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies PhotoResult),
  );
});
