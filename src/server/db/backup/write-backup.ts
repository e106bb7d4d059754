// Writes every table to a backup file inside one repeatable-read transaction, so the copy is one consistent
// moment even while the app keeps writing.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { BACKUP_FORMAT, BACKUP_VERSION, BATCH_ROWS, type BackupHeader } from './backup-format';
import { backupCredentials, type BackupCredentials } from './credentials';
import { appliedMigrations, listTables, rowsOf, type TableInfo } from './tables';

/** Row counts per table, and the encrypted credentials the file holds (the CLI says which key they need). */
export async function writeBackup(database: Database, file: string): Promise<{ counts: Record<string, number>; credentials: BackupCredentials }> {
  const counts: Record<string, number> = {};
  const credentials = await database.db.transaction(
    async (tx) => {
      const tables = await listTables(tx);
      const found = await backupCredentials(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        database: database.kind,
        migrations: await appliedMigrations(tx),
        tables: tables.map((t) => t.name),
        credentials: found,
      };
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for (const table of tables) {
          counts[table.name] = 0;
          for await (const batch of batchesOf(tx, table)) {
            counts[table.name] += batch.length;
            // Rows stay as the database wrote them: no parse and re-encode on the way out.
            yield `{"table":${JSON.stringify(table.name)},"rows":[${batch.join(',')}]}\n`;
          }
        }
        yield `${JSON.stringify({ end: true, counts })}\n`;
      }
      await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(file, { flags: 'wx' }));
      return found;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { counts, credentials };
}

async function* batchesOf(tx: Tx, table: TableInfo): AsyncGenerator<string[]> {
  const name = sql.identifier(table.name);
  if (table.key) {
    const key = sql.identifier(table.key);
    let after: unknown = null;
    for (;;) {
      const rows = await rowsOf<{ r: string; k: unknown }>(
        tx,
        sql`select row_to_json(t)::text as r, t.${key} as k from ${name} t ${after === null ? sql`` : sql`where t.${key} > ${after}`} order by t.${key} limit ${BATCH_ROWS}`,
      );
      if (rows.length === 0) return;
      yield rows.map((row) => row.r);
      after = rows[rows.length - 1].k;
      if (rows.length < BATCH_ROWS) return;
    }
  }
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const rows = await rowsOf<{ r: string }>(tx, sql`select row_to_json(t)::text as r from ${name} t order by row_to_json(t)::text limit ${BATCH_ROWS} offset ${offset}`);
    if (rows.length === 0) return;
    yield rows.map((row) => row.r);
    if (rows.length < BATCH_ROWS) return;
  }
}
