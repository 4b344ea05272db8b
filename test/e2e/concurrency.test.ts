import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BIN, makeSandbox } from './transcript.js';

function run(args: string[], env: NodeJS.ProcessEnv, cwd: string, stdin?: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { env, cwd });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    p.stdin.end(stdin ?? '');
  });
}

function configMap(name: string): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v\n`;
}

test('several kubemu processes applying different objects to one new file all succeed', async () => {
  const sb = makeSandbox();
  try {
    const names = ['cm-a', 'cm-b', 'cm-c', 'cm-d', 'cm-e', 'cm-f'];
    // All start at once on a file that does not exist yet: creation and bootstrap race too.
    const results = await Promise.all(names.map((n) => run(['apply', '-f', '-'], sb.env, sb.dir, configMap(n))));
    for (const [i, r] of results.entries()) {
      assert.equal(r.err, '', `stderr of apply ${names[i]}`);
      assert.equal(r.code, 0);
      assert.equal(r.out, `configmap/${names[i]} created\n`);
    }
    const list = await run(['get', 'configmaps', '-o', 'name'], sb.env, sb.dir);
    assert.equal(list.out, [...names, 'kube-root-ca.crt'].map((n) => `configmap/${n}\n`).join(''));
    // One bootstrap only: exactly four namespaces.
    const ns = await run(['get', 'namespaces', '-o', 'name'], sb.env, sb.dir);
    assert.equal(ns.out.split('\n').filter(Boolean).length, 4);
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});

test('concurrent updates of one object: every label lands, none is lost', async () => {
  const sb = makeSandbox();
  try {
    await run(['apply', '-f', '-'], sb.env, sb.dir, configMap('shared'));
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(
      keys.map((k) => run(['patch', 'configmap', 'shared', '--type', 'merge', '-p', `{"metadata":{"labels":{"${k}":"x"}}}`], sb.env, sb.dir)),
    );
    for (const r of results) assert.equal(r.code, 0, r.err);
    const got = await run(['get', 'configmap', 'shared', '-o', 'jsonpath={.metadata.labels}'], sb.env, sb.dir);
    assert.deepEqual(Object.keys(JSON.parse(got.out) as object).sort(), keys);
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});
