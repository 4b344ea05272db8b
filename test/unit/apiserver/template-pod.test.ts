import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { findByKind, storageKey } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { freezeTree } from '../../../src/apiserver/stored-encoding.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod') ?? assert.fail('no Pod resource');

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
}

/** A pod as the ReplicaSet controller makes it, its spec `spec` (podFromTemplate). */
function templatePod(spec: Record<string, unknown>, metadata: KubeObject['metadata'] = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { generateName: 'web-', namespace: 'default', labels: { app: 'web' }, ...metadata },
    spec,
  };
}

/** A stored template's spec: deep-frozen, as the API server's decoded objects are. */
function frozen<T extends object>(v: T): T {
  const copy = structuredClone(v);
  freezeTree(copy);
  return copy;
}

const SPEC = {
  containers: [{ name: 'app', image: 'ghcr.io/example/app:1.0', resources: { limits: { cpu: '100m', memory: '64Mi' } }, ports: [{ containerPort: 80 }] }],
  tolerations: [{ key: 'x', operator: 'Exists', effect: 'NoSchedule' }],
};

function outcome(c: Cluster, input: KubeObject): unknown {
  try {
    const pod = c.api.create(POD, 'default', input);
    const key = storageKey(POD, 'default', pod.metadata.name ?? '');
    return { stored: c.api.store.get(key)?.value, read: c.api.get(POD, 'default', pod.metadata.name ?? '') };
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return { error: e.message, reason: e.reason, code: e.code, details: e.details };
  }
}

test('pods made from a stored template spec are stored and read exactly as pods of a plain spec, and share one spec', () => {
  const a = cluster();
  const b = cluster();
  const spec = frozen(SPEC);
  const fromTemplate = [outcome(a, templatePod(spec)), outcome(a, templatePod(spec, { annotations: { x: 'y' } }))];
  const plain = [outcome(b, templatePod(structuredClone(SPEC))), outcome(b, templatePod(structuredClone(SPEC), { annotations: { x: 'y' } }))];
  assert.deepEqual(fromTemplate, plain);
  // The defaulted spec is kept once: both stored pods read back with the same (frozen) spec object.
  const [p1, p2] = fromTemplate as { read: KubeObject }[];
  assert.ok(p1 && p2);
  assert.equal(p1.read['spec'], p2.read['spec']);
  assert.ok(Object.isFrozen(p1.read['spec']));
  // The template's own spec is left as it was.
  assert.deepEqual(spec, SPEC);
  a.close();
  b.close();
});

test('a pod of a stored template spec is refused exactly as one of a plain spec: metadata, spec and decode errors', () => {
  const cases: [Record<string, unknown>, KubeObject['metadata']][] = [
    [SPEC, { generateName: 'Bad_Name-' }],
    [SPEC, { labels: { 'bad key!': 'v' }, annotations: { 'controller.kubernetes.io/pod-deletion-cost': 'x' } }],
    [{ containers: [{ name: 'app' }] }, { generateName: 'Bad_Name-' }],
    [{ containers: [{ name: 'app', image: 'i' }], terminationGracePeriodSeconds: 'soon' }, {}],
    [{ containers: [{ name: 'app', image: 'i', resources: { limits: { cpu: 'lots' } } }] }, {}],
    [SPEC, { labels: ['not', 'a', 'map'] as unknown as Record<string, string> }],
  ];
  for (const [spec, metadata] of cases) {
    const a = cluster();
    const b = cluster();
    const got = outcome(a, templatePod(frozen(spec), metadata));
    assert.ok((got as { error?: string }).error, JSON.stringify(got));
    assert.deepEqual(got, outcome(b, templatePod(structuredClone(spec), metadata)));
    a.close();
    b.close();
  }
});
