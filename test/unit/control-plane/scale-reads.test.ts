import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { deployment } from '../cluster/fixtures.js';

const DEPLOY = findByKind('apps/v1', 'Deployment')!;
const POD = findByKind('v1', 'Pod')!;
const ENV = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };

/** Every prefix this cluster's keyspace read whole, and the keys of the values it read. */
function recordReads(c: Cluster): { prefixes: string[]; keys: Set<string> } {
  const seen = { prefixes: [] as string[], keys: new Set<string>() };
  const store = c.store;
  const scan = store.scan.bind(store);
  const listRevisions = store.listRevisions.bind(store);
  const list = store.list.bind(store);
  const listLabelled = store.listLabelled.bind(store);
  const listControlled = store.listControlled.bind(store);
  store.scan = (prefix, each) => {
    seen.prefixes.push(prefix);
    scan(prefix, (kv) => {
      seen.keys.add(kv.key);
      each(kv);
    });
  };
  store.listRevisions = (prefix) => {
    seen.prefixes.push(prefix);
    return listRevisions(prefix);
  };
  store.list = (prefix) => {
    seen.prefixes.push(prefix);
    const out = list(prefix);
    for (const kv of out) seen.keys.add(kv.key);
    return out;
  };
  store.listLabelled = (prefix, name, value) => {
    const out = listLabelled(prefix, name, value);
    for (const kv of out) seen.keys.add(kv.key);
    return out;
  };
  store.listControlled = (prefix, uid) => {
    const out = listControlled(prefix, uid);
    for (const kv of out ?? []) seen.keys.add(kv.key);
    return out;
  };
  return seen;
}

function podNames(c: Cluster): string[] {
  return c.api.list(POD, 'default').map((p) => `${p.metadata.name}:${p.metadata.deletionTimestamp ? 'T' : ''}`);
}

/**
 * A command in a new process that scales one Deployment of many: the deployment and ReplicaSet
 * controllers find that Deployment's ReplicaSets and pods through the store's indexes, so the
 * pods of the other Deployments are never read (the cost is the changed Deployment's, not the
 * namespace's), and the outcome is what one long process gives.
 */
test('a new process reacting to one scale reads the pods of that Deployment only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-scale-reads-'));
  const file = join(dir, 'c.db');
  const reference = join(dir, 'ref.db');
  try {
    for (const path of [file, reference]) {
      const c = openCluster(path, { env: ENV });
      c.api.create(DEPLOY, 'default', deployment('web', 3));
      c.api.create(DEPLOY, 'default', deployment('other', 12));
      settle(c);
      advanceBy(c, 60_000);
      c.close();
    }
    const expected: string[][] = [];
    const ref = openCluster(reference, { env: ENV });
    for (const replicas of [5, 2]) {
      ref.api.updateScale(DEPLOY, 'default', 'web', { replicas });
      settle(ref);
      expected.push(podNames(ref));
    }
    ref.close();

    const got: string[][] = [];
    for (const replicas of [5, 2]) {
      const c = openCluster(file, { env: ENV });
      const reads = recordReads(c);
      c.api.updateScale(DEPLOY, 'default', 'web', { replicas });
      settle(c);
      const pods = reads.prefixes.filter((p) => p.startsWith('/registry/pods/'));
      assert.deepEqual(pods, [], `scale to ${replicas}: no list of pods`);
      const others = [...reads.keys].filter((k) => k.startsWith('/registry/pods/default/other-'));
      assert.deepEqual(others, [], `scale to ${replicas}: the other Deployment's pods stay unread`);
      got.push(podNames(c));
      c.close();
    }
    assert.deepEqual(got, expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
