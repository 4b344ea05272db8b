/**
 * kubectl diff run in-process against a fresh cluster file (virtual clock, seed 1): exit
 * codes, dry runs leaving the server alone, temp dirs removed, several objects in file-name
 * order, the warning for an object being deleted, -n enforcement.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

interface Run {
  stdout: string;
  stderr: string;
  code: number;
}

function sandbox(): { dir: string; tmp: string; kubectl: (...args: string[]) => Promise<Run> } {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-diff-run-'));
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  const kubectl = async (...args: string[]): Promise<Run> => {
    const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', TMPDIR: tmp, TZ: 'UTC' };
    const { io, output } = bufferIO({ cwd: dir, env });
    const code = await main(['node', 'kubectl', ...args], io);
    return { ...output, code };
  };
  return { dir, tmp, kubectl };
}

/** Temp dir digits and mtimes are not what these tests check (deterministic-diff.test.ts pins them). */
const stable = (s: string) => s.replace(/(LIVE|MERGED)-\d+/g, '$1-N').replace(/\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} [+-]\d{4}$/gm, '\t<mtime>');

const configMap = (name: string, value: string, extra = '') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}data:\n  key: ${value}\n`;

test('diff of two objects: one changed, one new, one unchanged; nothing written; temp dirs gone', async () => {
  const { dir, tmp, kubectl } = sandbox();
  try {
    writeFileSync(join(dir, 'a.yaml'), configMap('zeta', 'one') + '---\n' + configMap('alpha', 'one'));
    assert.equal((await kubectl('apply', '-f', 'a.yaml')).code, 0);
    assert.deepEqual(await kubectl('diff', '-f', 'a.yaml'), { stdout: '', stderr: '', code: 0 });
    writeFileSync(join(dir, 'b.yaml'), configMap('zeta', 'two') + '---\n' + configMap('alpha', 'one') + '---\n' + configMap('beta', 'new'));
    const r = await kubectl('diff', '-f', 'b.yaml');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    const out = stable(r.stdout);
    // Files come in name order (beta, then zeta), whatever the order in the manifest.
    const headers = out.split('\n').filter((l) => l.startsWith('diff -u -N'));
    assert.deepEqual(headers, [
      `diff -u -N ${tmp}/LIVE-N/v1.ConfigMap.default.beta ${tmp}/MERGED-N/v1.ConfigMap.default.beta`,
      `diff -u -N ${tmp}/LIVE-N/v1.ConfigMap.default.zeta ${tmp}/MERGED-N/v1.ConfigMap.default.zeta`,
    ]);
    assert.match(out, /@@ -0,0 \+1,\d+ @@\n\+apiVersion: v1\n\+data:\n\+  key: new\n/);
    assert.match(out, /-  key: one\n\+  key: two\n/);
    // The new object has no last-applied annotation in MERGED (diff never annotates a create).
    assert.equal(out.includes('+    kubectl.kubernetes.io/last-applied-configuration'), false);
    assert.deepEqual(readdirSync(tmp), []);
    assert.equal((await kubectl('get', 'configmap', 'zeta', '-o', 'jsonpath={.data.key}')).stdout, 'one');
    assert.equal((await kubectl('get', 'configmap', 'beta')).code, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an object being deleted: kubectl warns on stderr and still diffs', async () => {
  const { dir, kubectl } = sandbox();
  try {
    const finalizers = '  finalizers:\n  - example.com/keep\n';
    writeFileSync(join(dir, 'cm.yaml'), configMap('held', 'one', finalizers));
    assert.equal((await kubectl('apply', '-f', 'cm.yaml')).code, 0);
    assert.equal((await kubectl('delete', 'configmap', 'held', '--wait=false')).code, 0);
    writeFileSync(join(dir, 'cm.yaml'), configMap('held', 'two', finalizers));
    const r = await kubectl('diff', '-f', 'cm.yaml');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'Warning: Detected changes to resource held which is currently being deleted.\n');
    assert.match(r.stdout, /\+  key: two\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('errors exit 2: a namespace mismatch with -n, a bad selector, and nothing is diffed', async () => {
  const { dir, kubectl } = sandbox();
  try {
    writeFileSync(join(dir, 'cm.yaml'), configMap('c', 'v', '  namespace: prod\n'));
    assert.deepEqual(await kubectl('diff', '-f', 'cm.yaml', '-n', 'dev'), {
      stdout: '',
      stderr:
        'error: the namespace from the provided object "prod" does not match the namespace "dev". You must pass \'--namespace=prod\' to perform this operation.\n',
      code: 2,
    });
    // kubectl 1.33 offline: `kubectl diff -f cm.yaml -l 'a in ('`
    assert.deepEqual(await kubectl('diff', '-f', 'cm.yaml', '-l', 'a in ('), {
      stdout: '',
      stderr: `error: the provided selector "a in (" is not valid: unable to parse requirement: found '', expected: ',', ')' or identifier\n`,
      code: 2,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('flag and argument errors use diff\'s usage wording and exit 2 (recorded from kubectl 1.33 offline)', async () => {
  const { dir, kubectl } = sandbox();
  const see = "See 'kubectl diff -h' for help and examples\n";
  try {
    assert.deepEqual(await kubectl('diff', 'extra'), { stdout: '', stderr: `error: Unexpected args: [extra]\n${see}`, code: 2 });
    assert.deepEqual(await kubectl('diff', '-f', 'x.yaml', '--bogus'), { stdout: '', stderr: `error: unknown flag: --bogus\n${see}`, code: 2 });
    assert.deepEqual(await kubectl('diff', '-f', 'x.yaml', '--concurrency=x'), {
      stdout: '',
      stderr: `error: invalid argument "x" for "--concurrency" flag: strconv.ParseInt: parsing "x": invalid syntax\n${see}`,
      code: 2,
    });
    assert.deepEqual(await kubectl('diff', '-f', 'x.yaml', '--show-managed-fields=maybe'), {
      stdout: '',
      stderr: `error: invalid argument "maybe" for "--show-managed-fields" flag: strconv.ParseBool: parsing "maybe": invalid syntax\n${see}`,
      code: 2,
    });
    assert.deepEqual(await kubectl('diff', '-f', 'x.yaml', '-k', '.'), { stdout: '', stderr: 'error: only one of -f or -k can be specified\n', code: 2 });
    assert.deepEqual(await kubectl('diff'), { stdout: '', stderr: 'error: must specify one of -f and -k\n', code: 2 });
    assert.deepEqual(await kubectl('diff', '-f', 'x.yaml'), { stdout: '', stderr: 'error: the path "x.yaml" does not exist\n', code: 2 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
