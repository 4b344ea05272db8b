import type Database from 'better-sqlite3';
import type { Timer, TimerQueue } from './timers.js';
import { HeldTimers, mergeTimers } from './held-timers.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS timers (
  queue TEXT NOT NULL,
  key TEXT NOT NULL,
  due_ms INTEGER NOT NULL,
  PRIMARY KEY (queue, key, due_ms)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS timers_due ON timers(due_ms);
`;

interface TimerRow {
  queue: string;
  key: string;
  due_ms: number;
}

/** The timer queue in the cluster's SQLite file (same transactions as the keyspace). */
export class SqliteTimers implements TimerQueue {
  private readonly stmts;
  private readonly readOnly: boolean;
  /** while held (hold): the timers set since, not in the table yet */
  private held: HeldTimers | undefined;
  /** while held: the table's earliest due time (null: none), undefined until asked again */
  private tableNext: number | null | undefined;

  constructor(db: Database.Database) {
    // A read-only cluster file cannot take the table; one without it simply has no timers yet.
    this.readOnly = db.readonly;
    if (!db.readonly) db.exec(SCHEMA);
    this.stmts = {
      add: db.prepare('INSERT OR IGNORE INTO timers (queue, key, due_ms) VALUES (?, ?, ?)'),
      next: db.prepare<[], { due_ms: number }>('SELECT due_ms FROM timers ORDER BY due_ms LIMIT 1'),
      due: db.prepare<[number], TimerRow>('SELECT queue, key, due_ms FROM timers WHERE due_ms <= ? ORDER BY due_ms, queue, key'),
      delDue: db.prepare('DELETE FROM timers WHERE due_ms <= ?'),
      cancel: db.prepare('DELETE FROM timers WHERE queue = ? AND key = ?'),
    };
  }

  schedule(t: Timer): void {
    if (this.held) this.held.add(t.queue, t.key, Math.floor(t.dueMs));
    else this.stmts.add.run(t.queue, t.key, Math.floor(t.dueMs));
  }

  nextDue(): number | undefined {
    if (!this.held) return this.stmts.next.get()?.due_ms;
    const table = this.tableNextDue();
    const held = this.held.nextDue();
    if (table === undefined) return held;
    return held === undefined ? table : Math.min(table, held);
  }

  popDue(t: number): Timer[] {
    if (!this.held) return this.popStored(t);
    const table = this.tableNextDue();
    const stored = table !== undefined && table <= t ? this.popStored(t) : [];
    if (stored.length) this.tableNext = undefined;
    return mergeTimers(stored, this.held.popDue(t));
  }

  cancel(queue: string, key: string): void {
    this.stmts.cancel.run(queue, key);
    if (!this.held) return;
    this.held.cancel(queue, key);
    this.tableNext = undefined;
  }

  /**
   * Inside a write transaction (nobody else writes the table meanwhile), the timers fn sets are
   * kept in memory and written when it ends, those still set then; the table's earliest due time
   * is read once, not at every nextDue. A catch-up's instants mostly fire timers set a few
   * instants before (a kubelet's back-off, its next sync): within one batch of steps those never
   * reach the table, and a step that fires none reads nothing. What fn sees, and what the table
   * holds after it, are as without the hold.
   */
  hold<T>(fn: () => T): T {
    // A read-only file: a timer set fails where it is set, as without the hold.
    if (this.held || this.readOnly) return fn();
    const held = new HeldTimers();
    this.held = held;
    this.tableNext = undefined;
    let result: T;
    try {
      result = fn();
    } catch (e) {
      // What the table would hold without the hold, whatever the caller does next.
      this.held = undefined;
      try {
        this.store(held);
      } catch {
        // the first failure is the one said
      }
      throw e;
    }
    this.held = undefined;
    this.store(held);
    return result;
  }

  private store(held: HeldTimers): void {
    // In the primary key's order (queue, key, due_ms): the timers of a catch-up are mostly the
    // event-ttl controller's, one per Event written, set in the order the kubelets wrote them
    // (node by node, so at random places among the keys); inserted sorted, consecutive rows land
    // on the page the last one loaded (40,000 Events' timers: ~20 -> ~10 us each). The table
    // holds the same rows in any order.
    const timers = [...held.remaining()].sort(byPrimaryKey);
    for (const t of timers) this.stmts.add.run(t.queue, t.key, t.dueMs);
  }

  private tableNextDue(): number | undefined {
    if (this.tableNext === undefined) this.tableNext = this.stmts.next.get()?.due_ms ?? null;
    return this.tableNext ?? undefined;
  }

  private popStored(t: number): Timer[] {
    const rows = this.stmts.due.all(t);
    if (rows.length) this.stmts.delDue.run(t);
    return rows.map((r) => ({ queue: r.queue, key: r.key, dueMs: r.due_ms }));
  }
}

/** The timers table's primary key order, near enough (JavaScript's string order): only speed depends on it. */
function byPrimaryKey(a: Timer, b: Timer): number {
  if (a.queue !== b.queue) return a.queue < b.queue ? -1 : 1;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.dueMs - b.dueMs;
}
