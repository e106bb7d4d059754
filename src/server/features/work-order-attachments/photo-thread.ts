// Runs processPhoto (process-photo.ts) in a worker thread, one photo at a time per instance, so the seconds a large
// photo takes to decode and re-encode never stall the requests the main thread serves
// (docs/rules/team.md#photos-and-files). The worker starts with the first photo and stops after a minute idle.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LogoImageType } from '../organizations/detect-image';
import type { PhotoJob, PhotoResult } from './photo-worker';
import type { ProcessedPhoto } from './process-photo';

/** A photo that takes longer than this is given up (the worker is replaced). */
const JOB_TIMEOUT_MS = 120_000;
const IDLE_MS = 60_000;

/**
 * The worker's entry beside this module. From the sources (tests, `npm run dev`) it is TypeScript, loaded through
 * tsx; in the built server (scripts/build-if-stale.mjs) it is dist/server/photo-worker.js beside main.js.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./photo-worker.js', here));
  const entry = new URL('./photo-worker.ts', here).href;
  // tsx's register() installs its loader for the thread that calls it; its ESM build sits beside the CommonJS one
  // that require.resolve finds.
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true });
}

interface Waiting {
  job: PhotoJob;
  resolve: (photo: ProcessedPhoto) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
let current: (Waiting & { timer: NodeJS.Timeout }) | null = null;
const queue: Waiting[] = [];
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;

function stopWorker() {
  const w = worker;
  worker = null;
  if (w) void w.terminate();
}

function fail(err: Error) {
  const job = current;
  current = null;
  stopWorker();
  if (job) {
    clearTimeout(job.timer);
    job.reject(err);
  }
  pump();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = startWorker();
  // An idle worker does not keep the process alive (tests and a shutting-down server end without waiting for it).
  w.unref();
  w.on('message', (result: PhotoResult) => {
    const job = current;
    if (!job || job.job.id !== result.id) return;
    current = null;
    clearTimeout(job.timer);
    if (result.ok) {
      job.resolve({
        data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
        thumbnail: Buffer.from(result.thumbnail.buffer, result.thumbnail.byteOffset, result.thumbnail.byteLength),
        contentType: result.contentType,
        extension: result.extension,
        width: result.width,
        height: result.height,
      });
    } else {
      job.reject(new Error(result.error));
    }
    pump();
  });
  w.on('error', (err) => {
    if (worker === w) fail(err);
  });
  w.on('exit', (code) => {
    if (worker === w) fail(new Error(`The photo worker stopped (exit code ${code})`));
  });
  worker = w;
  return w;
}

function pump() {
  if (current) return;
  const next = queue.shift();
  if (!next) {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(stopWorker, IDLE_MS);
    idleTimer.unref();
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  const w = ensureWorker();
  const timer = setTimeout(() => fail(new Error('The photo took too long to process')), JOB_TIMEOUT_MS);
  timer.unref();
  current = { ...next, timer };
  w.postMessage(next.job);
}

/** The photo turned upright, shrunk and re-encoded, with its thumbnail; rejects when it cannot be decoded. */
export function processPhotoInWorker(bytes: Buffer, type: LogoImageType): Promise<ProcessedPhoto> {
  return new Promise((resolve, reject) => {
    queue.push({ job: { id: nextId++, bytes, type }, resolve, reject });
    pump();
  });
}
