import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { admit } from '../../../src/apiserver/admission.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { validateCreate, validateUpdate } from '../../../src/apiserver/validation/index.js';
import { defaultObject } from '../../../src/apiserver/defaults/index.js';

const EVENT = findByKind('v1', 'Event')!;

function event(metadata: KubeObject['metadata'], extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Event', metadata, reason: 'Started', message: 'Started container app', ...extra };
}

/** The causes of the whole chain (defaulting, then validation), as admission ran it before any shortcut. */
function fullCauses(o: KubeObject): string[] {
  const copy = structuredClone(o);
  defaultObject(copy);
  return validateCreate(copy).map((c) => `${c.field}: ${c.message}`);
}

function admitted(o: KubeObject): { causes: string[]; object: KubeObject } {
  const copy = structuredClone(o);
  try {
    admit(copy, undefined, EVENT);
    return { causes: [], object: copy };
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    return { causes: (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`), object: copy };
  }
}

test("an Event's admission answers as defaulting and validation do, the recorder's bare Events and a user's alike", () => {
  const uid = { uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z' };
  const cases: KubeObject[] = [
    event({ name: 'web-0.18e2297928d97463', namespace: 'default', ...uid }),
    event({ name: 'Web-0.18e2297928d97463', namespace: 'default', ...uid }),
    event({ name: `${'a'.repeat(250)}.18e2297928d97463`, namespace: 'default', ...uid }),
    event({ name: 'web-0.1', namespace: 'Bad_NS', ...uid }),
    event({ name: 'web-0.1', namespace: 'default', labels: { 'bad key!': 'x' }, ...uid }),
    event({ name: 'web-0.1', namespace: 'default', finalizers: ['orphan', 'foregroundDeletion'], ...uid }),
    event({ name: 'web-0.1', namespace: 'default', generation: -1, ...uid }),
    event({ name: '', namespace: 'default', ...uid }),
    event({ name: 'web-0.1', namespace: 'default', ...uid }, { spec: { template: { spec: { containers: [{ name: 'a', image: 'b' }] } } } }),
  ];
  for (const o of cases) {
    const full = fullCauses(o);
    const got = admitted(o);
    assert.deepEqual(got.causes, full, JSON.stringify(o.metadata));
    if (!full.length) {
      const defaulted = structuredClone(o);
      defaultObject(defaulted);
      assert.deepEqual(got.object, defaulted, 'admitted as the defaulting leaves it');
    }
  }
  // the shortcut's own case is valid and the rejected ones are rejected
  assert.deepEqual(admitted(cases[0]!).causes, []);
  assert.ok(admitted(cases[4]!).causes.length > 0);
});

/** The causes of the whole update chain (defaulting, then validation), as admission ran it before any shortcut. */
function fullUpdateCauses(o: KubeObject, old: KubeObject): string[] {
  const copy = structuredClone(o);
  defaultObject(copy);
  return validateUpdate(copy, old).map((c) => `${c.field}: ${c.message}`);
}

function updated(o: KubeObject, old: KubeObject): string[] {
  try {
    admit(structuredClone(o), old, EVENT);
    return [];
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
  }
}

test("an Event update's admission answers as defaulting and validation do, the recorder's patches and others alike", () => {
  const meta = { name: 'web-0.18e2297928d97463', namespace: 'default', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z', resourceVersion: '7' };
  const stored = event(meta, { count: 1 });
  // what the recorder's patch sends: the stored Event with a new count, lastTimestamp and message
  const patch = (m: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    event({ ...meta, ...m } as KubeObject['metadata'], { count: 2, lastTimestamp: '2026-01-01T00:01:00Z', ...extra });
  const cases: [KubeObject, KubeObject][] = [
    [patch({}), stored],
    [patch({ uid: 'other' }), stored],
    [patch({ creationTimestamp: '2027-01-01T00:00:00Z' }), stored],
    [patch({ namespace: 'elsewhere' }), stored],
    [patch({ name: 'other' }), stored],
    [patch({ labels: { 'bad key!': 'x' } }), stored],
    [patch({ annotations: { 'bad key!': 'x' } }), stored],
    [patch({ generation: 1 }), event({ ...meta, generation: 2 })],
    [patch({}), event({ ...meta, deletionTimestamp: '' })],
    [patch({}), event({ ...meta, deletionGracePeriodSeconds: 0 })],
    [patch({ finalizers: ['x'] }), event({ ...meta, deletionTimestamp: '2026-01-01T00:00:00Z' })],
    [patch({}, { spec: { template: { spec: { containers: [{ name: 'a', image: 'b' }] } } } }), stored],
  ];
  for (const [o, old] of cases) assert.deepEqual(updated(o, old), fullUpdateCauses(o, old), JSON.stringify([o.metadata, old.metadata]));
  // the shortcut's own case is valid and the changed immutable fields are refused
  assert.deepEqual(updated(...cases[0]!), []);
  assert.ok(updated(...cases[1]!).length > 0);
  assert.ok(updated(...cases[8]!).length > 0);
});
