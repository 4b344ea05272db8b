import type Database from 'better-sqlite3';
import type { Timer, TimerQueue } from './timers.js';

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

  constructor(db: Database.Database) {
    // A read-only cluster file cannot take the table; one without it simply has no timers yet.
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
    this.stmts.add.run(t.queue, t.key, Math.floor(t.dueMs));
  }

  nextDue(): number | undefined {
    return this.stmts.next.get()?.due_ms;
  }

  popDue(t: number): Timer[] {
    const rows = this.stmts.due.all(t);
    if (rows.length) this.stmts.delDue.run(t);
    return rows.map((r) => ({ queue: r.queue, key: r.key, dueMs: r.due_ms }));
  }

  cancel(queue: string, key: string): void {
    this.stmts.cancel.run(queue, key);
  }
}
