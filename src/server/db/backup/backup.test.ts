import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { organizations, paymentProcessors, uploads } from '../schema/index';
import { seedDemo } from '../seed/seed-demo';
import { createSecretBox } from '../../platform/secret-box';
import { openTestDatabase } from '../../test/test-database';
import { BackupError, restoreBackup } from './restore-backup';
import { listTables, rowsOf } from './tables';
import { writeBackup } from './write-backup';

/** The installation's key; processor secrets in the source are sealed with it. */
const box = createSecretBox('tradebook-backup-test-app-secret-0123456789');
const otherBox = createSecretBox('another-installations-app-secret-9876543210');
let source: Database;
let target: Database;
let dir: string;
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e80000000049454e44ae426082', 'hex');

beforeAll(async () => {
  source = await openTestDatabase();
  target = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-backup-'));
  await seedDemo(source.db);
  // Bytes, JSON, numerics, instants and text that needs escaping all make the round trip.
  const [org] = await source.db.select().from(organizations).limit(1);
  await source.db.insert(uploads).values({ organizationId: org.id, fileName: 'logo.png', contentType: 'image/png', size: PNG_BYTES.length, data: PNG_BYTES });
  // A Stripe processor whose secrets are sealed, as the app stores them.
  await source.db.insert(paymentProcessors).values({
    organizationId: org.id,
    displayName: 'Stripe',
    processorType: 'stripe',
    configuration: {
      secretKey: box.seal('sk_live_51BackupKey0000000000', `payment_processors:${org.id}:secretKey`),
      webhookSecret: box.seal('whsec_backup_0000', `payment_processors:${org.id}:webhookSecret`),
      publishableKey: 'pk_live_51BackupKey0000000000',
    },
  });
  await source.db.update(organizations).set({ notes: 'Quotes " and \\ backslash, line\nbreak, Zoë Łódź <b>bold</b>', labelOverrides: { customers: 'Clients' } }).where(eq(organizations.id, org.id));
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Row count and a digest of every row of every table. */
async function snapshot(database: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const t of await listTables(database.db)) {
    const name = sql.identifier(t.name);
    const [r] = await rowsOf<{ rows: number; digest: string | null }>(
      database.db,
      sql`select count(*)::int as rows, md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as digest from ${name} t`,
    );
    out[t.name] = { rows: Number(r.rows), digest: r.digest ?? '' };
  }
  return out;
}

describe('backup and restore', () => {
  it('round-trips every table exactly, and ids continue after the restored ones', async () => {
    const file = path.join(dir, 'full.jsonl.gz');
    const { counts, credentials } = await writeBackup(source, file);
    expect(counts.invoices).toBeGreaterThan(50);
    expect(counts.uploads).toBe(1);

    expect(credentials).toMatchObject({ encrypted: 2, keyIds: [box.keyId] });
    const restored = await restoreBackup(target, file, { replace: false, keyId: box.keyId });
    expect(restored).toEqual(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)));
    const before = await snapshot(source);
    const after = await snapshot(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    // The kept figures are not in the file: the restore works them out from the data, to what the source holds.
    const figures = async (database: Database) =>
      rowsOf(database.db, sql`select organization_id, sum(customers)::int as c, sum(active_work_orders)::int as w, sum(owed_invoices)::int as o,
        sum(owed_balance)::text as b from organization_figures group by 1 order by 1`);
    expect(await figures(target)).toEqual(await figures(source));
    expect((await figures(target)).length).toBeGreaterThan(0);

    const [upload] = await target.db.select().from(uploads);
    expect(Buffer.compare(upload.data, PNG_BYTES)).toBe(0);
    const maxId = (await target.db.select({ id: organizations.id }).from(organizations)).reduce((m, o) => Math.max(m, o.id), 0);
    const [fresh] = await target.db.insert(organizations).values({ name: 'After restore' }).returning({ id: organizations.id });
    expect(fresh.id).toBeGreaterThan(maxId);
  });

  it('refuses to overwrite a database holding data unless told to replace it', async () => {
    const file = path.join(dir, 'again.jsonl.gz');
    await writeBackup(source, file);
    const before = await snapshot(target);
    await expect(restoreBackup(target, file, { replace: false, keyId: box.keyId })).rejects.toThrow(/already holds data/);
    expect(await snapshot(target)).toEqual(before);
    await restoreBackup(target, file, { replace: true, keyId: box.keyId });
    expect(await snapshot(target)).toEqual(await snapshot(source));
  });

  it('changes nothing when the file is cut short, damaged, or from another schema version', async () => {
    const file = path.join(dir, 'good.jsonl.gz');
    await writeBackup(source, file);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const write = (name: string, content: string[]) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, zlib.gzipSync(content.join('\n') + '\n'));
      return p;
    };
    await target.db.insert(organizations).values({ name: 'Only in the target' });
    const before = await snapshot(target);

    const cases: [string, RegExp][] = [
      [write('cut.jsonl.gz', lines.slice(0, -1)), /incomplete/],
      [write('damaged.jsonl.gz', [...lines.slice(0, 3), '{"table":"customers","rows":[{"id":', ...lines.slice(3)]), /damaged/],
      [write('miscounted.jsonl.gz', [...lines.slice(0, -1), JSON.stringify({ end: true, counts: { ...JSON.parse(lines.at(-1)!).counts, customers: 1 } })]), /end marker says 1/],
      [write('orphans.jsonl.gz', lines.filter((l) => !l.startsWith('{"table":"customers"'))), /rows could not be restored/],
      [write('other-version.jsonl.gz', [JSON.stringify({ ...JSON.parse(lines[0]), migrations: ['x'] }), ...lines.slice(1)]), /schema version 1 and this database is at/],
      [write('not-ours.jsonl.gz', ['{"hello":"world"}']), /Not a Tradebook backup/],
    ];
    for (const [bad, message] of cases) {
      const error = await restoreBackup(target, bad, { replace: true, keyId: box.keyId }).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(message);
      expect(await snapshot(target)).toEqual(before);
    }
  });
});

