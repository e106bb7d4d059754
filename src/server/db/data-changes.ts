// Tells the app's caches when data may have changed, whoever changed it: every statement that can write goes
// through the database handle, so the handle reports it, whether a route, a background job, a GET with a side
// effect (a short link's click count) or a script made it. Two moments matter:
// - 'starting': a write is about to run. A read already in flight may have read the old data, so it must not
//   be kept (the caches' generation counter).
// - 'committed': the write is visible to everyone. Anything cached before is stale.
// On PostgreSQL other app instances share the database: each committed write is announced with NOTIFY, and
// every instance LISTENs, so their caches drop it too. While that listening connection is down an instance
// cannot know about others' writes, so it must not serve from its caches (changeFeedUp() is false).
import { randomUUID } from 'node:crypto';

export type DataChange = 'starting' | 'committed';
export type DataChangeListener = (change: DataChange) => void;

export const CHANGE_CHANNEL = 'tradebook_data_changed';

const CTE_WRITE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

const READ_HEADS = new Set(['select', 'show', 'explain', 'values', 'table', 'set', 'reset', 'listen', 'unlisten', 'savepoint', 'release', 'fetch', 'declare', 'close']);

export type StatementKind = 'read' | 'write' | 'begin' | 'commit' | 'rollback';

/** What a statement does to the cached data, from its text. Anything unrecognised that is not a read counts as a write. */
export function classifyStatement(text: string | undefined): StatementKind {
  if (!text) return 'write';
  const head = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (head === 'begin' || head === 'start') return 'begin';
  if (head === 'commit' || head === 'end') return 'commit';
  if (head === 'rollback' || head === 'abort') return 'rollback';
  if (head && READ_HEADS.has(head)) return 'read';
  if (head === 'with') return CTE_WRITE.test(text) ? 'write' : 'read';
  return 'write';
}

/** The listeners of one database handle, and whether the cross-instance feed is live. */
export class DataChangeFeed {
  readonly instanceId = randomUUID();
  private listeners = new Set<DataChangeListener>();
  /** PGlite has no other instance to hear from; PostgreSQL sets this while its LISTEN connection is up. */
  up = true;

  on(listener: DataChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: DataChange): void {
    for (const l of this.listeners) l(change);
  }
}

/**
 * Follows one connection's statements: a write outside a transaction is committed when it returns; inside one,
 * at the COMMIT. `committed` is called once per committed change, with whether it came from a write.
 */
export class ConnectionWatch {
  private inTransaction = false;
  private wrote = false;

  constructor(
    private feed: DataChangeFeed,
    private onCommitted: () => void,
  ) {}

  before(kind: StatementKind): void {
    if (kind === 'begin') {
      this.inTransaction = true;
      this.wrote = false;
    } else if (kind === 'write') {
      if (this.inTransaction) this.wrote = true;
      this.feed.emit('starting');
    }
  }

  after(kind: StatementKind): void {
    if (kind === 'write' && !this.inTransaction) this.onCommitted();
    else if (kind === 'commit' || kind === 'rollback') {
      const wrote = this.wrote;
      this.inTransaction = false;
      this.wrote = false;
      // A rolled-back transaction changed nothing, but reads it made stale by 'starting' are already dropped.
      if (kind === 'commit' && wrote) this.onCommitted();
    }
  }
}
