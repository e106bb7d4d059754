// A backup is gzip'd JSON lines: a header, then batches of rows per table (each row as PostgreSQL's own
// row_to_json text), then a trailer with every table's row count. A file without its trailer is incomplete
// and is refused whole.
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
}

export interface BackupBatch {
  table: string;
  rows: Record<string, unknown>[];
}

export interface BackupTrailer {
  end: true;
  counts: Record<string, number>;
}
