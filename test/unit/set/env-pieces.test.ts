import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/common/json.js';
import { isEnvironmentArgument, parseEnv, readEnvLines, splitEnvironmentFromResources } from '../../../src/kubectl/cmd/set/env-args.js';
import { overwriteError, updateEnv } from '../../../src/kubectl/cmd/set/env-update.js';
import { envVarRefString, formatEnvList } from '../../../src/kubectl/cmd/set/env-list.js';
import { envFromObject, keyToEnvName } from '../../../src/kubectl/cmd/set/env-from.js';
import { selectString } from '../../../src/kubectl/cmd/set/container-select.js';
import { NoPodTemplateError, podSpecOf } from '../../../src/kubectl/cmd/set/pod-spec.js';
import { parseImageArgs } from '../../../src/kubectl/cmd/set/image-pairs.js';
import { setImages } from '../../../src/kubectl/cmd/set/set-image.js';
import { twoWayPatch } from '../../../src/kubectl/cmd/set/two-way-patch.js';

test('environment arguments and their split from resources', () => {
  assert.equal(isEnvironmentArgument('A=1'), true);
  assert.equal(isEnvironmentArgument('A='), true);
  assert.equal(isEnvironmentArgument('=1'), false);
  assert.deepEqual(splitEnvironmentFromResources(['deploy/a', 'rs/b', 'X=1', 'Y-']), { resources: ['deploy/a', 'rs/b'], envArgs: ['X=1', 'Y-'] });
  assert.equal(splitEnvironmentFromResources(['X=1', 'deploy/a']), undefined);
});

test('parseEnv: values after the first =, removals, stdin, and the errors', () => {
  const p = parseEnv(['A=b=c', 'E=', 'R-', '-'], () => 'S=1\n');
  assert.deepEqual(p, { env: [{ name: 'A', value: 'b=c' }, { name: 'E', value: '' }, { name: 'S', value: '1' }], remove: ['R'], usedStdin: true });
  assert.throws(() => parseEnv(['X'], () => ''), /unknown environment variable: X$/);
  assert.throws(() => parseEnv(['X=1', 'X-'], () => ''), /can not both modify and remove the same environment variable/);
  assert.throws(() => parseEnv(['1X=2'], () => ''), /"1X" is not a valid key name: a valid environment variable name/);
  assert.deepEqual(readEnvLines('# c\nA=1 # x\nno pair\nB=\n'), [{ name: 'A', value: '1 ' }, { name: 'B', value: '' }]);
});

test('updateEnv: replaced in place, removed, new ones appended in order, first of a repeated name wins', () => {
  const existing: JsonObject[] = [{ name: 'FOO', value: '1' }, { name: 'BAR', value: 'two' }, { name: 'REF', valueFrom: { fieldRef: { fieldPath: 'x' } } }];
  assert.deepEqual(updateEnv(existing, [{ name: 'NEW', value: 'n' }, { name: 'FOO', value: '10' }, { name: 'NEW', value: 'later' }], ['BAR']), [
    { name: 'FOO', value: '10' },
    { name: 'REF', valueFrom: { fieldRef: { fieldPath: 'x' } } },
    { name: 'NEW', value: 'n' },
  ]);
  // an empty value is omitted (omitempty), like kubectl's typed encoding
  assert.deepEqual(updateEnv([], [{ name: 'E', value: '' }], []), [{ name: 'E' }]);
  assert.deepEqual(updateEnv(existing, [], ['FOO', 'BAR', 'REF']), []);
});

test('--overwrite=false refuses a different value only', () => {
  const existing: JsonObject[] = [{ name: 'FOO', value: '1' }];
  assert.equal(overwriteError(existing, [{ name: 'FOO', value: '1' }, { name: 'X', value: '2' }]), undefined);
  assert.equal(overwriteError(existing, [{ name: 'FOO', value: '2' }]), "'FOO' already has a value (1), and --overwrite is false");
});

test('--list lines and valueFrom references', () => {
  assert.equal(
    formatEnvList('Deployment', 'web', 'app', [{ name: 'A', value: '1' }, { name: 'S', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }, { name: 'E' }]),
    '# Deployment web, container app\nA=1\n# S from secret s, key k\nE=\n',
  );
  assert.equal(envVarRefString({ resourceFieldRef: { containerName: 'c', resource: 'limits.cpu' } }), 'resource field c/limits.cpu');
  assert.equal(envVarRefString({ resourceFieldRef: { resource: 'limits.cpu' } }), 'resource field limits.cpu');
  assert.equal(envVarRefString({ fieldRef: { fieldPath: 'metadata.name' } }), 'field path metadata.name');
  assert.equal(envVarRefString({}), 'invalid valueFrom');
});

