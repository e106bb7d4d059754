// The arithmetic of `npm run bench:mixed`, kept apart from the I/O so it is unit-tested
// (bench-mixed-stats.test.ts): a seeded random source, the weighted mix picker and the latency summary.

/** A small seeded generator (mulberry32): the same seed gives every virtual user the same sequence of calls. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One element of a non-empty list, uniformly. */
export function pickOne<T>(random: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pickOne: empty list');
  return items[Math.floor(random() * items.length)];
}

/** Picks a key with probability weight / sum of weights; keys weighted 0 are never picked. */
export function createPicker<K extends string>(weights: Readonly<Record<K, number>>, random: () => number): () => K {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
  const total = entries.reduce((a, [, w]) => a + w, 0);
  if (entries.length === 0 || !Number.isFinite(total)) throw new Error('The mix needs at least one call with a positive weight');
  return () => {
    let r = random() * total;
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return entries[entries.length - 1][0];
  };
}

/**
 * `--mix customers-page=30,dashboard=0` over the defaults: names not in the defaults and weights that are not
 * finite numbers ≥ 0 are refused, so a typo cannot silently leave a call out.
 */
export function parseMix<K extends string>(spec: string | undefined, defaults: Readonly<Record<K, number>>): Record<K, number> {
  const mix: Record<K, number> = { ...defaults };
  if (!spec) return mix;
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [name, value] = part.split('=');
    const weight = Number(value);
    if (!(name in defaults)) throw new Error(`--mix: unknown call "${name}" (known: ${Object.keys(defaults).join(', ')})`);
    if (value === undefined || value.trim() === '' || !Number.isFinite(weight) || weight < 0) throw new Error(`--mix: "${part}" needs a weight ≥ 0`);
    mix[name as K] = weight;
  }
  return mix;
}

/** Nearest-rank percentile of an ascending list: the smallest value with at least p of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface Summary {
  count: number;
  errors: number;
  /** Calls per second over the measured time. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Latencies (ms, any order) of one call type, or of all, over `seconds` of measuring. */
export function summarize(latencies: readonly number[], errors: number, seconds: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    errors,
    rps: seconds > 0 ? sorted.length / seconds : 0,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** How many times the largest size's p50 is the smallest's (the "flat as data grows" target is ≤ 2). */
export function growthRatio(p50s: readonly number[]): number {
  if (p50s.length < 2 || !(p50s[0] > 0)) return Number.NaN;
  return p50s[p50s.length - 1] / p50s[0];
}
