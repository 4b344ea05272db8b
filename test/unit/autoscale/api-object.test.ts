import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unverifiedKubeObject, type KubeObject } from '../../../src/api/meta/v1.js';
import { hpaV1ToV2, hpaV2ToV1 } from '../../../src/api/autoscaling/v1/conversion.js';
import { formatHpaMetrics } from '../../../src/api/autoscaling/v2/metrics-text.js';
import type { MetricSpec, MetricStatus } from '../../../src/api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { defaultHorizontalPodAutoscaler } from '../../../src/apiserver/defaults/horizontal-pod-autoscaler.js';
import { validateCreate } from '../../../src/apiserver/validation/index.js';
import { describeHorizontalPodAutoscalerText } from '../../../src/kubectl/describe/horizontal-pod-autoscaler.js';

const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (n: number): MetricSpec => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: n } } });
const external: MetricSpec = { type: 'External', external: { metric: { name: 'queue_lag' }, target: { type: 'AverageValue', averageValue: '30' } } };

function hpa(spec: object, status?: object): KubeObject {
  return unverifiedKubeObject({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' }, spec, ...(status ? { status } : {}) } as never);
}

test('TARGETS: utilization, unknown, average values, and the "+ N more" tail', () => {
  const status: MetricStatus[] = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 45, averageValue: '45m' } } }];
  assert.equal(formatHpaMetrics([cpu(75)], status), 'cpu: 45%/75%');
  assert.equal(formatHpaMetrics([cpu(75)], []), 'cpu: <unknown>/75%');
  assert.equal(formatHpaMetrics([external], []), '<unknown>/30 (avg)');
  assert.equal(formatHpaMetrics([cpu(75), external, cpu(50)], status), 'cpu: 45%/75%, <unknown>/30 (avg) + 1 more...');
  assert.equal(formatHpaMetrics([], []), '<none>');
});

test('v2 → v1 keeps the CPU target in the spec and the rest in annotations; v1 → v2 gets it all back', () => {
  const v2 = hpa({ scaleTargetRef: ref, minReplicas: 3, maxReplicas: 32, metrics: [external, cpu(75)] }, { desiredReplicas: 3, currentReplicas: 3, currentMetrics: null });
  const v1 = hpaV2ToV1(v2) as KubeObject & { spec: Record<string, unknown> };
  assert.equal(v1.apiVersion, 'autoscaling/v1');
  assert.equal(v1.spec['targetCPUUtilizationPercentage'], 75);
  assert.equal(
    v1.metadata.annotations?.['autoscaling.alpha.kubernetes.io/metrics'],
    '[{"type":"External","external":{"metricName":"queue_lag","targetAverageValue":"30"}}]',
  );
  const back = hpaV1ToV2(v1) as KubeObject & { spec: Record<string, unknown> };
  assert.deepEqual(back.spec['metrics'], [external, cpu(75)]);
  assert.equal(back.metadata.annotations, undefined);
});

test('a v1 object without a CPU target converts to the implicit 80 %', () => {
  const v1 = unverifiedKubeObject({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: ref, maxReplicas: 4 } });
  assert.deepEqual((hpaV1ToV2(v1) as KubeObject & { spec: Record<string, unknown> }).spec['metrics'], [cpu(80)]);
});

test('defaults: minReplicas 1, the CPU 80 % metric, a set behavior completed both ways', () => {
  const o = hpa({ scaleTargetRef: ref, maxReplicas: 4, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } });
  defaultHorizontalPodAutoscaler(o as never);
  const spec = (o as unknown as { spec: Record<string, unknown> }).spec;
  assert.equal(spec['minReplicas'], 1);
  assert.deepEqual(spec['metrics'], [cpu(80)]);
  assert.deepEqual(spec['behavior'], {
    scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
  });
});

test('validation messages as upstream', () => {
  const o = hpa({
    scaleTargetRef: { kind: 'Deployment', name: '' },
    minReplicas: 0,
    maxReplicas: 0,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 0 } } }, { type: 'Bogus' }],
    behavior: { scaleUp: { selectPolicy: 'Most', policies: [{ type: 'Pods', value: 0, periodSeconds: 1801 }] } },
  });
  assert.deepEqual(
    validateCreate(o).map((c) => `${c.field}: ${c.message}`),
    [
      'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
      'spec.maxReplicas: Invalid value: 0: must be greater than 0',
      'spec.scaleTargetRef.name: Required value',
      'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
      'spec.metrics[1].type: Unsupported value: "Bogus": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
      'spec.metrics[1].type: Unsupported value: "Bogus": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
      'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
      'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Most": supported values: "Disabled", "Max", "Min"',
      'spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero',
      'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
    ],
  );
});

test('describe: metrics against their status, conditions', () => {
  const o = hpa(
    { scaleTargetRef: ref, minReplicas: 3, maxReplicas: 32, metrics: [external, cpu(75)] },
    {
      currentReplicas: 3,
      desiredReplicas: 32,
      currentMetrics: [
        { type: 'External', external: { metric: { name: 'queue_lag' }, current: { averageValue: '1200' } } },
        { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 12, averageValue: '12m' } } },
      ],
      conditions: [{ type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: 'the HPA controller was able to update the target scale to 32' }],
    },
  );
  const text = describeHorizontalPodAutoscalerText(o, undefined, 0);
  assert.match(text, /"queue_lag" \(target average value\): +1200 \/ 30\n/);
  assert.match(text, /resource cpu on pods  \(as a percentage of request\): +12% \(12m\) \/ 75%\n/);
  assert.match(text, /Deployment pods: +3 current \/ 32 desired\n/);
  assert.match(text, /AbleToScale +True +SucceededRescale +the HPA controller was able to update the target scale to 32\n/);
});
