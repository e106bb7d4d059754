// The encrypted credentials a backup carries (docs/payments.md, "Credentials at rest"): payment processor secrets,
// sealed with the installation's APP_SECRET (platform/secret-box.ts). A backup keeps them sealed, so it is no
// more readable than the database; restoring them needs the same APP_SECRET, which the header names by key id.
import { sql } from 'drizzle-orm';
import { sealedKeyId } from '../../platform/secret-box';
import type { DbOrTx } from '../client';
import { rowsOf } from './tables';

export interface BackupCredentials {
  /** Sealed values in payment_processors.configuration. */
  encrypted: number;
  /** The key ids they are sealed with (one, unless APP_SECRET changed and old values were never entered again). */
  keyIds: string[];
  note: string;
}

interface SealedValue {
  id: number;
  key: string;
  value: string;
}

async function sealedValues(db: DbOrTx): Promise<SealedValue[]> {
  return rowsOf<SealedValue>(
    db,
    sql`select p.id, e.key, e.value #>> '{}' as value
          from payment_processors p, jsonb_each(p.configuration) e
         where jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') like 'tbsec:%'`,
  );
}

export async function backupCredentials(db: DbOrTx): Promise<BackupCredentials> {
  const values = await sealedValues(db);
  const keyIds = [...new Set(values.map((v) => sealedKeyId(v.value) ?? 'unknown'))].sort();
  return {
    encrypted: values.length,
    keyIds,
    note:
      values.length === 0
        ? 'No encrypted credentials.'
        : `Payment processor secrets, encrypted (AES-256-GCM). Restoring them needs the APP_SECRET with key id ${keyIds.join(' or ')}.`,
  };
}

/** Sealed values the given key cannot open: where they are and which key they name. */
export async function foreignCredentials(db: DbOrTx, keyId: string): Promise<{ processorIds: number[]; keyIds: string[] }> {
  const foreign = (await sealedValues(db)).filter((v) => sealedKeyId(v.value) !== keyId);
  return {
    processorIds: [...new Set(foreign.map((v) => Number(v.id)))].sort((a, b) => a - b),
    keyIds: [...new Set(foreign.map((v) => sealedKeyId(v.value) ?? 'unknown'))].sort(),
  };
}

/** Drops the values another key sealed (restore --forget-credentials): an administrator enters them again. */
export async function forgetForeignCredentials(db: DbOrTx, keyId: string): Promise<number> {
  const { processorIds } = await foreignCredentials(db, keyId);
  if (processorIds.length === 0) return 0;
  await db.execute(
    sql`update payment_processors p
           set configuration = (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                                  from jsonb_each(p.configuration) e
                                 where not (jsonb_typeof(e.value) = 'string'
                                            and (e.value #>> '{}') like 'tbsec:%'
                                            and (e.value #>> '{}') not like ${`tbsec:v1:${keyId}:%`}))
         where p.id in (${sql.join(processorIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return processorIds.length;
}
