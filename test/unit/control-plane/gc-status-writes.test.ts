import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cluster, openCluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { findByKind, storageKey } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ControllerContext } from '../../../src/controllers/framework/controller.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { garbageCollectorController } from '../../../src/controllers/garbagecollector/controller.js';
import { undecodable } from './undecodable-event.js';

const RS = findByKind('apps/v1', 'ReplicaSet')!;
const POD = findByKind('v1', 'Pod')!;
const ENV = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };

function pod(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app: name } },
    spec: { containers: [{ name: 'c', image: 'example/app:1.0' }] },
  } as unknown as KubeObject;
}

/** A ReplicaSet that selects nothing it could adopt: it only owns what is given to it. */
function owner(name: string): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: {
      replicas: 0,
      selector: { matchLabels: { owner: name } },
      template: { metadata: { labels: { owner: name } }, spec: { containers: [{ name: 'c', image: 'example/app:1.0' }] } },
    },
  } as unknown as KubeObject;
}

function withCluster(fn: (c: Cluster, file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-gc-status-'));
  try {
    fn(openCluster(join(dir, 'c.db'), { env: ENV }), join(dir, 'c.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function statusWrite(c: Cluster, name: string, message: string): KubeObject {
  const p = c.api.get(POD, 'default', name);
  return c.api.updateStatus(POD, { ...p, status: { ...(p['status'] as object), message } } as KubeObject);
}

function adopt(c: Cluster, name: string, rs: KubeObject): void {
  c.api.modify(POD, 'default', name, (o) => {
    o.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs.metadata.name ?? '', uid: rs.metadata.uid ?? '' }];
    return o;
  });
}

/** Deletes the ReplicaSet rs (background) and lets the GC run: its dependent pod web must be on its way out. */
function assertCollectedWithOwner(c: Cluster): void {
  c.api.delete(RS, 'default', 'rs', { propagationPolicy: 'Background' });
  settle(c);
  advanceBy(c, 60_000);
  const left = c.api.tryGet(POD, 'default', 'web');
  assert.ok(!left || left.metadata.deletionTimestamp, 'the dependent of the deleted owner is being deleted');
}

test('a status write says which revision it kept the metadata of; an update that may change metadata does not', () => {
  withCluster((c) => {
    const created = c.api.create(POD, 'default', pod('web'));
    const from = c.api.revision();
    const status = statusWrite(c, 'web', 'one');
    adopt(c, 'web', c.api.create(RS, 'default', owner('rs')));
    const events = c.api.changesSince(from, POD, 'default');
    assert.deepEqual(
      events.map((e) => [e.type, e.revision, e.sameMetadataAs]),
      [
        ['MODIFIED', Number(status.metadata.resourceVersion), Number(created.metadata.resourceVersion)],
        ['MODIFIED', Number(status.metadata.resourceVersion) + 2, undefined],
      ],
    );
    c.close();
  });
});

test('the GC does not decode a status write of an object whose previous version it saw (fails before: it decoded every pod change)', () => {
  withCluster((c) => {
    c.api.create(POD, 'default', pod('web'));
    const gc = garbageCollectorController();
    const ctx = { api: c.api, state: new ComponentState(c.store, 'gc-test') } as unknown as ControllerContext;
    c.store.transaction(() => {
      for (const ev of c.api.changesSince(0, POD, 'default')) assert.deepEqual(gc.keysFor(ev, ctx), []);
      const from = c.api.revision();
      statusWrite(c, 'web', 'one');
      statusWrite(c, 'web', 'two');
      const events = c.api.changesSince(from, POD, 'default');
      assert.equal(events.length, 2);
      for (const ev of events) assert.deepEqual(gc.keysFor(undecodable(ev), ctx), []);
      // A change that may move its owners is decoded, as is a status write after it.
      const before = c.api.revision();
      adopt(c, 'web', c.api.create(RS, 'default', owner('rs')));
      statusWrite(c, 'web', 'three');
      const [adopted, third] = c.api.changesSince(before, POD, 'default');
      assert.throws(() => gc.keysFor(undecodable(adopted!), ctx), /was decoded/);
      assert.deepEqual(gc.keysFor(adopted!, ctx), []);
      assert.deepEqual(gc.keysFor(undecodable(third!), ctx), []);
    });
    c.close();
  });
});

test('a pod whose status was written, then given an owner, is collected with that owner', () => {
  withCluster((c) => {
    c.api.create(POD, 'default', pod('web'));
    settle(c);
    // the kubelet's status writes (the pod is scheduled, runs)
    advanceBy(c, 10_000);
    statusWrite(c, 'web', 'seen');
    settle(c);
    const rs = c.api.create(RS, 'default', owner('rs'));
    adopt(c, 'web', rs);
    settle(c);
    advanceBy(c, 1_000);
    statusWrite(c, 'web', 'again');
    settle(c);
    assertCollectedWithOwner(c);
    c.close();
  });
});

test('an owner given by another process after this one wrote the status is seen (its write comes from the log)', () => {
  withCluster((c, file) => {
    c.api.create(POD, 'default', pod('web'));
    const rs = c.api.create(RS, 'default', owner('rs'));
    settle(c);
    advanceBy(c, 10_000);
    statusWrite(c, 'web', 'seen');
    settle(c);
    // etcdctl put of the pod with an ownerReference: not through this API server
    const other = openCluster(file, { env: ENV });
    const key = storageKey(POD, 'default', 'web');
    const stored = JSON.parse(other.store.get(key)!.value) as KubeObject;
    stored.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: rs.metadata.uid ?? '' }];
    other.store.transaction(() => other.store.put(key, JSON.stringify(stored)));
    other.close();
    settle(c);
    advanceBy(c, 1_000);
    assertCollectedWithOwner(c);
    c.close();
  });
});

test("a new process's GC takes the first status write of a pod it knows the owners of without reading them from the file (fails before: one read per pod)", () => {
  withCluster((c) => {
    const rs = c.api.create(RS, 'default', owner('rs'));
    c.api.create(POD, 'default', pod('web'));
    adopt(c, 'web', rs);
    const first = garbageCollectorController();
    const ctx = { api: c.api, state: new ComponentState(c.store, 'gc-test') } as unknown as ControllerContext;
    const from = c.store.transaction(() => {
      for (const ev of c.api.changesSince(0)) first.keysFor(ev, ctx);
      first.endStep?.(ctx);
      return c.api.revision();
    });
    // another process's GC: nothing in memory, the index in the file
    const next = garbageCollectorController();
    const read: string[] = [];
    const getMetaEntry = c.store.getMetaEntry.bind(c.store);
    c.store.getMetaEntry = (name) => (read.push(name), getMetaEntry(name));
    c.store.transaction(() => {
      statusWrite(c, 'web', 'one');
      const [ev] = c.api.changesSince(from, POD, 'default');
      assert.ok(ev?.sameMetadataAs !== undefined);
      assert.deepEqual(next.keysFor(ev, ctx), []);
      assert.deepEqual(read.filter((n) => n.includes(':owned:')), []);
      // what it holds of the pod is still what the file says: the owner's deletion finds it
      const web = c.api.get(POD, 'default', 'web');
      const from2 = c.api.revision();
      c.api.delete(RS, 'default', 'rs', { propagationPolicy: 'Background' });
      const [deleted] = c.api.changesSince(from2, RS, 'default');
      assert.deepEqual(next.keysFor(deleted!, ctx), [`dangling:${web.metadata.uid}`]);
    });
    c.close();
  });
});
