// Work a write starts once its transaction has committed, without the answer waiting for it: the online
// booking's confirmation e-mail, whose SMTP exchange took longer than the booking itself (docs/performance.md,
// Session 8). It starts at once, so it still follows the commit by milliseconds, and closing the app waits for it,
// so a shutdown does not drop an e-mail a customer was promised.
export interface AfterCommit {
  /** Starts the task now; a failure goes to the onError given at creation, never to the caller. */
  run(task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (the app's onClose). */
  settled(): Promise<void>;
}

export function createAfterCommit(onError: (err: unknown) => void): AfterCommit {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .then(() => undefined, onError)
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
