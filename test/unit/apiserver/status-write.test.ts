import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DecodedObjects } from '../../../src/apiserver/decoded-objects.js';
import { statusWrite } from '../../../src/apiserver/status-write.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { countReads } from './count-reads.js';
import { frozen, shape } from './value-shape.js';

const KEY = '/registry/pods/default/p';
const PODS = findByKind('v1', 'Pod')!;

function storedPod(): KubeObject {
  const value = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels: { app: 'web', '2': 'two', '10': 'ten' }, ownerReferences: [{ uid: 'u', controller: true }] },
    spec: { containers: [{ name: 'c', image: 'a:1', resources: { requests: { cpu: '1' } } }], nodeName: 'n1' },
    status: { phase: 'Pending', qosClass: 'Burstable' },
  });
  return new DecodedObjects(() => 0).decode(KEY, 5, () => value);
}

/** JSON.stringify of the object without metadata.resourceVersion: the stored text. */
function reference(o: KubeObject): string {
  const { resourceVersion: _rv, ...meta } = o.metadata;
  return JSON.stringify({ ...o, metadata: meta });
}

test('a status write is stored as JSON.stringify stores it and decoded as JSON.parse reads it back, the status kept only when that is itself', () => {
  const old = storedPod();
  const spec = old['spec'] as { containers: { resources: object }[] };
  const statuses: [string, Record<string, unknown>, boolean][] = [
    ['a kubelet status, sharing a spec node', { phase: 'Running', qosClass: 'Burstable', containerStatuses: [{ name: 'c', ready: true, restartCount: 0, resources: spec.containers[0]!.resources }], hostIPs: [{ ip: '10.0.0.1' }], '3': 'x' }, true],
    ['an undefined member', { phase: 'Running', message: undefined }, false],
    ['undefined in an array', { list: [1, undefined] }, false],
    ['numbers JSON rewrites', { a: -0 }, false],
    ['NaN', { a: [NaN] }, false],
    ['a Date', { at: new Date(0) }, false],
    ['a function', { f: () => 1 }, false],
    ['shared frozen conditions and addresses', { conditions: [Object.freeze({ lastProbeTime: null, status: 'True', type: 'Ready' }), { type: 'Initialized' }], hostIPs: Object.freeze([Object.freeze({ ip: '10.0.0.1' })]) }, true],
    ['a frozen node with an object under it', { x: Object.freeze({ a: { b: 1 } }), list: [Object.freeze({ a: [1] })] }, true],
    ['a frozen node with undefined in it', { list: [Object.freeze({ a: undefined, b: 'x' })] }, false],
    ['a Date in an array', { list: [new Date(0)] }, false],
    ['a function in an array', { list: [() => 1, Symbol('s')] }, false],
    ['strings to escape', { message: 'quote " backslash \\ newline \n lone \ud800 emoji 😀', 'ke"y': '\u0000' }, true],
  ];
  for (const [what, status, kept] of statuses) {
    const obj: KubeObject = { ...old, metadata: { ...old.metadata }, status };
    for (const metaText of [undefined, JSON.stringify({ ...old.metadata, resourceVersion: undefined })]) {
      const w = statusWrite(obj, old, metaText, true);
      assert.ok(w, what);
      assert.equal(w.text, reference(obj), what);
      const back = w.decoded('9');
      const parsed = JSON.parse(w.text) as KubeObject;
      parsed.metadata.resourceVersion = '9';
      assert.deepEqual(back, parsed, what);
      assert.deepEqual(shape(back), shape(parsed), `key order: ${what}`);
      assert.ok(frozen(back), `frozen: ${what}`);
      assert.equal(back['spec'], old['spec']);
      assert.equal(back['status'] === status, kept, `status kept: ${what}`);
      assert.equal(w.metaText, reference({ metadata: obj.metadata } as KubeObject).slice('{"metadata":'.length, -1));
    }
  }
  // not a write that kept all but status: for the generic encoding
  const changed: [string, KubeObject][] = [
    ['a label changed', { ...old, metadata: { ...old.metadata, labels: { app: 'x' } }, status: {} }],
    ['a spec copied', { ...old, metadata: { ...old.metadata }, spec: { ...(old['spec'] as object) }, status: {} }],
    ['no status', { ...old, metadata: { ...old.metadata }, status: undefined }],
  ];
  for (const [what, obj] of changed) assert.equal(statusWrite(obj, old, undefined, true), undefined, what);
});

test('a status write built for it is read back as stored, without asking the store, and watched as stored', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    c.api.create(PODS, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const before = c.api.revision();
    for (const phase of ['Running', 'Succeeded']) {
      const pod = c.api.get(PODS, 'default', 'p');
      const written = c.api.updateStatus(PODS, { ...pod, status: { ...(pod['status'] as object), phase, hostIPs: [{ ip: '1.2.3.4' }] } }, { builtForWrite: true });
      const reads = countReads(c.store);
      const got = c.api.get(PODS, 'default', 'p');
      assert.equal(reads(), 0);
      assert.equal(got.metadata.resourceVersion, written.metadata.resourceVersion);
      const stored = c.store.get(KEY)!;
      assert.equal(stored.value, reference(got));
      const parsed = JSON.parse(stored.value) as KubeObject;
      parsed.metadata.resourceVersion = String(stored.modRevision);
      assert.deepEqual(got, parsed);
      assert.deepEqual(shape(got), shape(parsed));
      assert.ok(frozen(got));
    }
    const events = c.api.changesSince(before, PODS);
    assert.deepEqual(events.map((e) => [e.type, (e.object['status'] as { phase: string }).phase, e.sameMetadataAs !== undefined]), [['MODIFIED', 'Running', true], ['MODIFIED', 'Succeeded', true]]);
    // the same status again is no write
    const pod = c.api.get(PODS, 'default', 'p');
    assert.equal(c.api.updateStatus(PODS, { ...pod, status: structuredClone(pod['status']) }, { builtForWrite: true }), pod);
  } finally {
    c.close();
  }
});

test('a first read of a key is one query (the value with its revision), a read of a key decoded before asks its revision first', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    c.api.create(PODS, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const created = c.api.get(PODS, 'default', 'p');
    // another writer's put: every cached read is dropped, the decoded object stays
    c.store.put('/registry/configmaps/default/other', '{"metadata":{"name":"other"}}', 0);
    let gets = 0;
    let revs = 0;
    const get = c.store.get.bind(c.store);
    const modRevision = c.store.modRevision.bind(c.store);
    c.store.get = (key) => (gets++, get(key));
    c.store.modRevision = (key) => (revs++, modRevision(key));
    assert.equal(c.api.get(PODS, 'default', 'p'), created);
    assert.deepEqual([gets, revs], [0, 1]);
    const cm = findByKind('v1', 'ConfigMap')!;
    assert.equal(c.api.get(cm, 'default', 'other').metadata.resourceVersion, String(c.store.revision()));
    assert.equal(c.api.tryGet(cm, 'default', 'missing'), undefined);
    assert.deepEqual([gets, revs], [2, 1]);
  } finally {
    c.close();
  }
});
