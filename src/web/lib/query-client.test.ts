import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

const defaults = createQueryClient().getDefaultOptions();
const queryRetry = defaults.queries!.retry as (count: number, error: unknown) => boolean;
const mutationRetry = defaults.mutations!.retry as (count: number, error: unknown) => boolean;
const apiError = (status: number) => new ApiError(status, `${status}: x`, null);

describe('query client (docs/rules/platform.md#retries-and-caches)', () => {
  it('caches for 2 minutes, keeps unused data 5 minutes and does not refetch on focus', () => {
    expect(defaults.queries!.staleTime).toBe(120_000);
    expect(defaults.queries!.gcTime).toBe(300_000);
    expect(defaults.queries!.refetchOnWindowFocus).toBe(false);
  });

  it('retries reads up to twice, never for a 4xx other than 408', () => {
    expect(queryRetry(0, apiError(404))).toBe(false);
    expect(queryRetry(0, apiError(408))).toBe(true);
    expect(queryRetry(0, apiError(500))).toBe(true);
    expect(queryRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(queryRetry(2, apiError(500))).toBe(false);
  });

  it('retries a failed write once, but not a rejected one', () => {
    expect(mutationRetry(0, apiError(503))).toBe(true);
    expect(mutationRetry(1, apiError(503))).toBe(false);
    expect(mutationRetry(0, apiError(400))).toBe(false);
  });
});
