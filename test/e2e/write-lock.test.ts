import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BIN, makeSandbox } from './transcript.js';

function run(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { env, cwd });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    p.stdin.end();
  });
}

/**
 * This test process plays "another kubemu process" in the middle of a write: it holds the
 * cluster file's write lock for as long as the commands it starts run (it only waits for them).
 */
test('while another process holds the write lock: reads answer at once, a write fails with a kubemu error', async () => {
  const sb = makeSandbox();
  try {
    const file = sb.env['KUBEMU_DB']!;
    assert.equal((await run(['create', 'deployment', 'hello', '--image=example/hello:1.0', '--replicas=2'], sb.env, sb.dir)).code, 0);
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    holder.prepare("INSERT INTO meta (name, value) VALUES ('other-process', 'x')").run();
    try {
      const env = { ...sb.env, KUBEMU_LOCK_TIMEOUT_MS: '200' };
      const get = await run(['get', 'deployments', '-o', 'name'], env, sb.dir);
      assert.deepEqual(get, { code: 0, out: 'deployment.apps/hello\n', err: '' });
      const info = await run(['cluster', 'info'], env, sb.dir);
      assert.equal(info.code, 0, info.err);
      const scale = await run(['scale', 'deployment', 'hello', '--replicas=3'], env, sb.dir);
      assert.deepEqual(scale, {
        code: 1,
        out: '',
        err:
          `error: the cluster file ${file} is locked: another kubemu process holds its write lock (it is writing or running ` +
          'the control plane) and did not release it within 200ms; try again, or wait longer with KUBEMU_LOCK_TIMEOUT_MS\n',
      });
      // etcdctl defrag rewrites the file outside a transaction: the same message
      const defrag = await run(['etcdctl', 'defrag'], env, sb.dir);
      assert.deepEqual(defrag, scale);
      const bad = await run(['get', 'pods'], { ...sb.env, KUBEMU_LOCK_TIMEOUT_MS: 'soon' }, sb.dir);
      assert.deepEqual(bad, { code: 1, out: '', err: 'error: invalid KUBEMU_LOCK_TIMEOUT_MS "soon": must be a whole number of milliseconds\n' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const after = await run(['scale', 'deployment', 'hello', '--replicas=3'], sb.env, sb.dir);
    assert.deepEqual(after, { code: 0, out: 'deployment.apps/hello scaled\n', err: '' });
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});
