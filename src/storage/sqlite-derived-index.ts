import type Database from 'better-sqlite3';

/** A row of kv as the keyspace and the indexes that lead to it read it. */
export interface KvRow {
  key: string;
  value: string;
  create_revision: number;
  mod_revision: number;
}

/** Whether the file has the trigger named `name` (the mark that a derived index exists). */
export function hasTrigger(db: Database.Database, name: string): boolean {
  const row = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(name);
  return (row?.n ?? 0) > 0;
}

/**
 * Creates an index that triggers on kv keep (`schema`, whose trigger `marker` is created last of
 * its objects or alongside them) in a writable file that has none yet, and fills it from the
 * values already in kv (`fill`) in the same transaction, once. Another process may create it
 * between the first look and the write lock: the second look, under the lock, settles it.
 */
export function ensureDerivedIndex(db: Database.Database, marker: string, schema: string, fill: string): void {
  if (hasTrigger(db, marker)) return;
  db.transaction(() => {
    if (hasTrigger(db, marker)) return;
    db.exec(schema);
    db.exec(fill);
  }).immediate();
}
