import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const CM = findByKind('v1', 'ConfigMap')!;

function configMap(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: name } };
}

test('a watch from a compacted revision: the API server answers 410 Expired, too old resource version', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-expired-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const from = c.store.revision();
    for (let i = 0; i < 3; i++) c.api.create(CM, 'default', configMap(`cm-${i}`));
    c.store.compact(from + 2);
    assert.equal(c.api.changesSince(from + 2, CM, 'default').length, 1);
    let caught: unknown;
    try {
      c.api.changesSince(from, CM, 'default');
    } catch (e) {
      caught = e;
    }
    assert.ok(caught instanceof StatusError);
    assert.equal(caught.code, 410);
    const { io, output } = bufferIO();
    assert.equal(checkErr(caught, io), 1);
    assert.equal(output.stderr, `Error from server (Expired): too old resource version: ${from} (${from + 2})\n`);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("etcdctl watch --rev of a compacted revision prints etcdctl's cancel and exits 5 (ExitInterrupted)", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-expired-'));
  try {
    const run = async (args: string[]) => {
      const { io, output } = bufferIO();
      const code = await main(['node', 'kubectl', '--db', join(dir, 'c.db'), ...args], io);
      return { ...output, code };
    };
    await run(['cluster', 'create', '--clock', 'virtual', '--seed', '1']);
    await run(['create', 'configmap', 'a']);
    assert.equal((await run(['etcdctl', 'compaction', '5'])).code, 0);
    assert.deepEqual(await run(['etcdctl', 'watch', '--prefix', '/registry/', '--rev', '3']), {
      stdout: '',
      stderr: 'watch was canceled (etcdserver: mvcc: required revision has been compacted)\nError: watch is canceled by the server\n',
      code: 5,
    });
    assert.deepEqual(await run(['etcdctl', 'compaction', '5']), {
      stdout: '',
      stderr: 'Error: etcdserver: mvcc: required revision has been compacted\n',
      code: 1,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
