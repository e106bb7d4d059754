// A PostgreSQL server of the test's own (initdb in a temp directory, its own port), so it can be stopped and
// started under load without touching the machine's shared server. PostgreSQL refuses to run as root, so
// when the tests run as root the server runs as the `postgres` user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './fault-app';

export interface PrivatePostgres {
  url: string;
  stop: (mode?: 'fast' | 'immediate') => void;
  start: () => void;
  destroy: () => void;
}

function binary(name: string): string | null {
  const candidates = [`/usr/local/bin/${name}`, ...fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/${name}`) : []];
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

export function privatePostgresAvailable(): string | null {
  if (!binary('initdb') || !binary('pg_ctl')) return 'initdb and pg_ctl were not found (Debian package postgresql)';
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const initdb = binary('initdb')!;
  const pgCtl = binary('pg_ctl')!;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe', cwd: dir });
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=on -c max_connections=50`;
  const start = () => {
    run(pgCtl, ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'immediate') => {
      run(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
    },
    start,
    destroy: () => {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
