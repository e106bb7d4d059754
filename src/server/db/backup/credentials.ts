// The encrypted credentials a backup carries (docs/payments.md, "Credentials at rest"): payment processor secrets and
// webhook signing secrets (docs/rules/public-api.md#webhook-signatures), sealed with the installation's APP_SECRET
// (platform/secret-box.ts). A backup keeps them sealed, so it is no
// more readable than the database; restoring them needs the same APP_SECRET, which the header names by key id.
import { sql } from 'drizzle-orm';
import { sealedKeyId } from '../../platform/secret-box';
import type { DbOrTx } from '../client';
import { rowsOf } from './tables';

export interface BackupCredentials {
  /** Sealed values in payment_processors.configuration and webhook_endpoints.secret. */
  encrypted: number;
  /** How many of them are webhook signing secrets; absent when none. */
  webhookSecrets?: number;
  /** The key ids they are sealed with (one, unless APP_SECRET changed and old values were never entered again). */
  keyIds: string[];
  note: string;
}

interface SealedValue {
  /** Where it is: a processor's configuration, or a webhook endpoint's secret. */
  source: 'processor' | 'webhook';
  id: number;
  key: string;
  value: string;
}

async function sealedValues(db: DbOrTx): Promise<SealedValue[]> {
  return rowsOf<SealedValue>(
    db,
    sql`select 'processor' as source, p.id, e.key, e.value #>> '{}' as value
          from payment_processors p, jsonb_each(p.configuration) e
         where jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') like 'tbsec:%'
        union all
        select 'webhook', w.id, 'secret', w.secret from webhook_endpoints w where w.secret like 'tbsec:%'`,
  );
}

export async function backupCredentials(db: DbOrTx): Promise<BackupCredentials> {
  const values = await sealedValues(db);
  const keyIds = [...new Set(values.map((v) => sealedKeyId(v.value) ?? 'unknown'))].sort();
  const webhookSecrets = values.filter((v) => v.source === 'webhook').length;
  const what = webhookSecrets === 0 ? 'Payment processor secrets' : webhookSecrets === values.length ? 'Webhook signing secrets' : 'Payment processor secrets and webhook signing secrets';
  return {
    encrypted: values.length,
    ...(webhookSecrets > 0 ? { webhookSecrets } : {}),
    keyIds,
    note: values.length === 0 ? 'No encrypted credentials.' : `${what}, encrypted (AES-256-GCM). Restoring them needs the APP_SECRET with key id ${keyIds.join(' or ')}.`,
  };
}

/** Sealed values the given key cannot open: where they are and which key they name. */
export async function foreignCredentials(db: DbOrTx, keyId: string): Promise<{ processorIds: number[]; webhookEndpointIds: number[]; keyIds: string[] }> {
  const foreign = (await sealedValues(db)).filter((v) => sealedKeyId(v.value) !== keyId);
  const idsOf = (source: SealedValue['source']) => [...new Set(foreign.filter((v) => v.source === source).map((v) => Number(v.id)))].sort((a, b) => a - b);
  return {
    processorIds: idsOf('processor'),
    webhookEndpointIds: idsOf('webhook'),
    keyIds: [...new Set(foreign.map((v) => sealedKeyId(v.value) ?? 'unknown'))].sort(),
  };
}

/**
 * Drops the values another key sealed (restore --forget-credentials): an administrator enters the processor keys
 * again and rolls the webhook secrets, whose endpoints are turned off until then (nothing would be sent unsigned, but
 * their deliveries would spend their day failing).
 */
export async function forgetForeignCredentials(db: DbOrTx, keyId: string): Promise<number> {
  const { processorIds, webhookEndpointIds } = await foreignCredentials(db, keyId);
  if (webhookEndpointIds.length > 0) {
    await db.execute(sql`update webhook_endpoints set secret = '', is_active = false where id in (${sql.join(webhookEndpointIds.map((id) => sql`${id}`), sql`, `)})`);
  }
  if (processorIds.length === 0) return webhookEndpointIds.length;
  await db.execute(
    sql`update payment_processors p
           set configuration = (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                                  from jsonb_each(p.configuration) e
                                 where not (jsonb_typeof(e.value) = 'string'
                                            and (e.value #>> '{}') like 'tbsec:%'
                                            and (e.value #>> '{}') not like ${`tbsec:v1:${keyId}:%`}))
         where p.id in (${sql.join(processorIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return processorIds.length + webhookEndpointIds.length;
}
