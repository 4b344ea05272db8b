import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';

/** Runs fn with the path of a cluster file in a scratch directory, removed afterwards. */
export function withFile(fn: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-meta-'));
  try {
    fn(join(dir, 'c.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a meta row behind the keyspace's back, on its own connection (which does not change data_version for it). */
export function writeBehind(ks: SqliteKeyspace, name: string, value: string): void {
  ks.db.prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value').run(name, value);
}
