import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { asPod } from '../../../src/api/core/v1/pod.js';
import { deployment } from '../cluster/fixtures.js';

const DEPLOY = findByKind('apps/v1', 'Deployment')!;
const POD = findByKind('v1', 'Pod')!;
const ENV = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };

/** The prefixes this cluster's keyspace read whole (a list of a resource or a namespace). */
function recordLists(c: Cluster): string[] {
  const prefixes: string[] = [];
  const store = c.store;
  const scan = store.scan.bind(store);
  const listRevisions = store.listRevisions.bind(store);
  const list = store.list.bind(store);
  store.scan = (prefix, each) => {
    prefixes.push(prefix);
    scan(prefix, each);
  };
  store.listRevisions = (prefix) => {
    prefixes.push(prefix);
    return listRevisions(prefix);
  };
  store.list = (prefix) => {
    prefixes.push(prefix);
    return list(prefix);
  };
  return prefixes;
}

function placements(c: Cluster, ns: string): Record<string, string | undefined> {
  return Object.fromEntries(c.api.list(POD, ns).map((p) => [p.metadata.name ?? '', asPod(p).spec?.nodeName]));
}

/**
 * A command in a new process (a new handle on the file) that scales one Deployment: the garbage
 * collector and the scheduler learn ownership and placements from what they kept in the file,
 * not from a list of every object (which made such a command cost with the cluster's size). The
 * other namespace's pods are never read whole; the new pods land where one long process puts them.
 */
test('a new process reacting to one scale lists no resource of the whole cluster', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-start-'));
  const file = join(dir, 'c.db');
  const reference = join(dir, 'ref.db');
  try {
    for (const path of [file, reference]) {
      const c = openCluster(path, { env: ENV });
      c.api.create(DEPLOY, 'default', deployment('web', 3));
      c.api.create(DEPLOY, 'default', deployment('other', 4));
      settle(c);
      advanceBy(c, 60_000);
      c.close();
    }

    // One long process: the reference placements.
    const ref = openCluster(reference, { env: ENV });
    ref.api.updateScale(DEPLOY, 'default', 'web', { replicas: 6 });
    settle(ref);
    advanceBy(ref, 30_000);
    const expected = placements(ref, 'default');
    ref.close();

    const c = openCluster(file, { env: ENV });
    const lists = recordLists(c);
    c.api.updateScale(DEPLOY, 'default', 'web', { replicas: 6 });
    settle(c);
    c.close();
    const whole = lists.filter((p) => /^\/registry\/(kubemu\.io\/)?[a-z]+(\/specs|\/endpoints)?\/$/.test(p));
    // Nodes (to filter and score) and image repositories (the kubelet) are read whole: small, and
    // not what this is about.
    assert.deepEqual(
      [...new Set(whole)].filter((p) => p !== '/registry/minions/' && p !== '/registry/kubemu.io/imagerepositories/'),
      [],
    );

    const again = openCluster(file, { env: ENV });
    advanceBy(again, 30_000);
    assert.deepEqual(placements(again, 'default'), expected);
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
