/**
 * kubectl scale run in-process against a fresh cluster file (virtual clock, seed 1): output,
 * errors and what changes on the server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

async function kubectl(db: string, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const { io, output } = bufferIO({ cwd: REPO_ROOT, env: { KUBEMU_DB: db, KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', ...args], io);
  return { ...output, code };
}

test('scale: the Scale subresource, preconditions, dry runs, and kubectl 1.33 printing the object as read', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-scale-'));
  const db = join(dir, 'c.db');
  try {
    assert.equal((await kubectl(db, 'apply', '-f', 'examples/hello-deploy.yaml')).code, 0);
    assert.deepEqual(await kubectl(db, 'scale', 'deploy', '--all', '--replicas=0', '-n', 'kube-system'), {
      stdout: '',
      stderr: 'error: no objects passed to scale\n',
      code: 1,
    });
    // -o json prints the object the builder read: still 4 replicas (kubectl 1.33)
    const scaled = await kubectl(db, 'scale', 'deployment', 'hello', '--replicas=6', '-o', 'json');
    assert.equal(scaled.code, 0);
    const printed = JSON.parse(scaled.stdout) as { spec: { replicas: number }; metadata: { generation: number } };
    assert.equal(printed.spec.replicas, 4);
    assert.equal(printed.metadata.generation, 1);
    const live = await kubectl(db, 'get', 'deploy', 'hello', '-o', 'jsonpath={.spec.replicas} {.metadata.generation}');
    assert.equal(live.stdout, '6 2');

    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', '--current-replicas=4', '--replicas=1'), {
      stdout: '',
      stderr: 'error: Expected replicas to be 4, was 6\n',
      code: 1,
    });
    const rv = (await kubectl(db, 'get', 'deploy', 'hello', '-o', 'jsonpath={.metadata.resourceVersion}')).stdout;
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', '--resource-version=1', '--replicas=1'), {
      stdout: '',
      stderr: `error: Expected resource version to be 1, was ${rv}\n`,
      code: 1,
    });
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', `--resource-version=${rv}`, '--current-replicas=6', '--replicas=5'), {
      stdout: 'deployment.apps/hello scaled\n',
      stderr: '',
      code: 0,
    });
    assert.deepEqual(await kubectl(db, 'scale', 'deploy', 'hello', '-l', 'app=x', '--replicas=5'), {
      stdout: '',
      stderr: 'error: name cannot be provided when a selector is specified\n',
      code: 1,
    });
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', 'deploy/hello', '--resource-version=1', '--replicas=5'), {
      stdout: '',
      stderr: 'error: cannot use --resource-version with multiple resources\n',
      code: 1,
    });
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', '--replicas=9', '--dry-run=server', '-o', 'name'), {
      stdout: 'deployment.apps/hello\n',
      stderr: '',
      code: 0,
    });
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', 'deploy/nope', '--replicas=3'), {
      stdout: 'deployment.apps/hello scaled\n',
      stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n',
      code: 1,
    });
    assert.equal((await kubectl(db, 'get', 'deploy', 'hello', '-o', 'jsonpath={.spec.replicas}')).stdout, '3');
    assert.deepEqual(await kubectl(db, 'scale', 'deploy/hello', '--replicas=x'), {
      stdout: '',
      stderr: `error: invalid argument "x" for "--replicas" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee 'kubectl scale --help' for usage.\n`,
      code: 1,
    });
    // --timeout waits in cluster time until the deployment's status.replicas is the new size
    const waited = await kubectl(db, 'scale', 'deploy/hello', '--replicas=2', '--timeout=2m');
    assert.deepEqual(waited, { stdout: 'deployment.apps/hello scaled\n', stderr: '', code: 0 });
    assert.equal((await kubectl(db, 'get', 'deploy', 'hello', '-o', 'jsonpath={.status.replicas}')).stdout, '2');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
