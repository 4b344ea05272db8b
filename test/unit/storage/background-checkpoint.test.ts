import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { START_BYTES, type StartCheckpointer, startWalCheckpointer } from '../../../src/storage/background-checkpoint.js';
import { WalCheckpointer } from '../../../src/storage/wal-checkpointer.js';

function withDir(run: (dir: string) => Promise<void> | void): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubemu-ckpt-'));
    try {
      await run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A value of about 2 KB (JSON, as the cluster's are). */
const value = (i: number) => JSON.stringify({ i, pad: 'x'.repeat(2000) });

/** One transaction of n puts under /registry/t/<batch>/: about 2n KB of WAL and more. */
function batch(ks: SqliteKeyspace, b: number, n: number): void {
  ks.transaction(() => {
    for (let i = 0; i < n; i++) ks.put(`/registry/t/${b}/${i}`, value(i));
  });
}

/** Enough commits (200 values of 2 KB each) to write twice START_BYTES to the WAL and more. */
function longRun(ks: SqliteKeyspace): void {
  const batches = Math.ceil((2 * START_BYTES) / (200 * 2_000));
  for (let b = 0; b < batches; b++) batch(ks, b, 200);
}

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

/** What another connection sees of the closed file: integrity and how many keys. */
function inspect(path: string): { integrity: string; keys: number } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const keys = Number(db.prepare("SELECT count(*) AS n FROM kv WHERE key >= '/registry/t/'").pluck().get());
    return { integrity, keys };
  } finally {
    db.close();
  }
}

/** A start that counts its calls and hands on to start (none: no checkpointer). */
function counting(start?: StartCheckpointer): { start: StartCheckpointer; calls: number } {
  const c = {
    calls: 0,
    start: (file: string) => {
      c.calls++;
      return start?.(file);
    },
  };
  return c;
}

test(
  'a run that grows the WAL starts the worker, which checkpoints beside the writer; after close the file is whole and its WAL is gone',
  withDir(async (dir) => {
    const path = join(dir, 'c.db');
    const start = counting(startWalCheckpointer);
    const ks = new SqliteKeyspace(path, { checkpointer: start.start });
    const fileBefore = statSync(path).size;
    longRun(ks);
    assert.equal(start.calls, 1, 'started once');
    assert.equal(ks.checkpointing, true);
    const versionBefore = Number(ks.db.pragma('data_version', { simple: true }));
    // The worker copies committed pages into the file while this connection is idle or writing:
    // the main file grows before any checkpoint of this connection (160 MiB is far off).
    for (let i = 0; i < 400 && statSync(path).size === fileBefore; i++) await sleep(50);
    assert.ok(statSync(path).size > fileBefore, 'the worker backfilled the file');
    // Another connection's checkpoint is no commit: this connection's caches of what it read stay valid.
    assert.equal(Number(ks.db.pragma('data_version', { simple: true })), versionBefore);
    batch(ks, 1_000_000, 10);
    ks.close();
    assert.equal(existsSync(`${path}-wal`), false, 'the main connection closed last and removed the WAL');
    assert.equal(existsSync(`${path}-shm`), false);
    const seen = inspect(path);
    assert.equal(seen.integrity, 'ok');
    assert.ok(seen.keys > 200);
  }),
);

test(
  'a short command (a few small commits) never starts a worker; in-memory keyspaces never do',
  withDir((dir) => {
    const path = join(dir, 'c.db');
    const start = counting();
    const ks = new SqliteKeyspace(path, { checkpointer: start.start });
    for (let b = 0; b < 20; b++) batch(ks, b, 5);
    assert.ok(walSize(path) < START_BYTES);
    ks.close();
    assert.equal(start.calls, 0);
    const memory = counting();
    const mem = new SqliteKeyspace(':memory:', { checkpointer: memory.start });
    for (let b = 0; b < 50; b++) batch(mem, b, 200);
    mem.close();
    assert.equal(memory.calls, 0);
  }),
);

test(
  'a checkpointer that cannot start, or whose worker fails, leaves the file as without one',
  withDir((dir) => {
    const cases: [string, StartCheckpointer][] = [
      ['no thread', () => undefined],
      ['a worker that cannot load SQLite', (file) => WalCheckpointer.start(file, { module: join(dir, 'missing.js'), nativeBinding: undefined })],
    ];
    for (const [name, failing] of cases) {
      const path = join(dir, `${name}.db`);
      const start = counting(failing);
      const ks = new SqliteKeyspace(path, { checkpointer: start.start });
      longRun(ks);
      batch(ks, 1_000_000, 10);
      assert.equal(start.calls, 1, `${name}: tried once`);
      assert.equal(ks.get('/registry/t/0/0')?.value, value(0), name);
      ks.close();
      assert.equal(existsSync(`${path}-wal`), false, `${name}: WAL removed at close`);
      assert.equal(inspect(path).integrity, 'ok', name);
    }
  }),
);

test(
  'defragment stops the worker first; VACUUM and its checkpoint run as before',
  withDir((dir) => {
    const path = join(dir, 'c.db');
    const ks = new SqliteKeyspace(path);
    longRun(ks);
    assert.equal(ks.checkpointing, true);
    for (let b = 0; b < 10; b++) ks.transaction(() => ks.delete(`/registry/t/${b}/0`));
    ks.defragment();
    assert.equal(ks.checkpointing, false);
    assert.equal(walSize(path), 0, 'TRUNCATE checkpoint emptied the WAL');
    batch(ks, 2_000_000, 10);
    assert.equal(ks.checkpointing, false, 'not started again');
    ks.close();
    assert.equal(existsSync(`${path}-wal`), false);
    assert.equal(inspect(path).integrity, 'ok');
  }),
);
