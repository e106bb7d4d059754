// How much fuzzing a run does and which cases it draws: fixed by default, so a failure reproduces.

export interface FuzzSettings {
  runs: number;
  seed: number;
}

/** Cases per operation: each is sent once per caller of the file. */
const DEFAULT_RUNS = 8;
const DEFAULT_SEED = 20_260_721;

export function fuzzSettings(): FuzzSettings {
  const runs = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive whole number, not ${process.env.FUZZ_RUNS}`);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not ${process.env.FUZZ_SEED}`);
  return { runs, seed };
}
