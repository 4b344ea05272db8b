/**
 * Decoding objects into their kinds' Go types (src/apiserver/decode). The encoding/json
 * messages were checked against kubectl 1.33's own typed decoding (`kubectl set image --local
 * -f FILE`), which decodes exactly as kube-apiserver does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject, JsonValue } from '../../../src/common/json.js';
import { DOCUMENT_ORDER, jsonDecodeError } from '../../../src/apiserver/decode/json-decode.js';
import { goTypeOf } from '../../../src/apiserver/decode/index.js';
import { convertFromUnstructured } from '../../../src/apiserver/decode/unstructured-convert.js';
import { goSprintV } from '../../../src/apiserver/decode/go-print.js';
import { base64Error } from '../../../src/apiserver/decode/go-base64.js';
import { timeParseError } from '../../../src/apiserver/decode/go-time.js';
import { metadataOnlyObject } from '../../../src/apiserver/decode/meta-types.js';

function must<T>(v: T | undefined): T {
  assert.ok(v);
  return v;
}

const deploy = (spec: JsonObject, meta: JsonObject = { name: 'd' }): JsonObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, spec });
const container = (c: JsonObject): JsonObject => deploy({ template: { spec: { containers: [{ name: 'c', image: 'nginx', ...c }] } } });
const core = (kind: string, fields: JsonObject): JsonObject => ({ apiVersion: 'v1', kind, metadata: { name: 'x' }, ...fields });

const M = 'json: cannot unmarshal';
const CASES: [string, JsonObject, string | undefined][] = [
  ['replicas "four"', deploy({ replicas: 'four' }), `${M} string into Go struct field DeploymentSpec.spec.replicas of type int32`],
  ['replicas "3"', deploy({ replicas: '3' }), `${M} string into Go struct field DeploymentSpec.spec.replicas of type int32`],
  ['replicas 1.5', deploy({ replicas: 1.5 }), `${M} number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32`],
  ['replicas 3000000000', deploy({ replicas: 3000000000 }), `${M} number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32`],
  ['replicas -2147483648 fits', deploy({ replicas: -2147483648 }), undefined],
  ['replicas 2147483648', deploy({ replicas: 2147483648 }), `${M} number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32`],
  ['replicas null is nothing', deploy({ replicas: null }), undefined],
  ['spec a number', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: 5 }, `${M} number into Go struct field Deployment.spec of type v1.DeploymentSpec`],
  ['labels a list', deploy({}, { name: 'd', labels: ['a', 'b'] }), `${M} array into Go struct field ObjectMeta.metadata.labels of type map[string]string`],
  ['labels {a: 5}', deploy({}, { name: 'd', labels: { a: 5 } }), `${M} number into Go struct field ObjectMeta.metadata.labels of type string`],
  ['name true', deploy({}, { name: true }), `${M} bool into Go struct field ObjectMeta.metadata.name of type string`],
  ['generation 1.5', deploy({}, { name: 'd', generation: 1.5 }), `${M} number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64`],
  ['uid a number', deploy({}, { name: 'd', uid: 5 }), `${M} number into Go struct field ObjectMeta.metadata.uid of type types.UID`],
  ['ownerReferences name', deploy({}, { name: 'd', ownerReferences: [{ name: 5 }] }), `${M} number into Go struct field OwnerReference.metadata.ownerReferences.name of type string`],
  ['creationTimestamp a number', deploy({}, { name: 'd', creationTimestamp: 5 }), `${M} number into Go struct field ObjectMeta.metadata.creationTimestamp of type string`],
  ['creationTimestamp "bad"', deploy({}, { name: 'd', creationTimestamp: 'bad' }), 'parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006"'],
  ['containers a map', deploy({ template: { spec: { containers: { name: 'c' } } } }), `${M} object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container`],
  ['image 123', container({ image: 123 }), `${M} number into Go struct field Container.spec.template.spec.containers.image of type string`],
  ['containerPort "80"', container({ ports: [{ containerPort: '80' }] }), `${M} string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32`],
  ['imagePullPolicy 1', container({ imagePullPolicy: 1 }), `${M} number into Go struct field Container.spec.template.spec.containers.imagePullPolicy of type v1.PullPolicy`],
  ['limits cpu "abc"', container({ resources: { limits: { cpu: 'abc' } } }), "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
  ['limits cpu 1 (a number is a quantity)', container({ resources: { limits: { cpu: 1 } } }), undefined],
  ['requests a list', container({ resources: { requests: [1] } }), `${M} array into Go struct field ResourceRequirements.spec.template.spec.containers.resources.requests of type v1.ResourceList`],
  ['httpGet port true', container({ livenessProbe: { httpGet: { port: true } } }), `${M} bool into Go struct field HTTPGetAction.spec.template.spec.containers.livenessProbe.httpGet.port of type int32`],
  ['exec a string', container({ livenessProbe: { exec: 'x' } }), `${M} string into Go struct field Probe.spec.template.spec.containers.livenessProbe.exec of type v1.ExecAction`],
  ['maxSurge 1.5', deploy({ strategy: { rollingUpdate: { maxSurge: 1.5 } } }), `${M} number 1.5 into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32`],
  ['maxSurge "25%"', deploy({ strategy: { rollingUpdate: { maxSurge: '25%' } } }), undefined],
  ['status.replicas "x"', { ...deploy({}), status: { replicas: 'x' } }, `${M} string into Go struct field DeploymentStatus.status.replicas of type int32`],
  ['ConfigMap data {k: 5}', core('ConfigMap', { data: { k: 5 } }), `${M} number into Go struct field ConfigMap.data of type string`],
  ['ConfigMap binaryData "abc"', core('ConfigMap', { binaryData: { k: 'abc' } }), 'illegal base64 data at input byte 0'],
  ['ConfigMap binaryData 5', core('ConfigMap', { binaryData: { k: 5 } }), `${M} number into Go struct field ConfigMap.binaryData of type []uint8`],
  ['Secret stringData {k: 1}', core('Secret', { stringData: { k: 1 } }), `${M} number into Go struct field Secret.stringData of type string`],
  ['Service port "80"', core('Service', { spec: { ports: [{ port: '80' }] } }), `${M} string into Go struct field ServicePort.spec.ports.port of type int32`],
  ['Service targetPort true', core('Service', { spec: { ports: [{ port: 80, targetPort: true }] } }), `${M} bool into Go struct field ServicePort.spec.ports.targetPort of type int32`],
  ['Service externalTrafficPolicy 1', core('Service', { spec: { externalTrafficPolicy: 1 } }), `${M} number into Go struct field ServiceSpec.spec.externalTrafficPolicy of type v1.ServiceExternalTrafficPolicy`],
  ['Endpoints port "1"', core('Endpoints', { subsets: [{ ports: [{ port: '1' }] }] }), `${M} string into Go struct field EndpointPort.subsets.ports.port of type int32`],
  ['Namespace finalizers "x"', core('Namespace', { spec: { finalizers: 'x' } }), `${M} string into Go struct field NamespaceSpec.spec.finalizers of type []v1.FinalizerName`],
  ['Node taint effect 1', core('Node', { spec: { taints: [{ effect: 1 }] } }), `${M} number into Go struct field Taint.spec.taints.effect of type v1.TaintEffect`],
  ['Event count "1"', core('Event', { count: '1' }), `${M} string into Go struct field Event.count of type int32`],
  ['ServiceAccount imagePullSecrets "x"', core('ServiceAccount', { imagePullSecrets: 'x' }), `${M} string into Go struct field ServiceAccount.imagePullSecrets of type []v1.LocalObjectReference`],
  [
    'Lease leaseDurationSeconds "1"',
    { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l' }, spec: { leaseDurationSeconds: '1' } },
    `${M} string into Go struct field LeaseSpec.spec.leaseDurationSeconds of type int32`,
  ],
  ['the first error in sorted key order (paused before replicas)', deploy({ replicas: 'x', paused: 'y' }), `${M} string into Go struct field DeploymentSpec.spec.paused of type bool`],
  ['unknown fields are not decoding errors', deploy({ nonsense: 'x', Replicas: 'x' }), undefined],
];

for (const [name, obj, want] of CASES) {
  test(`decode: ${name}`, () => {
    assert.equal(jsonDecodeError(obj, must(goTypeOf(String(obj['apiVersion']), String(obj['kind'])))), want);
  });
}

test('decode: a type error found later does not hide an earlier one; UnmarshalJSON errors stop at once', () => {
  // Saved type errors: the first in byte order wins.
  const labels = deploy({}, { name: 'd', labels: { b: 5, a: [1] } });
  assert.equal(jsonDecodeError(labels, metadataOnlyObject, DOCUMENT_ORDER), `${M} number into Go struct field ObjectMeta.metadata.labels of type string`);
  assert.equal(jsonDecodeError(labels, metadataOnlyObject), `${M} array into Go struct field ObjectMeta.metadata.labels of type string`);
  // A Quantity error is returned at once, even after a saved type error.
  const both = deploy({ paused: 'x', template: { spec: { containers: [{ resources: { limits: { cpu: 'abc' } } }] } } });
  assert.match(jsonDecodeError(both, must(goTypeOf('apps/v1', 'Deployment'))) ?? '', /^quantities must match/);
  // metadata that is not an object, read as kubectl's metadataOnlyObject
  assert.equal(jsonDecodeError({ metadata: [1] }, metadataOnlyObject), `${M} array into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta`);
});

test('unstructured converter (strategic merge patch results): its own wording and Go integer conversion', () => {
  const conv = (spec: JsonObject): [string | undefined, JsonValue] => {
    const o = deploy(spec);
    const err = convertFromUnstructured(o, must(goTypeOf('apps/v1', 'Deployment')));
    return [err, (o['spec'] as JsonObject)['replicas'] ?? null];
  };
  assert.deepEqual(conv({ replicas: 'four' }), ['unrecognized type: int32', 'four']);
  assert.deepEqual(conv({ replicas: 1.5 }), ['cannot convert float64 to int32', 1.5]);
  assert.deepEqual(conv({ replicas: 3000000000 }), [undefined, -1294967296]);
  assert.deepEqual(conv({ replicas: 4294967299 }), [undefined, 3]);
  assert.deepEqual(conv({ replicas: 2, paused: 'x' }), ['unrecognized type: bool', 2]);
  assert.equal(conv({ selector: [1] })[0], 'cannot restore struct from: slice');
  assert.equal(conv({ selector: { matchLabels: [1] } })[0], 'cannot restore map from slice');
  assert.equal(conv({ template: { spec: { containers: { a: 1 } } } })[0], 'cannot restore slice from map');
  assert.equal(conv({ template: { spec: { containers: [{ image: 5 }] } } })[0], 'cannot convert int64 to string');
  assert.equal(conv({ template: { spec: { containers: [{ imagePullPolicy: 5 }] } } })[0], 'cannot convert int64 to v1.PullPolicy');
  assert.equal(conv({ template: { spec: { containers: [{ image: true }] } } })[0], 'unrecognized type: string');
  assert.equal(conv({ strategy: { rollingUpdate: { maxSurge: true } } })[0], `${M} bool into Go value of type int32`);
  // Struct fields in declaration order: replicas (first field) before paused.
  assert.equal(conv({ paused: 'x', replicas: 'y' })[0], 'unrecognized type: int32');
});

test('%+v of a patch, base64 and time errors', () => {
  assert.equal(goSprintV({ spec: { replicas: 'four', b: [1, 'x', null, true], a: 1.5, c: 3e9, d: 1e21 } }), 'map[spec:map[a:1.5 b:[1 x <nil> true] c:3000000000 d:1e+21 replicas:four]]');
  assert.equal(goSprintV({ x: 1234567.5, y: 0.00001 }), 'map[x:1.2345675e+06 y:1e-05]');
  assert.equal(base64Error('YQ=='), undefined);
  assert.equal(base64Error('YWJj'), undefined);
  assert.equal(base64Error('abc'), 'illegal base64 data at input byte 0');
  assert.equal(base64Error('abcdef'), 'illegal base64 data at input byte 4');
  assert.equal(base64Error('a!bc'), 'illegal base64 data at input byte 1');
  assert.equal(base64Error('YQ='), 'illegal base64 data at input byte 3');
  assert.equal(base64Error('YQ==x'), 'illegal base64 data at input byte 4');
  assert.equal(base64Error('ab=c'), 'illegal base64 data at input byte 2');
  assert.equal(timeParseError('2026-10-26T19:00:00Z'), undefined);
  assert.equal(timeParseError('2026-10-26T19:00:00.5+02:00'), undefined);
  assert.equal(timeParseError('2026-01-01'), 'parsing time "2026-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"');
  assert.equal(timeParseError('2026-13-01T00:00:00Z'), 'parsing time "2026-13-01T00:00:00Z": month out of range');
  assert.equal(timeParseError('2026-01-01T00:00:00'), 'parsing time "2026-01-01T00:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"');
  assert.equal(timeParseError('2026-01-01T00:00:00Zx'), 'parsing time "2026-01-01T00:00:00Zx": extra text: "x"');
});
