// When a failed delivery is tried again (docs/rules/public-api.md#webhook-retries): after 1 minute, 5 minutes,
// 30 minutes, 2 hours, 5 hours, 10 hours and 6 hours 24 minutes, so the eighth and last attempt comes a day after the
// first; a delivery still failing then is given up, and the record's later deliveries go on.
const MINUTE = 60_000;

/** The wait after the 1st, 2nd, ... failed attempt; their sum is 24 hours. */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 300, 600, 384].map((m) => m * MINUTE);

/** Attempts in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a sender holds the deliveries it claimed: the 10-second request and its bookkeeping fit many times over.
 * A sender that dies holding them lets them go after this, and another sends them again (at least once).
 */
export const CLAIM_MS = 60_000;

/** When to try again after `attempts` attempts have failed, or null when that was the last one. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
