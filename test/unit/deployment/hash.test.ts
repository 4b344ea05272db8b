import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, computeHash, fnv32a, safeEncodeString } from '../../../src/controllers/deployment/hash.js';
import { equalIgnoreHash } from '../../../src/controllers/deployment/template-equal.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

test('FNV-1a 32-bit reference vectors', () => {
  assert.equal(fnv32a(enc('')), 0x811c9dc5);
  assert.equal(fnv32a(enc('a')), 0xe40c292c);
  assert.equal(fnv32a(enc('foobar')), 0xbf9cf968);
  // feeding in pieces equals feeding at once
  assert.equal(fnv32a(enc('bar'), fnv32a(enc('foo'))), 0xbf9cf968);
});

test('SafeEncodeString maps decimal digits to 456789bcdf', () => {
  assert.equal(safeEncodeString('1234567890'), '56789bcdf4');
});

const template = {
  metadata: { labels: { app: 'hello' } },
  spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }] },
};

test('the hash depends on the template content, not on key order', () => {
  const reordered = { spec: { containers: [{ image: 'ghcr.io/example/hello:1.0', name: 'hello' }] }, metadata: { labels: { app: 'hello' } } };
  assert.equal(canonicalJson(template), canonicalJson(reordered));
  assert.equal(computeHash(template), computeHash(reordered));
  const h = computeHash(template);
  assert.match(h, /^[456789bcdf]{1,10}$/);
  const changed = structuredClone(template);
  changed.spec.containers[0]!.image = 'ghcr.io/example/hello:1.1';
  assert.notEqual(computeHash(changed), h);
  // returning to the old template gives the old hash (the old ReplicaSet is found again)
  changed.spec.containers[0]!.image = 'ghcr.io/example/hello:1.0';
  assert.equal(computeHash(changed), h);
});

test('collisionCount changes the hash; 0 differs from none', () => {
  const none = computeHash(template);
  const zero = computeHash(template, 0);
  const one = computeHash(template, 1);
  assert.equal(new Set([none, zero, one]).size, 3);
  assert.equal(computeHash(template, 1), one);
});

test('EqualIgnoreHash ignores the pod-template-hash label and nil-vs-empty maps', () => {
  const withHash = structuredClone(template) as typeof template & { metadata: { labels: Record<string, string> } };
  withHash.metadata.labels['pod-template-hash'] = '8c9694f75';
  assert.ok(equalIgnoreHash(template, withHash));
  assert.ok(equalIgnoreHash({ metadata: { labels: {} }, spec: {} }, { spec: {} }));
  const other = structuredClone(template);
  other.spec.containers[0]!.image = 'x';
  assert.ok(!equalIgnoreHash(template, other));
  // the inputs are not modified
  assert.equal(withHash.metadata.labels['pod-template-hash'], '8c9694f75');
});

test('EqualIgnoreHash on frozen templates (as the API server hands them out) gives the same answers, again and again', () => {
  const deepFreeze = <T>(v: T): T => {
    if (v && typeof v === 'object') {
      Object.freeze(v);
      for (const x of Object.values(v)) deepFreeze(x);
    }
    return v;
  };
  const withHash = structuredClone(template) as typeof template & { metadata: { labels: Record<string, string> } };
  withHash.metadata.labels['pod-template-hash'] = '8c9694f75';
  const frozen = deepFreeze(structuredClone(withHash));
  const other = structuredClone(template);
  other.spec.containers[0]!.image = 'x';
  for (let i = 0; i < 2; i++) {
    assert.ok(equalIgnoreHash(frozen, template));
    assert.ok(equalIgnoreHash(template, frozen));
    assert.ok(!equalIgnoreHash(frozen, other));
    assert.ok(!equalIgnoreHash(deepFreeze(structuredClone(other)), frozen));
  }
  assert.equal(frozen.metadata.labels['pod-template-hash'], '8c9694f75');
});
