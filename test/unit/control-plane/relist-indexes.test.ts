import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const RS = findByKind('apps/v1', 'ReplicaSet')!;
const POD = findByKind('v1', 'Pod')!;
const ENV = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };

function replicaSet(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'example/app:1.0' }] } },
    },
  } as unknown as KubeObject;
}

/**
 * The GC keeps its owner index in the file, following its informer. When the history the informer
 * pointed into is compacted away, it relists and never sees the deletions in between: an index
 * kept across that would still name a deleted pod among the ReplicaSet's dependents, and orphaning
 * the ReplicaSet would then fail on it for good (the finalizer never removed). The index starts over.
 */
test('after a relist the owner index forgets the dependents deleted in the compacted history', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-relist-'));
  try {
    const file = join(dir, 'c.db');
    const c = openCluster(file, { env: ENV });
    const rs = c.api.create(RS, 'default', replicaSet('web', 2));
    settle(c);
    advanceBy(c, 10_000);
    const pods = c.api.list(POD, 'default');
    assert.equal(pods.length, 2);
    // The pods are released (the ReplicaSet no longer selects them) and one is deleted: none of
    // it reaches the controllers before the compaction.
    c.store.transaction(() => {
      c.api.modify(RS, 'default', 'web', (o) => {
        (o['spec'] as { replicas: number }).replicas = 0;
        return o;
      });
      c.api.delete(POD, 'default', pods[0]!.metadata.name ?? '', { gracePeriodSeconds: 0 });
      c.store.compact(c.store.revision());
    });
    c.api.delete(RS, 'default', 'web', { propagationPolicy: 'Orphan' });
    settle(c);
    advanceBy(c, 10_000);
    assert.equal(c.api.tryGet(RS, 'default', 'web'), undefined, 'the orphaning finished and the ReplicaSet is gone');
    const left = c.api.list(POD, 'default');
    assert.ok(left.every((p) => !(p.metadata.ownerReferences ?? []).some((r) => r.uid === rs.metadata.uid)));
    c.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
