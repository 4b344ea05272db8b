import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DecodedObjects } from '../../../src/apiserver/decoded-objects.js';
import { encodeStored } from '../../../src/apiserver/stored-encoding.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/** The old encoding: JSON.stringify of the object without metadata.resourceVersion. */
function reference(o: KubeObject): string {
  const { resourceVersion: _rv, ...meta } = o.metadata;
  return JSON.stringify({ ...o, metadata: meta });
}

const KEY = '/registry/pods/default/p';

function storedPod(rev = 5): { decoded: DecodedObjects; old: KubeObject } {
  const decoded = new DecodedObjects(() => 0);
  const value = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels: { app: 'web', '2': 'two', '10': 'ten' }, ownerReferences: [{ uid: 'u', controller: true }] },
    // a pod's size: what the encoder shares (worthSharing) is worth sharing
    spec: {
      containers: [{ name: 'c', image: 'a:1', ports: [{ containerPort: 80 }], env: Array.from({ length: 20 }, (_, i) => ({ name: `VARIABLE_${i}`, value: `value of variable ${i}` })) }],
      nodeName: 'n1',
      tolerations: Array.from({ length: 4 }, (_, i) => ({ key: `node.kubernetes.io/taint-${i}`, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 })),
    },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  return { decoded, old: decoded.decode(KEY, rev, () => value) };
}

/** Every key list of every object under v, with its path: what tells two values apart by key order. */
function shape(v: unknown, path = '$', out: string[] = []): string[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(`${path}:${Array.isArray(v) ? `[${v.length}]` : Object.keys(v).join(',')}`);
  for (const [k, x] of Object.entries(v)) shape(x, `${path}.${k}`, out);
  return out;
}

/** Updates of the stored pod as the API server's write paths build them: shared frozen nodes, changes at every depth. */
function variants(old: KubeObject): [string, KubeObject][] {
  const o = old as KubeObject & { spec: Record<string, unknown>; status: Record<string, unknown> };
  const containers = o.spec['containers'] as Record<string, unknown>[];
  const meta = () => ({ ...old.metadata });
  return [
    ['a status write (spec shared)', { ...o, metadata: meta(), status: { phase: 'Failed', conditions: [] } }],
    ['the same nodes again (texts kept)', { ...o, metadata: meta(), status: { phase: 'Failed', conditions: [] } }],
    ['a change deep in a copied spec (containers[0].image)', { ...o, metadata: meta(), spec: { ...o.spec, containers: [{ ...containers[0], image: 'a:2' }] } }],
    ['a change deeper still (ports[0])', { ...o, metadata: meta(), spec: { ...o.spec, containers: [{ ...containers[0], ports: [{ containerPort: 81 }] }] } }],
    ['a key added to a copied spec, order kept', { ...o, metadata: meta(), spec: { priority: 0, ...o.spec, schedulerName: 'x' } }],
    ['undefined values at each depth', { ...o, extra: undefined, metadata: { ...meta(), generateName: undefined, extra: { gone: undefined, kept: 1 } }, spec: { ...o.spec, nodeName: undefined, deep: { a: undefined, b: [undefined, () => 1] } } }],
    ['functions, symbols and undefined in arrays and objects', { ...o, metadata: meta(), spec: { ...o.spec, list: [undefined, () => 1, Symbol('s'), 1], f: () => 1, s: Symbol('t') } }],
    ['an array one level down with holes, undefined and functions', { ...o, metadata: meta(), list: [undefined, () => 1, { a: undefined }, , 2], spec: o.spec }],
    ['numbers JSON.stringify rewrites', { ...o, metadata: meta(), spec: { ...o.spec, a: -0, b: NaN, c: Infinity, d: 1e21, e: 0.1 + 0.2, f: [-0, NaN] } }],
    ['a Date and a toJSON method below the top', { ...o, metadata: meta(), spec: { ...o.spec, when: new Date(0), custom: { toJSON: () => 'x' } } }],
    ['a toJSON method one level down', { ...o, metadata: meta(), status: { toJSON: (k: string) => `key ${k}` } }],
    ['a __proto__ key', { ...o, metadata: meta(), spec: JSON.parse('{"__proto__":{"a":1},"b":2}') as Record<string, unknown> }],
    ['integer-like keys', { ...o, metadata: { ...meta(), labels: { z: '1', '3': 'x', '1': 'y' } }, spec: { ...o.spec, '7': 7, a: 1, '0': 0 } }],
    ['strings to escape', { ...o, metadata: meta(), status: { message: 'quote " backslash \\ newline \n lone \ud800 emoji 😀', 'ke"y': '\u0000' } }],
    ['metadata shared whole but resourceVersion dropped', { ...o, status: { phase: 'Unknown' } } as KubeObject],
    ['a shared node moved to another place', { ...o, metadata: meta(), status: o.spec, spec: o.status }],
  ];
}

