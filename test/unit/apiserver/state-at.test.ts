import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

function must<T>(v: T | undefined): T {
  assert.ok(v);
  return v;
}

const cm = must(findByKind('v1', 'ConfigMap'));
const data = (o: KubeObject | undefined) => (o as { data?: Record<string, string> } | undefined)?.data;
const configMap = (name: string, v: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { v } });

/** Four ConfigMaps at revision R, then after R: one updated twice, one deleted, one created, one untouched. */
function scene() {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' } });
  c.api.create(cm, 'default', configMap('same', 'a'));
  c.api.create(cm, 'default', configMap('updated', 'a'));
  c.api.create(cm, 'default', configMap('deleted', 'a'));
  const atUpdated = c.api.get(cm, 'default', 'updated').metadata.resourceVersion;
  const atDeleted = c.api.get(cm, 'default', 'deleted').metadata.resourceVersion;
  const r = c.api.revision();
  c.api.modify(cm, 'default', 'updated', (o) => ({ ...o, data: { v: 'b' } }));
  c.api.modify(cm, 'default', 'updated', (o) => ({ ...o, data: { v: 'c' } }));
  c.api.delete(cm, 'default', 'deleted');
  c.api.create(cm, 'default', configMap('created', 'b'));
  return { c, r, atUpdated, atDeleted };
}

test('getAt: each key as it was at the revision, whatever happened to it after', () => {
  const { c, r, atUpdated, atDeleted } = scene();
  const cases: [name: string, want: string | undefined, rv: string | undefined][] = [
    ['same', 'a', c.api.get(cm, 'default', 'same').metadata.resourceVersion],
    ['updated', 'a', atUpdated],
    ['deleted', 'a', atDeleted],
    ['created', undefined, undefined],
    ['never', undefined, undefined],
  ];
  for (const [name, want, rv] of cases) {
    const o = c.api.getAt(cm, 'default', name, r);
    assert.equal(data(o)?.['v'], want, name);
    assert.equal(o?.metadata.resourceVersion, rv, name);
  }
  // At the head, the current objects.
  const head = c.api.revision();
  assert.equal(data(c.api.getAt(cm, 'default', 'updated', head))?.['v'], 'c');
  assert.equal(c.api.getAt(cm, 'default', 'deleted', head), undefined);
  assert.equal(data(c.api.getAt(cm, 'default', 'created', head))?.['v'], 'b');
  c.close();
});

test('listAt: the list as it was at the revision, in key order, with the predicate applied', () => {
  const { c, r } = scene();
  // (kube-root-ca.crt: the root CA publisher's, in every namespace, untouched here)
  const names = (os: KubeObject[]) => os.filter((o) => o.metadata.name !== 'kube-root-ca.crt').map((o) => `${o.metadata.name}=${data(o)?.['v']}`);
  assert.deepEqual(names(c.api.listAt(cm, 'default', r)), ['deleted=a', 'same=a', 'updated=a']);
  assert.deepEqual(names(c.api.listAt(cm, undefined, r)), ['deleted=a', 'same=a', 'updated=a']);
  assert.deepEqual(names(c.api.listAt(cm, 'default', c.api.revision())), ['created=b', 'same=a', 'updated=c']);
  assert.deepEqual(names(c.api.listAt(cm, 'default', r, (o) => o.metadata.name !== 'same')), ['deleted=a', 'updated=a']);
  assert.deepEqual(names(c.api.listAt(cm, 'other', r)), []);
  c.close();
});

test('getAt/listAt of a version served by conversion: converted as other reads', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' } });
  const v1 = must(findByKind('autoscaling/v1', 'HorizontalPodAutoscaler'));
  const hpa = (cpu: number) => ({
    apiVersion: 'autoscaling/v1',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'h' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: cpu },
  });
  c.api.create(v1, 'default', hpa(50));
  const r = c.api.revision();
  c.api.modify(v1, 'default', 'h', (o) => ({ ...o, spec: hpa(70).spec }));
  const at = c.api.getAt(v1, 'default', 'h', r);
  assert.equal(at?.apiVersion, 'autoscaling/v1');
  assert.equal((at?.['spec'] as { targetCPUUtilizationPercentage?: number }).targetCPUUtilizationPercentage, 50);
  const listed = c.api.listAt(v1, 'default', r);
  assert.equal((listed[0]?.['spec'] as { targetCPUUtilizationPercentage?: number }).targetCPUUtilizationPercentage, 50);
  c.close();
});

test('getAt/listAt from a compacted revision: 410 Expired, as a watch from there', () => {
  const { c, r } = scene();
  c.store.compact(c.api.revision());
  const expired = (fn: () => unknown) =>
    assert.throws(fn, (e: unknown) => e instanceof StatusError && e.reason === 'Expired' && e.code === 410);
  expired(() => c.api.getAt(cm, 'default', 'updated', r));
  expired(() => c.api.listAt(cm, 'default', r));
  c.close();
});

test('getAt of a key whose value at the revision a compaction dropped: Expired; a deleted one keeps its value', () => {
  const { c, r } = scene();
  c.store.compact(r);
  assert.throws(() => c.api.getAt(cm, 'default', 'updated', r), (e: unknown) => e instanceof StatusError && e.reason === 'Expired');
  assert.equal(data(c.api.getAt(cm, 'default', 'deleted', r))?.['v'], 'a');
  assert.equal(data(c.api.getAt(cm, 'default', 'same', r))?.['v'], 'a');
  assert.equal(c.api.getAt(cm, 'default', 'created', r), undefined);
  c.close();
});
