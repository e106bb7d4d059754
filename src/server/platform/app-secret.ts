// Where the key for credentials at rest comes from (docs/payments.md, docs/decisions/007):
// - APP_SECRET, when set: every instance and tool of one installation uses the same value;
// - otherwise, on the embedded database outside production: DATA_DIR/app-secret, generated on the first start
//   (256 random bits, mode 0600), so `npm start` stays a one-command install;
// - otherwise (DATABASE_URL, or NODE_ENV=production) start-up stops with a message saying what to set: several
//   instances on one PostgreSQL could not share a key each generated for itself, and a production key belongs in
//   the environment's secret store rather than beside the data it protects.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export const APP_SECRET_FILE = 'app-secret';

export class AppSecretError extends Error {}

const HOW = 'Generate one with `openssl rand -base64 32`, keep it with your other secrets and give every instance the same value.';

/** The config with APP_SECRET filled in; reads or creates DATA_DIR/app-secret only for the embedded default. */
export function resolveAppSecret(config: Config): Config {
  if (config.APP_SECRET) return config;
  if (config.DATABASE_URL) {
    throw new AppSecretError(`APP_SECRET is required with DATABASE_URL: it encrypts the payment processor keys stored in the database. ${HOW}`);
  }
  if (config.isProduction) {
    throw new AppSecretError(`APP_SECRET is required when NODE_ENV=production: it encrypts the payment processor keys stored in the database. ${HOW}`);
  }
  return { ...config, APP_SECRET: embeddedSecret(config.dataDir) };
}

function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, APP_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under a temporary name, then linked: two processes starting on a fresh directory cannot
    // both create one, and neither can read a half-written file; the loser reads the winner's.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new AppSecretError(`${file} does not hold a usable key (at least 32 characters); restore it from a backup or set APP_SECRET`);
  return secret;
}
