import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { openCluster } from '../../../src/cluster/cluster.js';
import { settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { deployment } from './fixtures.js';

test("the rounds of the control plane's reaction to a write share one transaction", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-react-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    settle(c);
    c.api.create(findByKind('apps/v1', 'Deployment')!, 'default', deployment('hello', 3));
    const db = (c.store as unknown as { db: Database.Database }).db;
    let commits = 0;
    const transaction = c.store.transaction.bind(c.store);
    c.store.transaction = <T>(fn: () => T): T => {
      if (!db.inTransaction) commits++;
      return transaction(fn);
    };
    const instants = c.controlPlane.work.instants;
    settle(c);
    // deployment → replica set → pods → scheduler → kubelet: several rounds, one commit
    assert.ok(c.controlPlane.work.instants - instants >= 3);
    assert.equal(commits, 1);
    assert.equal(c.api.list(findByKind('v1', 'Pod')!, 'default').length, 3);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
