// Webhook signing secrets in backups (docs/rules/public-api.md#webhook-signatures): counted with the encrypted
// credentials in the header and kept sealed in the file; a restore with another APP_SECRET is refused naming the
// endpoints, and with --forget-credentials their secrets are dropped and the endpoints turned off until rolled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { BackupError, restoreBackup } from '../../db/backup/restore-backup';
import { writeBackup } from '../../db/backup/write-backup';
import { organizations, webhookEndpoints } from '../../db/schema/index';
import { createSecretBox } from '../../platform/secret-box';
import { openTestDatabase } from '../../test/test-database';
import { openWebhookSecret, sealWebhookSecret } from './webhook-signature';

const box = createSecretBox('tradebook-webhook-backup-app-secret-0123456789');
const otherBox = createSecretBox('another-installations-app-secret-9876543210');
const SECRET = 'whsec_backup_webhook_secret_000000000000000000000';
let source: Database;
let target: Database;
let dir: string;
let file: string;
let endpointId: number;

beforeAll(async () => {
  source = await openTestDatabase();
  target = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-webhook-backup-'));
  const [org] = await source.db.insert(organizations).values({ name: 'Backup Org', slug: 'backup-org' }).returning();
  const [endpoint] = await source.db
    .insert(webhookEndpoints)
    .values({ organizationId: org.id, url: 'https://hooks.example.com/backup', events: ['invoice.paid'], secret: sealWebhookSecret(box, org.id, SECRET) })
    .returning();
  endpointId = endpoint.id;
  file = path.join(dir, 'webhooks.jsonl.gz');
  await writeBackup(source, file);
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('webhook secrets in backups', () => {
  it('are counted in the header and stay sealed in the file', () => {
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(JSON.parse(text.split('\n')[0]).credentials).toEqual({
      encrypted: 1,
      webhookSecrets: 1,
      keyIds: [box.keyId],
      note: `Webhook signing secrets, encrypted (AES-256-GCM). Restoring them needs the APP_SECRET with key id ${box.keyId}.`,
    });
    expect(text).not.toContain(SECRET);
  });

  it('refuse a restore with another APP_SECRET, naming what to do', async () => {
    const error = await restoreBackup(target, file, { replace: true, keyId: otherBox.keyId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      `The backup's 1 encrypted credentials (payment processor keys, webhook signing secrets) are encrypted with APP_SECRET key ${box.keyId}, and this installation's APP_SECRET is key ${otherBox.keyId}: ` +
        'set APP_SECRET to the one the backup was made with, or run again with --forget-credentials to restore without the payment processor keys and webhook signing secrets (enter the keys again and roll the secrets afterwards). Nothing was restored.',
    );
  });

  it('with --forget-credentials come back empty, their endpoints off; with the right key they open', async () => {
    await restoreBackup(target, file, { replace: true, keyId: otherBox.keyId, forgetCredentials: true });
    const [forgotten] = await target.db.select().from(webhookEndpoints);
    expect(forgotten).toMatchObject({ id: endpointId, secret: '', isActive: false });
    await restoreBackup(target, file, { replace: true, keyId: box.keyId });
    const [kept] = await target.db.select().from(webhookEndpoints);
    expect(kept.isActive).toBe(true);
    expect(openWebhookSecret(box, kept.organizationId, kept.secret)).toBe(SECRET);
  });
});
