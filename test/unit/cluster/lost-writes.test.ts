import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { deployment } from './fixtures.js';

const DEPLOY = findByKind('apps/v1', 'Deployment')!;
const RS = findByKind('apps/v1', 'ReplicaSet')!;
const POD = findByKind('v1', 'Pod')!;

function pod(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'example/busy:1.0' }] } } as unknown as KubeObject;
}

function rsReplicas(c: Cluster, app: string): number[] {
  return c.api
    .list(RS, 'default')
    .filter((r) => (r.metadata.labels ?? {})['app'] === app)
    .map((r) => (r['spec'] as { replicas: number }).replicas);
}

/**
 * Two processes on one wall-clock file, one real clock (injected). Process B opened the file (and
 * caught up) a moment ago; meanwhile process A created a pod, whose kubelet has work due over the
 * next seconds. B's command then scales a quiet Deployment at real time: its catch-up afterwards
 * replays A's pod's instants, which lie before the scale write, and the controllers' writes there
 * land after it in the log. The deployment controller must still see the scale, and the
 * ReplicaSet controller the ReplicaSet's new size: none of it may be skipped.
 */
test('wall clock: a write made while past instants are still due reaches every controller', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-lost-'));
  const file = join(dir, 'c.db');
  let real = Date.UTC(2026, 0, 1);
  const realNow = (): number => real;
  const env = { KUBEMU_CLOCK: 'wall', KUBEMU_SPEED: '20', KUBEMU_SEED: '7' };
  const a = openCluster(file, { env, realNow });
  const b = openCluster(file, { env, realNow });
  try {
    settle(a);
    a.api.create(DEPLOY, 'default', deployment('quiet', 5));
    settle(a);
    for (let i = 0; i < 20; i++) {
      real += 1_000; // 20 s of cluster time
      settle(a);
    }
    assert.deepEqual(rsReplicas(a, 'quiet'), [5]);
    const readyBefore = a.api.list(POD, 'default').filter((p) => (p.metadata.labels ?? {})['app'] === 'quiet').length;
    assert.equal(readyBefore, 5);

    for (let n = 6; n <= 13; n++) {
      settle(b); // B opens the file: nothing due
      a.api.create(POD, 'default', pod(`busy-${n}`));
      settle(a); // A's pod: the kubelet has pulls, starts and probes due later
      real += 250; // 5 s of cluster time pass while B's command runs
      b.api.updateScale(DEPLOY, 'default', 'quiet', { replicas: n });
      settle(b);
      assert.deepEqual(rsReplicas(b, 'quiet'), [n], `the ReplicaSet follows scale --replicas=${n}`);
    }
    real += 5_000;
    settle(a);
    const pods = a.api.list(POD, 'default').filter((p) => (p.metadata.labels ?? {})['app'] === 'quiet' && !p.metadata.deletionTimestamp);
    assert.equal(pods.length, 13, 'the ReplicaSet controller created a pod for every scale');
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('wall clock set back: a write logged later than the clock waits for it, without a lock or a lost event', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-lost-'));
  const file = join(dir, 'c.db');
  let real = Date.UTC(2026, 0, 1);
  const env = { KUBEMU_CLOCK: 'wall', KUBEMU_SEED: '7', KUBEMU_LOCK_TIMEOUT_MS: '0' };
  const a = openCluster(file, { env, realNow: () => real });
  const b = openCluster(file, { env, realNow: () => real });
  try {
    settle(a);
    real += 60_000;
    a.api.create(DEPLOY, 'default', deployment('later', 2));
    real -= 30_000; // the machine's clock is set back before the command reacts
    const holder = (b.store as unknown as { db: import('better-sqlite3').Database }).db;
    holder.exec('BEGIN IMMEDIATE');
    try {
      settle(a); // nothing it could deliver: it must not even try to take the write lock
    } finally {
      holder.exec('ROLLBACK');
    }
    assert.deepEqual(rsReplicas(a, 'later'), []);
    real += 30_000;
    settle(a);
    assert.deepEqual(rsReplicas(a, 'later'), [2], 'once the clock is back where the write was, it is delivered');
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
