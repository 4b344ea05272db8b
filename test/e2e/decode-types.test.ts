/**
 * Issue 9, defect 3, through bin/kubemu: objects are decoded against their kinds' Go types
 * (int32 ranges, strings, maps, lists) before anything is stored. kubectl itself refuses bad
 * metadata while reading -f; the server refuses the rest with kube-apiserver's wording.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, makeSandbox } from './transcript.js';

function kubectl(sb: { dir: string; env: NodeJS.ProcessEnv }, ...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: sb.env, cwd: sb.dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const deployment = (name: string, replicas: string, image = 'nginx', containers?: string): string =>
  `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers: ${containers ?? `[{name: c, image: ${image}}]`}
`;
const configMap = (metadata: string, data = ''): string => `apiVersion: v1\nkind: ConfigMap\nmetadata: ${metadata}\n${data}`;

const M = 'json: cannot unmarshal';
const server = (file: string, kind: string, err: string): string =>
  `Error from server (BadRequest): error when creating "${file}": ${kind} in version "v1" cannot be handled as a ${kind}: ${err}\n`;
const client = (file: string, err: string): string => `error: unable to decode "${file}": ${err}\n`;

const FILES: [string, string, string][] = [
  ['four.yaml', deployment('four', 'four'), server('four.yaml', 'Deployment', `${M} string into Go struct field DeploymentSpec.spec.replicas of type int32`)],
  ['three.yaml', deployment('three', '"3"'), server('three.yaml', 'Deployment', `${M} string into Go struct field DeploymentSpec.spec.replicas of type int32`)],
  ['half.yaml', deployment('half', '1.5'), server('half.yaml', 'Deployment', `${M} number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32`)],
  ['huge.yaml', deployment('huge', '3000000000'), server('huge.yaml', 'Deployment', `${M} number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32`)],
  ['cmap.yaml', deployment('cmap', '1', 'nginx', '{name: c, image: nginx}'), server('cmap.yaml', 'Deployment', `${M} object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container`)],
  ['image.yaml', deployment('image', '1', '123'), server('image.yaml', 'Deployment', `${M} number into Go struct field Container.spec.template.spec.containers.image of type string`)],
  ['data.yaml', configMap('{name: data}', 'data: {k: 5}\n'), server('data.yaml', 'ConfigMap', `${M} number into Go struct field ConfigMap.data of type string`)],
  ['lablist.yaml', configMap('{name: lablist, labels: [a, b]}'), client('lablist.yaml', `${M} array into Go struct field ObjectMeta.metadata.labels of type map[string]string`)],
  ['labnum.yaml', configMap('{name: labnum, labels: {a: 5}}'), client('labnum.yaml', `${M} number into Go struct field ObjectMeta.metadata.labels of type string`)],
  ['nametrue.yaml', configMap('{name: true}'), client('nametrue.yaml', `${M} bool into Go struct field ObjectMeta.metadata.name of type string`)],
  // YAML 1.1, as sigs.k8s.io/yaml reads it: `y` is a bool.
  ['namey.yaml', configMap('{name: y}'), client('namey.yaml', `${M} bool into Go struct field ObjectMeta.metadata.name of type string`)],
];

test('bad types in -f manifests are refused with kubectl / kube-apiserver wording, and nothing is stored', () => {
  const sb = makeSandbox(1);
  try {
    assert.equal(kubectl(sb, 'get', 'ns', '-o', 'name').code, 0);
    const before = kubectl(sb, 'etcdctl', 'get', '--prefix', '--keys-only', '/registry/').out;
    for (const [file, text, want] of FILES) {
      writeFileSync(join(sb.dir, file), text);
      for (const verb of ['apply', 'create']) {
        const r = kubectl(sb, verb, '-f', file);
        assert.equal(r.err, want, `${verb} -f ${file}`);
        assert.equal(r.out, '');
        assert.equal(r.code, 1);
      }
    }
    assert.equal(kubectl(sb, 'etcdctl', 'get', '--prefix', '--keys-only', '/registry/').out, before, 'no key was written');
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});

test('patch and scale to 3000000000 replicas are refused: nothing stored, no pods created', () => {
  const sb = makeSandbox(1);
  try {
    assert.equal(kubectl(sb, 'create', 'deployment', 'big', '--image=nginx').code, 0);
    const pods = kubectl(sb, 'get', 'pods', '-o', 'name').out;
    const rev = kubectl(sb, 'get', 'deploy', 'big', '-o', 'jsonpath={.metadata.resourceVersion}').out;

    const merge = kubectl(sb, 'patch', 'deployment', 'big', '--type', 'merge', '-p', '{"spec":{"replicas":3000000000}}');
    assert.equal(merge.code, 1);
    assert.equal(merge.out, '');
    assert.match(merge.err, /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"apps\/v1\\",\\"kind\\":\\"Deployment\\",.*\\"replicas\\":3000000000,/);
    assert.ok(merge.err.endsWith('": json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32\n'), merge.err);

    const smp = kubectl(sb, 'patch', 'deployment', 'big', '-p', '{"spec":{"replicas":"four"}}');
    assert.equal(smp.err, 'The request is invalid: patch: Invalid value: "map[spec:map[replicas:four]]": unrecognized type: int32\n');

    const json = kubectl(sb, 'patch', 'deployment', 'big', '--type', 'json', '-p', '[{"op":"replace","path":"/spec/replicas","value":1.5}]');
    assert.ok(json.err.endsWith('": json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32\n'), json.err);

    const labels = kubectl(sb, 'patch', 'deployment', 'big', '--type', 'merge', '-p', '{"metadata":{"labels":{"a":5}}}');
    assert.ok(labels.err.endsWith('": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string\n'), labels.err);

    const scale = kubectl(sb, 'scale', 'deployment', 'big', '--replicas=3000000000');
    assert.equal(scale.code, 1);
    assert.match(scale.err, /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"autoscaling\/v1\\",\\"kind\\":\\"Scale\\",/);
    assert.ok(scale.err.endsWith('": json: cannot unmarshal number 3000000000 into Go struct field ScaleSpec.spec.replicas of type int32\n'), scale.err);

    // With a precondition kubectl PUTs the Scale with int32(3000000000) = -1294967296.
    const put = kubectl(sb, 'scale', 'deployment', 'big', '--replicas=3000000000', '--current-replicas=1');
    assert.equal(put.err, 'The Scale "big" is invalid: spec.replicas: Invalid value: -1294967296: must be greater than or equal to 0\n');
    assert.equal(put.code, 1);

    const get = kubectl(sb, 'get', 'deploy', 'big', '-o', 'jsonpath={.spec.replicas} {.metadata.resourceVersion}');
    assert.equal(get.code, 0);
    assert.equal(get.out, `1 ${rev}`);
    assert.equal(kubectl(sb, 'get', 'pods', '-o', 'name').out, pods);
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});
