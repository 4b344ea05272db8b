import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { deployment } from './fixtures.js';
import { KeyspaceLocked } from '../../../src/storage/keyspace.js';

const DEPLOY = findByKind('apps/v1', 'Deployment')!;
const POD = findByKind('v1', 'Pod')!;

/** Everything a command could write: the revision, every meta value, the timer queue. */
function snapshot(c: Cluster): string {
  const db = (c.store as unknown as { db: import('better-sqlite3').Database }).db;
  return JSON.stringify({
    revision: c.store.revision(),
    meta: db.prepare('SELECT name, value FROM meta ORDER BY name').all(),
    timers: db.prepare('SELECT * FROM timers ORDER BY due_ms, queue, key').all(),
    log: db.prepare('SELECT COUNT(*) AS n FROM log').get(),
  });
}

function withFile(fn: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-nolock-'));
  try {
    fn(join(dir, 'c.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const clock of ['virtual', 'wall'] as const) {
  test(`${clock} clock: a command with nothing due takes no write lock and writes nothing`, () => {
    withFile((file) => {
      const real = Date.UTC(2026, 0, 1);
      const env = { KUBEMU_CLOCK: clock, KUBEMU_SEED: '3', KUBEMU_LOCK_TIMEOUT_MS: '0' };
      const writer = openCluster(file, { env, realNow: () => real });
      try {
        settle(writer);
        writer.api.create(DEPLOY, 'default', deployment('hello', 2));
        settle(writer);
        const before = snapshot(writer);
        // Another process is in the middle of a write: it holds the file's write lock.
        const holder = (writer.store as unknown as { db: import('better-sqlite3').Database }).db;
        holder.exec('BEGIN IMMEDIATE');
        holder.prepare("INSERT INTO meta (name, value) VALUES ('other-process', 'x')").run();
        let reader: Cluster | undefined;
        try {
          // What `get pods` does: open, settle, read. With a lock timeout of 0 any attempt to
          // take the write lock would fail at once.
          reader = openCluster(file, { env, realNow: () => real });
          settle(reader);
          assert.equal(reader.api.list(POD, 'default').length, 2);
          assert.equal(reader.api.get(DEPLOY, 'default', 'hello').metadata.name, 'hello');
          // A write, on the other hand, cannot start: the lock error names the file.
          assert.throws(
            () => reader!.api.create(DEPLOY, 'default', deployment('other', 1)),
            (e: unknown) => e instanceof KeyspaceLocked && e.path === file && /another kubemu process holds its write lock/.test(e.message),
          );
        } finally {
          holder.exec('ROLLBACK');
          reader?.close();
        }
        assert.equal(snapshot(writer), before, 'nothing in the file changed');
      } finally {
        writer.close();
      }
    });
  });
}
