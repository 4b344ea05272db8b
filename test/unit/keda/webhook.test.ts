import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const SO = findByKind('keda.sh/v1alpha1', 'ScaledObject')!;

function refusal(spec: Record<string, unknown> | undefined, name = 'web'): StatusError {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const obj: KubeObject = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name }, ...(spec ? { spec } : {}) };
  try {
    c.api.create(SO, 'default', obj);
  } catch (e) {
    assert.ok(e instanceof StatusError, String(e));
    return e;
  }
  assert.fail('created');
}

const cpu = [{ type: 'cpu', metricType: 'Utilization', metadata: { value: '50' } }];

test("the CRD schema: required fields, minItems, and the min/max x-kubernetes-validations rule", () => {
  const cases: [Record<string, unknown> | undefined, string[]][] = [
    [undefined, ['spec: Required value']],
    [{ triggers: cpu }, ['spec.scaleTargetRef: Required value']],
    [{ scaleTargetRef: {}, triggers: [] }, ['spec.scaleTargetRef.name: Required value', 'spec.triggers: Invalid value: 0: spec.triggers in body should have at least 1 items']],
    [{ scaleTargetRef: { name: 'web' }, triggers: [{}] }, ['spec.triggers[0].metadata: Required value', 'spec.triggers[0].type: Required value']],
    [{ scaleTargetRef: { name: 'web' }, triggers: cpu, minReplicaCount: 5, maxReplicaCount: 2 }, ['spec: Invalid value: "object": minReplicaCount must be less than or equal to maxReplicaCount']],
    [{ scaleTargetRef: { name: 'web' }, triggers: cpu, minReplicaCount: 101 }, ['spec: Invalid value: "object": minReplicaCount must be less than or equal to maxReplicaCount']],
  ];
  for (const [spec, causes] of cases) {
    const e = refusal(spec);
    assert.equal(e.reason, 'Invalid', JSON.stringify(spec));
    assert.deepEqual(e.details?.causes?.map((c) => `${c.field}: ${c.message}`), causes, JSON.stringify(spec));
  }
});

test("KEDA's webhook (vscaledobject.kb.io): idle count, names, duplicate trigger names, as 403 Forbidden", () => {
  const cases: [Record<string, unknown>, string, string?][] = [
    [{ scaleTargetRef: { name: 'web' }, triggers: cpu, minReplicaCount: 2, idleReplicaCount: 2 }, 'IdleReplicaCount=2 must be less than MinReplicaCount=2'],
    [{ scaleTargetRef: { name: 'web' }, triggers: cpu, idleReplicaCount: 0 }, 'IdleReplicaCount=0 must be less than MinReplicaCount=0'],
    [
      { scaleTargetRef: { name: 'web' }, triggers: [{ ...cpu[0], name: 'a' }, { type: 'cpu', name: 'a', metricType: 'Utilization', metadata: { value: '1' } }] },
      'triggerName "a" is defined multiple times in the ScaledObject/ScaledJob, but it must be unique',
    ],
    [
      { scaleTargetRef: { name: 'web' }, triggers: cpu },
      `HPA name "keda-hpa-${'x'.repeat(60)}" derived from scaledobject is 69 characters long; must be no more than 63 characters; set spec.advanced.horizontalPodAutoscalerConfig.name to a shorter name or shorten the scaledobject name`,
      'x'.repeat(60),
    ],
  ];
  for (const [spec, why, name] of cases) {
    const e = refusal(spec, name);
    assert.deepEqual([e.reason, e.code, e.message], ['Forbidden', 403, `admission webhook "vscaledobject.kb.io" denied the request: ${why}`]);
  }
});
