// Replaces every table's rows with a backup's, in one transaction: a damaged, incomplete or mismatched file
// changes nothing, and neither does a file whose encrypted credentials this installation's APP_SECRET cannot open
// (unless told to forget them: an administrator then enters the processor keys again).
import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupBatch, type BackupHeader, type BackupTrailer } from './backup-format';
import { foreignCredentials, forgetForeignCredentials } from './credentials';
import { appliedMigrations, listTables, rowsOf, type TableInfo } from './tables';
import { rederiveOrganizationFigures } from '../../features/figures/organization-figures';

export class BackupError extends Error {}

export interface RestoreOptions {
  replace: boolean;
  /** The key id of this installation's APP_SECRET (platform/secret-box.ts). */
  keyId: string;
  /** Restore anyway, dropping the processor secrets sealed with another key. */
  forgetCredentials?: boolean;
}

const wrongKey = (count: string, keyIds: string[], keyId: string, webhooks = false) =>
  `The backup's ${count} encrypted with APP_SECRET key ${keyIds.join(', ')}, and this installation's APP_SECRET is key ${keyId}: ` +
  `set APP_SECRET to the one the backup was made with, or run again with --forget-credentials to restore without the ${
    webhooks ? 'payment processor keys and webhook signing secrets (enter the keys again and roll the secrets afterwards)' : 'payment processor keys (enter them again afterwards)'
  }. Nothing was restored.`;

export async function restoreBackup(database: Database, file: string, opts: RestoreOptions): Promise<Record<string, number>> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  return database.db.transaction(async (tx) => {
    const tables = await listTables(tx);
    const byName = new Map(tables.map((t) => [t.name, t]));
    if (!opts.replace && (await holdsData(tx, tables))) {
      throw new BackupError('The database already holds data. Run again with --replace to overwrite all of it with the backup.');
    }
    const list = sql.join(tables.map((t) => sql.identifier(t.name)), sql`, `);
    await tx.execute(sql`truncate table ${list} restart identity cascade`);

    const counts: Record<string, number> = {};
    let header: BackupHeader | null = null;
    let trailer: BackupTrailer | null = null;
    const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === '') continue;
      if (trailer) throw new BackupError('The backup has data after its end marker');
      const entry = parseLine(line);
      if (!header) {
        header = await checkHeader(tx, entry, byName);
        // Said before the long part: the header names the keys its credentials need.
        const needed = header.credentials;
        if (needed && needed.encrypted > 0 && needed.keyIds.some((k) => k !== opts.keyId) && !opts.forgetCredentials) {
          const what = needed.webhookSecrets ? 'encrypted credentials (payment processor keys, webhook signing secrets) are' : 'payment processor credentials are';
          throw new BackupError(wrongKey(`${needed.encrypted} ${what}`, needed.keyIds, opts.keyId, !!needed.webhookSecrets));
        }
        continue;
      }
      if ('end' in entry) {
        trailer = entry as unknown as BackupTrailer;
        continue;
      }
      const batch = entry as unknown as BackupBatch;
      const table = byName.get(batch.table);
      if (!table || !Array.isArray(batch.rows)) throw new BackupError(`The backup holds rows for an unknown table: ${String(batch.table)}`);
      await insertRows(tx, table, batch.rows);
      counts[table.name] = (counts[table.name] ?? 0) + batch.rows.length;
    }
    if (!header) throw new BackupError('The file is empty');
    if (!trailer) throw new BackupError('The backup is incomplete (no end marker): nothing was restored');
    for (const [name, expected] of Object.entries(trailer.counts)) {
      if ((counts[name] ?? 0) !== expected) throw new BackupError(`The backup's ${name} holds ${counts[name] ?? 0} rows, its end marker says ${expected}`);
    }
    // The rows themselves decide (a header could be edited, an older file has none).
    const foreign = await foreignCredentials(tx, opts.keyId);
    if (foreign.processorIds.length > 0 || foreign.webhookEndpointIds.length > 0) {
      const holders = [
        ...(foreign.processorIds.length > 0 ? [`payment processors ${foreign.processorIds.join(', ')}`] : []),
        ...(foreign.webhookEndpointIds.length > 0 ? [`webhook endpoints ${foreign.webhookEndpointIds.join(', ')}`] : []),
      ].join(' and ');
      if (!opts.forgetCredentials) throw new BackupError(wrongKey(`${holders} hold credentials`, foreign.keyIds, opts.keyId, foreign.webhookEndpointIds.length > 0));
      await forgetForeignCredentials(tx, opts.keyId);
    }
    await rederivePaidAmounts(tx);
    // The restored figures rows and the restored data's own triggers both counted: worked out once more from the data.
    await rederiveOrganizationFigures(tx);
    for (const table of tables) await moveIdentitiesPast(tx, table);
    return counts;
  });
}

