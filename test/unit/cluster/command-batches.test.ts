import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { settle } from '../../../src/cluster/time.js';
import { runBatched, type Atomic, type ItemOutput } from '../../../src/cluster/command-batches.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { KeyspaceLocked } from '../../../src/storage/keyspace.js';
import { deployment } from './fixtures.js';

const DEPLOY = findByKind('apps/v1', 'Deployment')!;
const CONFIGMAP = findByKind('v1', 'ConfigMap')!;

function withDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-batches-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function dbOf(c: Cluster): Database.Database {
  return (c.store as unknown as { db: Database.Database }).db;
}

/** Everything the file holds, in order. */
function dump(c: Cluster): string {
  const db = dbOf(c);
  return JSON.stringify({
    kv: db.prepare('SELECT * FROM kv ORDER BY key').all(),
    log: db.prepare('SELECT * FROM log ORDER BY revision').all(),
    meta: db.prepare('SELECT * FROM meta ORDER BY name').all(),
    timers: db.prepare('SELECT * FROM timers ORDER BY due_ms, queue, key').all(),
  });
}

/** Counts the write transactions begun at the top level (the commits). */
function countCommits(c: Cluster): () => number {
  let commits = 0;
  const transaction = c.store.transaction.bind(c.store);
  c.store.transaction = <T>(fn: () => T): T => {
    if (!dbOf(c).inTransaction) commits++;
    return transaction(fn);
  };
  return () => commits;
}

function recorder(): ItemOutput & { said: string[] } {
  const said: string[] = [];
  return { said, out: (t) => void said.push(`out:${t}`), err: (t) => void said.push(`err:${t}`) };
}

const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' };
const names = Array.from({ length: 8 }, (_, i) => `app-${i}`);

/** What apply does per object: the write, what it says, then the cluster's reaction. */
function createAndSettle(c: Cluster) {
  return (name: string, out: ItemOutput, atomic: Atomic): string => {
    atomic(() => c.api.create(DEPLOY, 'default', deployment(name, 2)));
    out.out(`deployment.apps/${name} created\n`);
    atomic(() => settle(c));
    return name;
  };
}

test('virtual clock: the items share one transaction and leave the file exactly as one transaction each', () => {
  withDir((dir) => {
    const batched = openCluster(join(dir, 'a.db'), { env, realNow: () => 0 });
    const plain = openCluster(join(dir, 'b.db'), { env, realNow: () => 0 });
    try {
      settle(batched);
      settle(plain);
      const commits = countCommits(batched);
      const said = recorder();
      const results = runBatched(batched, names, said, (name, out, atomic) => {
        const r = createAndSettle(batched)(name, out, atomic);
        // held until the batch commits
        assert.equal(said.said.length, 0);
        return r;
      });
      assert.deepEqual(results, names);
      assert.deepEqual(said.said, names.map((n) => `out:deployment.apps/${n} created\n`));
      assert.equal(commits(), 1, 'eight objects and their reactions, one commit');
      for (const name of names) {
        plain.store.transaction(() => plain.api.create(DEPLOY, 'default', deployment(name, 2)));
        settle(plain);
      }
      assert.equal(batched.api.list(findByKind('v1', 'Pod')!, 'default').length, 16);
      assert.equal(dump(batched), dump(plain));
    } finally {
      batched.close();
      plain.close();
    }
  });
});

test('an item that fails leaves nothing of its writes behind, and the next goes on in the same batch', () => {
  withDir((dir) => {
    const c = openCluster(join(dir, 'a.db'), { env, realNow: () => 0 });
    try {
      settle(c);
      const commits = countCommits(c);
      const results = runBatched(c, ['a', 'bad', 'b'], recorder(), (name, _out, atomic) => {
        try {
          atomic(() => {
            c.api.create(CONFIGMAP, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${name}` } });
            if (name === 'bad') throw new Error('refused after a write');
          });
          return 'ok';
        } catch (e) {
          return (e as Error).message;
        }
      });
      assert.deepEqual(results, ['ok', 'refused after a write', 'ok']);
      assert.equal(commits(), 1);
      assert.deepEqual(
        c.api.list(CONFIGMAP, 'default').map((o) => o.metadata.name).filter((n) => n?.startsWith('cm-')),
        ['cm-a', 'cm-b'],
      );
    } finally {
      c.close();
    }
  });
});

test('a batch that cannot take the write lock runs its items one by one, each meeting the failure as before', () => {
  withDir((dir) => {
    const file = join(dir, 'a.db');
    const c = openCluster(file, { env: { ...env, KUBEMU_LOCK_TIMEOUT_MS: '0' }, realNow: () => 0 });
    const holder = openCluster(file, { env, realNow: () => 0 });
    try {
      settle(c);
      dbOf(holder).exec('BEGIN IMMEDIATE');
      const results = runBatched(c, ['a', 'b'], recorder(), (name, _out, atomic) => {
        try {
          atomic(() => c.api.create(CONFIGMAP, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }));
          return 'ok';
        } catch (e) {
          return e instanceof KeyspaceLocked ? 'locked' : String(e);
        }
      });
      assert.deepEqual(results, ['locked', 'locked']);
    } finally {
      dbOf(holder).exec('ROLLBACK');
      holder.close();
      c.close();
    }
  });
});
