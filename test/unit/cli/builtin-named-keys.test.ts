/**
 * Keys named like JavaScript builtins (issue 9, defect 6): `constructor`, `toString`,
 * `hasOwnProperty`, `valueOf` and `__proto__` are ordinary strings to Kubernetes, usable as
 * ConfigMap/Secret keys, label and annotation keys (except `__proto__`, which is not a
 * qualified name: the server refuses it as a label key, the client does not check), and env
 * names. Each must behave as any other key through every path a user key takes — and none
 * may reach Object.prototype. The --local expectations are real kubectl 1.33's output.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
after(() => {
  // Nothing a test did may have added to (or replaced on) Object.prototype.
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeBefore);
  const probe: Record<string, unknown> = {};
  assert.equal(Object.getPrototypeOf(probe), Object.prototype);
  assert.deepEqual(Object.keys(Object.prototype), []);
});

const dir = mkdtempSync(join(tmpdir(), 'kubemu-builtin-keys-'));

/** One kubemu command in-process on its own virtual cluster file. */
async function kubectl(db: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, output } = bufferIO({ cwd: dir, env: { KUBEMU_DB: join(dir, db), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', ...args], io);
  return { code, ...output };
}

async function ok(db: string, ...args: string[]): Promise<string> {
  const r = await kubectl(db, ...args);
  assert.equal(r.stderr, '', `${args.join(' ')}: stderr`);
  assert.equal(r.code, 0, `${args.join(' ')}: exit code`);
  return r.stdout;
}

const jsonOf = async (db: string, ...args: string[]): Promise<Record<string, unknown>> =>
  JSON.parse(await ok(db, ...args)) as Record<string, unknown>;

test('create configmap/secret with builtin-named literal keys keeps every key', async () => {
  assert.equal(
    await ok('cm.db', 'create', 'configmap', 'c', '--from-literal=constructor=x', '--from-literal=__proto__=y', '--from-literal=toString=z'),
    'configmap/c created\n',
  );
  const yaml = await ok('cm.db', 'get', 'cm', 'c', '-o', 'yaml');
  assert.match(yaml, /^data:\n  __proto__: "y"\n  constructor: x\n  toString: z\n/m);
  await ok('cm.db', 'create', 'secret', 'generic', 's', '--from-literal=__proto__=x', '--from-literal=hasOwnProperty=y');
  const secret = await jsonOf('cm.db', 'get', 'secret', 's', '-o', 'json');
  assert.deepEqual(Object.keys(secret['data'] as object), ['__proto__', 'hasOwnProperty']);
});

test('label: a builtin-named key is new until set, then obeys --overwrite', async () => {
  await ok('label.db', 'create', 'deployment', 'hello', '--image=nginx');
  assert.equal(await ok('label.db', 'label', 'deployment', 'hello', 'constructor=x'), 'deployment.apps/hello labeled\n');
  const again = await kubectl('label.db', 'label', 'deployment', 'hello', 'constructor=y');
  assert.equal(again.stderr, "error: 'constructor' already has a value (x), and --overwrite is false\n");
  assert.equal(again.code, 1);
  assert.equal(await ok('label.db', 'label', 'deployment', 'hello', 'constructor=y', '--overwrite'), 'deployment.apps/hello labeled\n');
  await ok('label.db', 'annotate', 'deployment', 'hello', 'toString=1');
  const ann = await kubectl('label.db', 'annotate', 'deployment', 'hello', 'toString=2');
  assert.equal(ann.stderr, "error: --overwrite is false but found the following declared annotation(s): 'toString' already has a value (1)\n");
  assert.equal(
    await ok('label.db', 'get', 'deployment', '-l', 'constructor=y', '-L', 'constructor', '--no-headers', '-o', 'custom-columns=N:.metadata.name,C:.metadata.labels.constructor'),
    'hello   y\n',
  );
});

test('a manifest with builtin-named keys: apply, round trip, unchanged, configured, patch, selectors', async () => {
  const manifest = (v: string): string =>
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: p\n  labels:\n    constructor: a\n    hasOwnProperty: b\n' +
    `data:\n  __proto__: ${v}\n  constructor: b\n  valueOf: c\n`;
  writeFileSync(join(dir, 'p1.yaml'), manifest('a'));
  writeFileSync(join(dir, 'p2.yaml'), manifest('changed'));
  writeFileSync(join(dir, 'p3.yaml'), manifest('a').replace('  __proto__: a\n', '').replace('    hasOwnProperty: b\n', ''));
  const data = async (): Promise<unknown> => (await jsonOf('apply.db', 'get', 'cm', 'p', '-o', 'json'))['data'];

  assert.equal(await ok('apply.db', 'apply', '-f', 'p1.yaml'), 'configmap/p created\n');
  assert.deepEqual(await data(), JSON.parse('{"__proto__":"a","constructor":"b","valueOf":"c"}'));
  assert.equal(await ok('apply.db', 'apply', '-f', 'p1.yaml'), 'configmap/p unchanged\n');
  assert.equal(await ok('apply.db', 'apply', '-f', 'p2.yaml'), 'configmap/p configured\n');
  assert.deepEqual(await data(), JSON.parse('{"__proto__":"changed","constructor":"b","valueOf":"c"}'));
  // Keys dropped from the manifest are deleted by the three-way merge.
  assert.equal(await ok('apply.db', 'apply', '-f', 'p3.yaml'), 'configmap/p configured\n');
  assert.deepEqual(await data(), { constructor: 'b', valueOf: 'c' });
  const meta = (await jsonOf('apply.db', 'get', 'cm', 'p', '-o', 'json'))['metadata'] as { labels: object };
  assert.deepEqual(meta.labels, { constructor: 'a' });

  await ok('apply.db', 'patch', 'cm', 'p', '-p', '{"data":{"__proto__":"S","toString":"T"}}');
  await ok('apply.db', 'patch', 'cm', 'p', '--type', 'merge', '-p', '{"data":{"constructor":null,"hasOwnProperty":"M"}}');
  await ok('apply.db', 'patch', 'cm', 'p', '--type', 'json', '-p', '[{"op":"replace","path":"/data/__proto__","value":"J"},{"op":"remove","path":"/data/valueOf"}]');
  assert.deepEqual(await data(), JSON.parse('{"__proto__":"J","hasOwnProperty":"M","toString":"T"}'));

  assert.equal(await ok('apply.db', 'get', 'cm', '-l', 'constructor=a', '-o', 'name'), 'configmap/p\n');
  assert.equal(await ok('apply.db', 'get', 'cm', '-l', 'toString', '-o', 'name'), '');
  assert.equal(
    await ok('apply.db', 'get', 'cm', '-l', '!toString', '-o', 'name'),
    'configmap/kube-root-ca.crt\nconfigmap/p\n',
  );
});

test('set env with builtin-named variables on the cluster', async () => {
  await ok('env.db', 'create', 'deployment', 'hello', '--image=nginx');
  await ok('env.db', 'set', 'env', 'deployment/hello', 'constructor=1', '__proto__=2', 'toString=3');
  assert.equal(
    await ok('env.db', 'set', 'env', 'deployment/hello', '--list'),
    '# Deployment hello, container nginx\nconstructor=1\n__proto__=2\ntoString=3\n',
  );
  await ok('env.db', 'set', 'env', 'deployment/hello', '__proto__-', 'constructor=4');
  assert.equal(
    await ok('env.db', 'set', 'env', 'deployment/hello', '--list'),
    '# Deployment hello, container nginx\nconstructor=4\ntoString=3\n',
  );
});

const localDeployment =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: hello\n  labels:\n    constructor: a\n    hasOwnProperty: b\n' +
  '  annotations:\n    __proto__: a\n    toString: b\nspec:\n  selector:\n    matchLabels: {app: hello}\n  template:\n' +
  '    metadata:\n      labels: {app: hello}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n        env:\n' +
  '        - name: constructor\n          value: "1"\n        - name: __proto__\n          value: "2"\n';

test('--local label/annotate/set env as kubectl 1.33 prints them', async () => {
  writeFileSync(join(dir, 'local.yaml'), localDeployment);
  const head = (s: string, n: number): string => s.split('\n').slice(0, n).join('\n');
  assert.equal(
    head(await ok('local.db', 'label', '--local', '-f', 'local.yaml', '__proto__=p', '-o', 'yaml'), 11),
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations:\n    __proto__: a\n    toString: b\n  labels:\n' +
      '    __proto__: p\n    constructor: a\n    hasOwnProperty: b\n  name: hello',
  );
  const r = await kubectl('local.db', 'label', '--local', '-f', 'local.yaml', 'constructor=p', '-o', 'yaml');
  assert.equal(r.stderr, "error: 'constructor' already has a value (a), and --overwrite is false\n");
  const annotated = await ok('local.db', 'annotate', '--local', '-f', 'local.yaml', '__proto__-', 'toString-', '-o', 'json');
  assert.match(annotated, /"metadata": \{\n {8}"annotations": \{\},\n {8}"labels": \{/);
  assert.equal(
    await ok('local.db', 'set', 'env', '--local', '-f', 'local.yaml', '--list'),
    '# Deployment hello, container c\nconstructor=1\n__proto__=2\n',
  );
  const env = await ok('local.db', 'set', 'env', '--local', '-f', 'local.yaml', 'constructor=9', 'valueOf=1', '-o', 'yaml');
  assert.match(env, / {6}- env:\n {8}- name: constructor\n {10}value: "9"\n {8}- name: __proto__\n {10}value: "2"\n {8}- name: valueOf\n {10}value: "1"\n/);
});
