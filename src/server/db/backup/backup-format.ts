// A backup is gzip'd JSON lines: a header, then batches of rows per table (each row as PostgreSQL's own
// row_to_json text), then a trailer with every table's row count. A file without its trailer is incomplete
// and is refused whole. The header says which encrypted credentials the file holds and which APP_SECRET (by key
// id) they need; the values stay sealed in the file (credentials.ts).
import type { BackupCredentials } from './credentials';
export const BACKUP_FORMAT = 'tradebook-backup';
export const BACKUP_VERSION = 1;
export const BATCH_ROWS = 2_000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
  tables: string[];
  /** Absent in files written before credentials were encrypted. */
  credentials?: BackupCredentials;
}

export interface BackupBatch {
  table: string;
  rows: Record<string, unknown>[];
}

export interface BackupTrailer {
  end: true;
  counts: Record<string, number>;
}