describe('encrypted credentials in backups', () => {
  const headerOf = (file: string) => JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')[0]);

  it('the header says the file holds encrypted credentials and which key they need; the values stay sealed', async () => {
    const file = path.join(dir, 'sealed.jsonl.gz');
    await writeBackup(source, file);
    expect(headerOf(file).credentials).toEqual({
      encrypted: 2,
      keyIds: [box.keyId],
      note: `Payment processor secrets, encrypted (AES-256-GCM). Restoring them needs the APP_SECRET with key id ${box.keyId}.`,
    });
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(text).not.toContain('sk_live_51BackupKey');
    expect(text).not.toContain('whsec_backup_0000');
  });

  it('refuses a restore with another APP_SECRET, saying which key is needed, and changes nothing', async () => {
    const file = path.join(dir, 'wrong-key.jsonl.gz');
    await writeBackup(source, file);
    const before = await snapshot(target);
    const error = await restoreBackup(target, file, { replace: true, keyId: otherBox.keyId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      `The backup's 2 payment processor credentials are encrypted with APP_SECRET key ${box.keyId}, and this installation's APP_SECRET is key ${otherBox.keyId}: ` +
        'set APP_SECRET to the one the backup was made with, or run again with --forget-credentials to restore without the payment processor keys (enter them again afterwards). Nothing was restored.',
    );
    expect(await snapshot(target)).toEqual(before);
  });

  it('judges the rows themselves when the header does not say (an edited or older file)', async () => {
    const file = path.join(dir, 'no-header-credentials.jsonl.gz');
    await writeBackup(source, file);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const { credentials: _dropped, ...header } = JSON.parse(lines[0]);
    const edited = path.join(dir, 'edited.jsonl.gz');
    fs.writeFileSync(edited, zlib.gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n') + '\n'));
    const before = await snapshot(target);
    await expect(restoreBackup(target, edited, { replace: true, keyId: otherBox.keyId })).rejects.toThrow(/hold credentials encrypted with APP_SECRET key/);
    expect(await snapshot(target)).toEqual(before);
  });

  it('with --forget-credentials restores everything but the sealed values another key made', async () => {
    const file = path.join(dir, 'forget.jsonl.gz');
    await writeBackup(source, file);
    await restoreBackup(target, file, { replace: true, keyId: otherBox.keyId, forgetCredentials: true });
    const [p] = await target.db.select().from(paymentProcessors);
    expect(p.configuration).toEqual({ publishableKey: 'pk_live_51BackupKey0000000000' });
    // With the right key everything comes back and opens.
    await restoreBackup(target, file, { replace: true, keyId: box.keyId });
    const [again] = await target.db.select().from(paymentProcessors);
    expect(box.open(again.configuration.secretKey as string, `payment_processors:${again.organizationId}:secretKey`)).toBe('sk_live_51BackupKey0000000000');
  });
});
