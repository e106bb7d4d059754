import { describe, expect, it } from 'vitest';
import { createPicker, createRandom, growthRatio, parseMix, percentile, pickOne, summarize } from './bench-mixed-stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the smallest value with at least p of the values at or below it', () => {
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    // A p99 of 10 calls is the slowest of them, not the 9th.
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 400], 0.99)).toBe(400);
  });

  it('is NaN for no values, and the one value for one', () => {
    expect(percentile([], 0.5)).toBeNaN();
    expect(percentile([7], 0.01)).toBe(7);
  });
});

describe('summarize', () => {
  it('sorts the latencies itself and gives throughput over the measured seconds', () => {
    const latencies = [5, 1, 4, 2, 3];
    const s = summarize(latencies, 1, 2);
    expect(s).toEqual({ count: 5, errors: 1, rps: 2.5, p50: 3, p95: 5, p99: 5, max: 5 });
    expect(latencies).toEqual([5, 1, 4, 2, 3]);
  });

  it('has no percentiles and no throughput without calls', () => {
    const s = summarize([], 0, 0);
    expect(s.rps).toBe(0);
    expect(s.p99).toBeNaN();
  });
});

describe('the mix picker', () => {
  it('replays the same calls for the same seed and other calls for another', () => {
    const run = (seed: number) => {
      const next = createPicker({ a: 1, b: 1, c: 1 }, createRandom(seed));
      return Array.from({ length: 50 }, () => next()).join('');
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
  });

  it('picks in proportion to the weights and never a call weighted 0', () => {
    const next = createPicker({ read: 9, write: 1, booking: 0 }, createRandom(1));
    const counts = { read: 0, write: 0, booking: 0 };
    for (let i = 0; i < 20_000; i++) counts[next()]++;
    expect(counts.booking).toBe(0);
    expect(counts.write / 20_000).toBeGreaterThan(0.09);
    expect(counts.write / 20_000).toBeLessThan(0.11);
  });

  it('refuses a mix without any positive weight', () => {
    expect(() => createPicker({ a: 0 }, createRandom(1))).toThrow(/positive weight/);
  });

  it('draws values in [0, 1) and list items uniformly', () => {
    const random = createRandom(3);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const r = random();
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
      seen.add(pickOne(random, ['x', 'y', 'z']));
    }
    expect([...seen].sort()).toEqual(['x', 'y', 'z']);
  });
});

describe('parseMix', () => {
  const defaults = { 'customers-page': 25, dashboard: 10, booking: 0 };

  it('overrides the named weights and keeps the others', () => {
    expect(parseMix('booking=5, dashboard=0', defaults)).toEqual({ 'customers-page': 25, dashboard: 0, booking: 5 });
    expect(parseMix(undefined, defaults)).toEqual(defaults);
  });

  it('refuses unknown calls and weights that are not numbers ≥ 0', () => {
    expect(() => parseMix('dashbord=5', defaults)).toThrow(/unknown call "dashbord"/);
    expect(() => parseMix('dashboard=-1', defaults)).toThrow(/weight ≥ 0/);
    expect(() => parseMix('dashboard=', defaults)).toThrow(/weight ≥ 0/);
    expect(() => parseMix('dashboard', defaults)).toThrow(/weight ≥ 0/);
  });
});

describe('growthRatio', () => {
  it('is the largest size p50 over the smallest', () => {
    expect(growthRatio([4, 5, 10])).toBe(2.5);
    expect(growthRatio([4])).toBeNaN();
    expect(growthRatio([0, 3])).toBeNaN();
  });
});
