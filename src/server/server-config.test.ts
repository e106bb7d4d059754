import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertServerConfig, loadConfig } from './config';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the real server entry point until it exits (or 60 s pass); its exit code and output. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up in production', () => {
  it('refuses to run without a mail transport, naming SMTP_URL, before touching any data', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-prod-')), 'data');
    try {
      const { DATABASE_URL: _ignored, SMTP_URL: _none, ...inherited } = process.env;
      const { code, output } = await runServer({
        ...inherited,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: 'false',
        APP_URL: 'https://tradebook.example',
        APP_SECRET: 'a-test-key-of-at-least-thirty-two-characters',
      });
      expect(code).toBe(1);
      expect(output).toContain('NODE_ENV=production needs a mail transport: set SMTP_URL');
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 90_000);

  it('asks for SMTP_URL only in production', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(() => assertServerConfig(production)).toThrow(/SMTP_URL/);
    expect(() => assertServerConfig(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example.com:465' }))).not.toThrow();
    expect(() => assertServerConfig(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertServerConfig(loadConfig({}))).not.toThrow();
    // An empty value is no transport.
    expect(() => assertServerConfig(loadConfig({ NODE_ENV: 'production', SMTP_URL: '  ' }))).toThrow(/SMTP_URL/);
  });
});
