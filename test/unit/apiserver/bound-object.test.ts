import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundObject } from '../../../src/apiserver/bound-object.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { frozen, shape } from './value-shape.js';

const KEY = '/registry/pods/default/p';
const PODS = findByKind('v1', 'Pod')!;

const containers = (o: KubeObject): unknown => (o['spec'] as { containers: unknown }).containers;

test('a bound pod is read back as its stored text parses, built from the stored pod without parsing it', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    for (const [name, status] of [
      ['p', undefined],
      ['q', { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: 'no' }] }],
      // a True condition without its time keeps none: the member is left out, as JSON leaves it
      ['r', { conditions: [{ type: 'Ready', status: 'False' }, { type: 'PodScheduled', status: 'True' }] }],
    ] as const) {
      c.api.create(PODS, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { a: 'b', '2': 'two' } }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] } });
      if (status) c.api.updateStatus(PODS, { ...c.api.get(PODS, 'default', name), status: structuredClone(status) });
      const before = c.api.get(PODS, 'default', name);
      c.api.bind(PODS, 'default', name, 'n1');
      const got = c.api.get(PODS, 'default', name);
      const stored = c.store.get(`/registry/pods/default/${name}`)!;
      const parsed = JSON.parse(stored.value) as KubeObject;
      parsed.metadata.resourceVersion = String(stored.modRevision);
      assert.deepEqual(got, parsed, name);
      assert.deepEqual(shape(got), shape(parsed), name);
      assert.ok(frozen(got), name);
      // the stored pod's nodes, not a parse of them
      assert.equal(containers(got), containers(before), name);
      assert.equal(got.metadata.labels, before.metadata.labels, name);
    }
    assert.equal(c.store.get(KEY) !== undefined, true);
  } finally {
    c.close();
  }
});

test('a copy that could read back otherwise than its text is not offered', () => {
  const pod = (status: unknown): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', resourceVersion: '3' }, status } as KubeObject);
  for (const [what, status] of [
    ['-0', { n: -0 }],
    ['NaN', { n: [NaN] }],
    ['undefined in an array', { l: [undefined] }],
    ['a Date', { at: new Date(0) }],
    ['toJSON', { x: { toJSON: () => 1 } }],
    ['a function', { f: () => 1 }],
  ] as const) {
    assert.equal(boundObject(pod(status)), undefined, what);
  }
  const withProto = pod({});
  Object.defineProperty(withProto['status'], '__proto__', { value: 1, enumerable: true });
  assert.equal(boundObject(withProto), undefined, '__proto__');
  // resourceVersion last, undefined members left out, as decoding the text gives
  const ok = boundObject({ apiVersion: 'v1', kind: 'Pod', metadata: { resourceVersion: '3', name: 'p' }, status: { a: undefined, b: 1 } } as KubeObject);
  assert.deepEqual(shape(ok), ['$:apiVersion,kind,metadata,status', '$.metadata:name,resourceVersion', '$.status:b']);
});
