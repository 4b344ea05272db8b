import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { createErrors, pod, workload } from './helpers.js';

const ZONE = 'topology.kubernetes.io/zone';
const POD = findByKind('v1', 'Pod')!;

const withConstraints = (constraints: unknown[]) => pod((o) => {
  o.metadata.labels = { app: 'web', 'pod-template-hash': '5d8f7' };
  o.spec.topologySpreadConstraints = constraints;
});

test('topologySpreadConstraints: a valid pair of constraints passes', () => {
  assert.deepEqual(
    createErrors(
      withConstraints([
        { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', minDomains: 2, labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] },
        { maxSkew: 3, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', nodeAffinityPolicy: 'Ignore', nodeTaintsPolicy: 'Honor' },
      ]),
    ),
    [],
  );
});

test('topologySpreadConstraints: kube-apiserver wording for each field, in its order', () => {
  assert.deepEqual(
    createErrors(
      withConstraints([
        { maxSkew: 0, topologyKey: '', whenUnsatisfiable: 'Sometimes', minDomains: 0, nodeAffinityPolicy: 'Always', nodeTaintsPolicy: 'Never' },
        { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', minDomains: 2, labelSelector: { matchExpressions: [{ key: 'app', operator: 'In' }] } },
        { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway' },
      ]),
    ),
    [
      'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
      'spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty',
      'spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"',
      'spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: must be greater than zero',
      'spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not Sometimes',
      'spec.topologySpreadConstraints[0].nodeAffinityPolicy: Unsupported value: "Always": supported values: "Honor", "Ignore"',
      'spec.topologySpreadConstraints[0].nodeTaintsPolicy: Unsupported value: "Never": supported values: "Honor", "Ignore"',
      'spec.topologySpreadConstraints[1].{topologyKey, whenUnsatisfiable}: Duplicate value: "{topology.kubernetes.io/zone, ScheduleAnyway}"',
      'spec.topologySpreadConstraints[1].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway',
      "spec.topologySpreadConstraints[1].labelSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ],
  );
});

test('topologySpreadConstraints in a Deployment template: the same checks at spec.template.spec', () => {
  const d = workload('Deployment', (o) => {
    o.spec.template.spec.topologySpreadConstraints = [{ maxSkew: -1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule' }];
  });
  assert.deepEqual(createErrors(d), ['spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: -1: must be greater than zero']);
});

test('matchLabelKeys: needs a labelSelector, valid label names, and no key the selector already has', () => {
  const base = { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule' };
  assert.deepEqual(createErrors(withConstraints([{ ...base, matchLabelKeys: ['app'] }])), [
    'spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
  ]);
  assert.deepEqual(createErrors(withConstraints([{ ...base, labelSelector: {}, matchLabelKeys: ['Bad Key'] }])), [
    "spec.topologySpreadConstraints[0].matchLabelKeys[0]: Invalid value: \"Bad Key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ]);
});

test('a pod created with matchLabelKeys gets `key In (value)` merged into its selector; a key also in matchLabels is refused', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const created = c.api.create(
    POD,
    'default',
    withConstraints([{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash', 'absent'] }]),
  );
  const tsc = (created['spec'] as { topologySpreadConstraints: unknown[] }).topologySpreadConstraints;
  assert.deepEqual(tsc, [
    {
      maxSkew: 1,
      topologyKey: ZONE,
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'pod-template-hash', operator: 'In', values: ['5d8f7'] }] },
      matchLabelKeys: ['pod-template-hash', 'absent'],
    },
  ]);
  const clash = withConstraints([{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] }]);
  clash.metadata.name = 'clash';
  assert.throws(
    () => c.api.create(POD, 'default', clash),
    (e: Error) => e.message.includes('spec.topologySpreadConstraints[0].matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector'),
  );
  c.close();
});