test('encodeStored gives JSON.stringify of the object without resourceVersion, whatever is shared or changed, and texts never go stale', () => {
  const { old } = storedPod();
  for (const [what, obj] of variants(old)) {
    const enc = encodeStored(obj, old);
    assert.equal(enc.text, reference(obj), what);
    // key by key (a plan), unless the object is one to encode whole or shares nothing
    assert.equal(enc.plan === undefined, /toJSON|__proto__|moved/.test(what), `planned: ${what}`);
  }
  // the same again: every kept text is still right
  for (const [what, obj] of variants(old)) assert.equal(encodeStored(obj, old).text, reference(obj), `again: ${what}`);
});

test('a frozen node that is not the stored object\'s (frozen only on top) is read again at each encoding', () => {
  const { old } = storedPod();
  const inner = { n: 1 };
  const shallow = Object.freeze({ inner });
  const obj: KubeObject = { ...old, metadata: { ...old.metadata }, status: shallow, spec: { ...(old['spec'] as object), shallow } };
  assert.equal(encodeStored(obj, old).text, reference(obj));
  inner.n = 2;
  assert.equal(encodeStored(obj, old).text, reference(obj));
  assert.match(encodeStored(obj, old).text, /"n":2/);
});

test('a new object (no resourceVersion) is encoded as JSON.stringify encodes it, a class instance or a toJSON method as it always was', () => {
  class Meta {
    [key: string]: unknown;
    name = 'm';
    resourceVersion: string | undefined = undefined;
    toJSON(): string {
      return 'meta';
    }
  }
  const cases: KubeObject[] = [
    { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default', labels: { a: 'b' } }, count: 1, eventTime: null, gone: undefined },
    { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', resourceVersion: undefined }, n: NaN },
    { apiVersion: 'v1', kind: 'Event', metadata: new Meta() },
    { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, toJSON: (k: string) => `top ${k}` },
  ];
  for (const o of cases) assert.equal(encodeStored(o).text, reference(o), JSON.stringify(o));
});

test('without a frozen stored object to share with, the object is encoded whole, and a changed unfrozen node is read again', () => {
  const { old } = storedPod();
  const unfrozen = structuredClone(old) as KubeObject & { spec: { nodeName: string } };
  const obj = { ...unfrozen, metadata: { ...unfrozen.metadata } };
  assert.equal(encodeStored(obj, unfrozen).text, reference(obj));
  unfrozen.spec.nodeName = 'n2';
  assert.equal(encodeStored(obj, unfrozen).text, reference(obj));
  assert.match(encodeStored(obj, unfrozen).text, /"nodeName":"n2"/);
  assert.equal(encodeStored(obj).text, reference(obj));
});

test('the object decoded from an own write is what JSON.parse of its text gives, frozen, sharing the unchanged nodes', () => {
  for (const [what, obj] of variants(storedPod().old)) {
    const { decoded, old } = storedPod();
    // the variant again, over this stored object (its shared nodes are this one's)
    const mine = variants(old).find(([w]) => w === what)![1];
    const enc = encodeStored(mine, old);
    assert.equal(enc.text, reference(obj), what);
    decoded.wrote(KEY, 9, enc.plan);
    const back = decoded.decode(KEY, 9, () => enc.text);
    const parsed = JSON.parse(enc.text) as KubeObject;
    parsed.metadata.resourceVersion = '9';
    assert.deepEqual(back, parsed, what);
    assert.deepEqual(shape(back), shape(parsed), `key order: ${what}`);
    const frozen = (v: unknown): boolean => typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(frozen));
    assert.ok(frozen(back), `frozen: ${what}`);
    // and encoding the built object again (its nodes now shared, their texts kept) gives its text
    const again = { ...back, metadata: { ...back.metadata } };
    assert.equal(encodeStored(again, back).text, enc.text, `re-encoded: ${what}`);
  }
  const { decoded, old } = storedPod();
  const status = { ...old, metadata: { ...old.metadata }, status: { phase: 'Failed' } };
  const enc = encodeStored(status, old);
  decoded.wrote(KEY, 9, enc.plan);
  const back = decoded.decode(KEY, 9, () => 'not read: built from the plan');
  assert.equal(back['spec'], old['spec']);
  assert.notEqual(back.metadata, old.metadata);
});

test('a plan is used only for its revision, and not after a rollback', () => {
  let epoch = 0;
  const decoded = new DecodedObjects(() => epoch);
  const old = decoded.decode(KEY, 5, () => JSON.stringify({ metadata: { name: 'p' }, spec: { a: { b: 1 } } }));
  const enc = encodeStored({ ...old, metadata: { ...old.metadata }, status: { x: 1 } }, old);
  decoded.wrote(KEY, 9, enc.plan);
  assert.deepEqual(decoded.decode(KEY, 8, () => '{"metadata":{"name":"other"}}').metadata.name, 'other');
  decoded.wrote(KEY, 9, enc.plan);
  epoch = 1;
  assert.deepEqual(decoded.decode(KEY, 9, () => '{"metadata":{"name":"after rollback"}}').metadata.name, 'after rollback');
});
