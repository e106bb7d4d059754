import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { APP_SECRET_FILE, AppSecretError, resolveAppSecret } from './app-secret';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-app-secret-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('where the key for credentials at rest comes from', () => {
  it('uses APP_SECRET when set, and writes nothing', () => {
    const dir = tempDir();
    const config = resolveAppSecret(loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x', NODE_ENV: 'production' }));
    expect(config.APP_SECRET).toBe('x'.repeat(40));
    expect(fs.existsSync(path.join(dir, APP_SECRET_FILE))).toBe(false);
  });

  it('refuses an APP_SECRET shorter than 32 characters at configuration time', () => {
    expect(() => loadConfig({ APP_SECRET: 'too-short' })).toThrow(/APP_SECRET must be at least 32 characters/);
  });

  it('stops start-up with DATABASE_URL and no APP_SECRET, saying what to set', () => {
    const dir = tempDir();
    const run = () => resolveAppSecret(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }));
    expect(run).toThrow(AppSecretError);
    expect(run).toThrow('APP_SECRET is required with DATABASE_URL');
    expect(run).toThrow('openssl rand -base64 32');
    expect(fs.existsSync(path.join(dir, APP_SECRET_FILE))).toBe(false);
  });

  it('stops start-up in production without APP_SECRET, even on the embedded database', () => {
    const dir = tempDir();
    expect(() => resolveAppSecret(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }))).toThrow('APP_SECRET is required when NODE_ENV=production');
    expect(fs.existsSync(path.join(dir, APP_SECRET_FILE))).toBe(false);
  });

  it('generates a key into the embedded data directory on first start, readable by its owner only, and reuses it', () => {
    const dir = path.join(tempDir(), 'fresh-data');
    const first = resolveAppSecret(loadConfig({ DATA_DIR: dir }));
    const file = path.join(dir, APP_SECRET_FILE);
    expect(first.APP_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.APP_SECRET);
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dir })).APP_SECRET).toBe(first.APP_SECRET);
    // No temporary files are left behind.
    expect(fs.readdirSync(dir)).toEqual([APP_SECRET_FILE]);
    // Another data directory is another installation with its own key.
    expect(resolveAppSecret(loadConfig({ DATA_DIR: tempDir() })).APP_SECRET).not.toBe(first.APP_SECRET);
  });

  it('refuses a damaged key file rather than quietly making a new key', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, APP_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => resolveAppSecret(loadConfig({ DATA_DIR: dir }))).toThrow(/does not hold a usable key/);
  });
});
