// npm start's memory settings (scripts/start-server.sh, docs/performance.md "Session 10"): with the embedded database
// the glibc variables and V8's heap-growing flag; with DATABASE_URL only MALLOC_ARENA_MAX, since the others cost a
// separate PostgreSQL's server throughput; a variable already set wins.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, 'start-server.sh');
const PRINT = 'console.log(JSON.stringify({ arena: process.env.MALLOC_ARENA_MAX ?? null, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, trim: process.env.MALLOC_TRIM_THRESHOLD_ ?? null, flags: process.execArgv.filter((a) => a.startsWith("--")) }))';

function started(env: Record<string, string>) {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  return JSON.parse(execFileSync('sh', [SCRIPT, '-e', PRINT], { env: { ...base, ...env }, encoding: 'utf8' })) as {
    arena: string | null;
    mmap: string | null;
    trim: string | null;
    flags: string[];
  };
}

describe('scripts/start-server.sh', () => {
  it('sets the memory settings for the embedded database', () => {
    expect(started({})).toEqual({ arena: '2', mmap: '131072', trim: '1048576', flags: ['--enable-source-maps', '--heap-growing-percent=50'] });
  });

  it('leaves all but the arenas to a separate PostgreSQL', () => {
    expect(started({ DATABASE_URL: 'postgres://db.example/tradebook' })).toEqual({ arena: '2', mmap: null, trim: null, flags: ['--enable-source-maps'] });
  });

  it('keeps what the environment already sets', () => {
    expect(started({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' })).toMatchObject({ arena: '4', mmap: '65536', trim: '1048576' });
  });
});
