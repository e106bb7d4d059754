// Once per fuzz run: adds up the requests every file sent and prints them with the run's wall time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { fuzzSettings } from './settings';

declare module 'vitest' {
  export interface ProvidedContext {
    fuzzTotalsFile: string;
  }
}

export default function setup(project: TestProject) {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-fuzz-'));
  const file = path.join(dir, 'totals.txt');
  fs.writeFileSync(file, '');
  project.provide('fuzzTotalsFile', file);
  return () => {
    const counts = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
    const total = counts.reduce((a, b) => a + b, 0);
    const { seed, runs } = fuzzSettings();
    console.log(`[fuzz] total: ${total} requests from ${counts.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} reproduces this run)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