function parseLine(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BackupError('The backup is damaged (a line is not JSON)');
  }
}

async function checkHeader(tx: Tx, entry: Record<string, unknown>, tables: Map<string, TableInfo>): Promise<BackupHeader> {
  const header = entry as unknown as BackupHeader;
  if (header.format !== BACKUP_FORMAT) throw new BackupError('Not a Tradebook backup');
  if (header.version !== BACKUP_VERSION) throw new BackupError(`Backup format version ${header.version} is not supported (this version reads ${BACKUP_VERSION})`);
  const here = await appliedMigrations(tx);
  const there = Array.isArray(header.migrations) ? header.migrations : [];
  if (here.length !== there.length || here.some((h, i) => h !== there[i])) {
    throw new BackupError(
      `The backup was taken at schema version ${there.length} and this database is at ${here.length}: restore with the Tradebook version that made it`,
    );
  }
  const unknown = (header.tables ?? []).filter((t) => !tables.has(t));
  if (unknown.length > 0) throw new BackupError(`The backup holds tables this database does not: ${unknown.join(', ')}`);
  return header;
}

async function holdsData(tx: Tx, tables: TableInfo[]): Promise<boolean> {
  const probes = tables.map((t) => sql`select 1 from ${sql.identifier(t.name)}`);
  const rows = await rowsOf<{ any: boolean }>(tx, sql`select exists (${sql.join(probes, sql` union all `)}) as any`);
  return rows[0]?.any === true;
}

async function insertRows(tx: Tx, table: TableInfo, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(table.columns.map((c) => sql.identifier(c)), sql`, `);
  const override: SQL = table.identity.length > 0 ? sql`overriding system value` : sql``;
  try {
    await tx.execute(
      sql`insert into ${sql.identifier(table.name)} (${columns}) ${override}
          select ${columns} from json_populate_recordset(null::${sql.identifier(table.name)}, ${JSON.stringify(rows)}::json)`,
    );
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err instanceof Error ? err.message.split('\n')[0] : String(err));
    throw new BackupError(`The backup's ${table.name} rows could not be restored (${cause}): nothing was restored`);
  }
}

/**
 * invoices.amount_paid and last_payment_at are kept by triggers on payments (drizzle/0010, 0013): the restored invoices
 * arrive with them and the restored payments then add to them again, so they are worked out once more from the payments.
 */
async function rederivePaidAmounts(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update invoices as i set
      amount_paid = coalesce(
        (select sum(p.amount) from payments as p
          where p.organization_id = i.organization_id and p.invoice_id = i.id and p.status = 'completed'), 0),
      last_payment_at = (select max(p.received_date) from payments as p
          where p.organization_id = i.organization_id and p.invoice_id = i.id and p.status = 'completed')`);
}

/** The next id handed out after a restore is past every restored one. */
async function moveIdentitiesPast(tx: Tx, table: TableInfo): Promise<void> {
  for (const column of table.identity) {
    const qualified = `"${table.name}"`;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${qualified}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table.name)}), 0) + 1, false)`,
    );
  }
}
