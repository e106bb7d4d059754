// A background job every app instance runs on a timer: one run at a time, the first shortly after start, and a stop
// that waits for the run in progress (so shutdown never cuts a claimed batch in half).

export interface PeriodicJob {
  /** One run; `stopped()` turns true once the job is being stopped, so a long run can end between batches. */
  run: (stopped: () => boolean) => Promise<unknown>;
  everyMs: number;
  /** Delay of the first run after start. */
  firstMs: number;
  onError?: (err: unknown) => void;
}

/** Starts the job; the returned function stops it and waits for a run in progress. */
export function startPeriodicJob(job: PeriodicJob): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = job
      .run(() => stopped)
      .then(
        () => undefined,
        (err) => job.onError?.(err),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  const first = setTimeout(tick, job.firstMs);
  first.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
