import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { VIRTUAL_EPOCH_MS } from '../../../src/sim/clock.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/**
 * Two `cluster advance 30s` at once: B's whole advance runs while A's is about to take the write
 * lock (A has already opened the file and read the clock, as the command does). The clock must
 * end 60 s later, not 30 s.
 */
test('concurrent cluster advance calls add up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-advance-'));
  const file = join(dir, 'c.db');
  const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
  const a = openCluster(file, { env });
  const b = openCluster(file, { env });
  try {
    settle(a);
    settle(b);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS);
    const transaction = a.store.transaction.bind(a.store);
    let interleaved = false;
    a.store.transaction = <T>(fn: () => T): T => {
      if (!interleaved) {
        interleaved = true;
        advanceBy(b, 30_000);
      }
      return transaction(fn);
    };
    advanceBy(a, 30_000);
    assert.ok(interleaved);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS + 60_000);
    assert.equal(b.clock.now(), VIRTUAL_EPOCH_MS + 60_000);
    for (let i = 0; i < 4; i++) advanceBy(i % 2 ? a : b, 30_000);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS + 180_000);
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A long advance (a pod's pull, start and probes fall due along the way) runs step by step, each
 * step its own transaction: another process's advance gets the write lock between two of them
 * (with no wait at all: its lock timeout is 0) and the two still add up.
 */
test('a long cluster advance does not hold the write lock between its steps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-advance-'));
  const file = join(dir, 'c.db');
  const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', KUBEMU_LOCK_TIMEOUT_MS: '0' };
  const a = openCluster(file, { env });
  const b = openCluster(file, { env });
  try {
    settle(a);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
    a.api.create(findByKind('v1', 'Pod')!, 'default', pod as unknown as KubeObject);
    settle(a);
    const transaction = a.store.transaction.bind(a.store);
    let outer = 0;
    let depth = 0;
    let interleaved = false;
    a.store.transaction = <T>(fn: () => T): T => {
      // B advances while A is between two of its own transactions (the claim, then its steps;
      // the API server's writes inside a step join the step's transaction)
      if (depth === 0 && ++outer === 2) {
        advanceBy(b, 30_000);
        interleaved = true;
      }
      depth++;
      try {
        return transaction(fn);
      } finally {
        depth--;
      }
    };
    advanceBy(a, 60_000);
    assert.ok(interleaved, `A's advance ran in ${outer} transaction(s): B found no moment between two of them`);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS + 90_000);
    const p = a.api.get(findByKind('v1', 'Pod')!, 'default', 'p');
    assert.equal((p.status as { phase?: string } | undefined)?.phase, 'Running');
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