test('--from: one variable per key, names upper-cased with _ for other characters', () => {
  assert.equal(keyToEnvName('log-level.v2'), 'LOG_LEVEL_V2');
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { 'log-level': 'debug', mode: 'fast' } };
  const warnings: string[] = [];
  assert.deepEqual(envFromObject(cm, [], (t) => warnings.push(t)), [
    { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { key: 'log-level', name: 'settings' } } },
    { name: 'MODE', valueFrom: { configMapKeyRef: { key: 'mode', name: 'settings' } } },
  ]);
  assert.deepEqual(warnings, ['Warning: key log-level transferred to LOG_LEVEL\n', 'Warning: key mode transferred to MODE\n']);
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'eA==', b: 'eQ==' } };
  assert.deepEqual(envFromObject(secret, ['b']), [{ name: 'B', valueFrom: { secretKeyRef: { key: 'b', name: 's' } } }]);
  assert.throws(() => envFromObject({ kind: 'Pod' }, []), /unsupported resource specified in --from$/);
});

test('container selection with * wildcards (kubectl selectString, quirks included)', () => {
  assert.equal(selectString('app', '*'), true);
  assert.equal(selectString('app', 'app'), true);
  assert.equal(selectString('app2', 'app'), false);
  assert.equal(selectString('app-sidecar', 'app*'), true);
  assert.equal(selectString('app-sidecar', '*car'), true);
  assert.equal(selectString('app-sidecar', '*cat'), false);
  assert.equal(selectString('logger', 'app*'), false);
  assert.equal(selectString('a-b-z', 'a*z'), true);
  assert.equal(selectString('a-b-y', 'a*z'), false);
});

test('pod specs by kind, and the error for kinds without one', () => {
  const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [] } };
  assert.equal(podSpecOf(pod), pod['spec']);
  const cj: JsonObject = { apiVersion: 'batch/v1', kind: 'CronJob' };
  podSpecOf(cj)['x'] = 1;
  assert.deepEqual(cj, { apiVersion: 'batch/v1', kind: 'CronJob', spec: { jobTemplate: { spec: { template: { spec: { x: 1 } } } } } });
  assert.throws(() => podSpecOf({ apiVersion: 'v1', kind: 'ConfigMap' }), (e: unknown) => e instanceof NoPodTemplateError && e.message === 'the object is not a pod or does not have a pod template: *v1.ConfigMap');
  assert.throws(() => podSpecOf({ apiVersion: 'apps/v1', kind: 'ControllerRevision' }), /\*v1\.ControllerRevision$/);
});

test('image pairs and setImages', () => {
  assert.deepEqual(parseImageArgs(['deployment/a', 'rs', 'b', 'c=x:1', '*=y']), { resources: ['deployment/a', 'rs', 'b'], images: new Map([['c', 'x:1'], ['*', 'y']]) });
  assert.throws(() => parseImageArgs(['d/a', 'c=x', 'oops']), /all resources must be specified before image changes: oops$/);
  assert.throws(() => parseImageArgs(['d/a', 'c-']), /invalid image format: c-$/);
  const d: JsonObject = { apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { spec: { initContainers: [{ name: 'a', image: '1' }], containers: [{ name: 'a', image: '1' }, { name: 'b', image: '1' }] } } } };
  assert.deepEqual(setImages(d, new Map([['a', '2'], ['z', '3']])), ['error: unable to find container named "z"']);
  assert.deepEqual(d['spec'], { template: { spec: { initContainers: [{ name: 'a', image: '2' }], containers: [{ name: 'a', image: '2' }, { name: 'b', image: '1' }] } } });
});

test('the strategic two-way patch set sends: merge keys and $setElementOrder, {} when nothing changed', () => {
  const before: JsonObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'h' }, spec: { template: { spec: { containers: [{ name: 'h', image: '1', env: [{ name: 'A', value: '1' }] }] } } } };
  const after: JsonObject = structuredClone(before);
  assert.deepEqual(twoWayPatch(before, after), {});
  ((after['spec'] as JsonObject)['template'] as { spec: { containers: JsonObject[] } }).spec.containers[0]!['env'] = [{ name: 'A', value: '1' }, { name: 'G', value: '2' }];
  assert.deepEqual(twoWayPatch(before, after), {
    spec: {
      template: {
        spec: {
          '$setElementOrder/containers': [{ name: 'h' }],
          containers: [{ '$setElementOrder/env': [{ name: 'A' }, { name: 'G' }], env: [{ name: 'G', value: '2' }], name: 'h' }],
        },
      },
    },
  });
});
