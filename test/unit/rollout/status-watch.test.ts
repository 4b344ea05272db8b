import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { rolloutStatus } from '../../../src/kubectl/cmd/rollout/status.js';

// rolloutStatus against an in-memory virtual-clock cluster: the watch prints a line per change of
// the Deployment, starting from its state when the command starts, and ends on done, deletion or
// the timeout. Each test starts right after the Deployment was written, before the control plane
// has reacted to it (as a command's own write is, until the command settles).

const DEPLOYMENT = findByKind('apps/v1', 'Deployment')!;

function web(extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      ...extra,
    },
  } as KubeObject;
}

function setup(extra?: Record<string, unknown>) {
  const cluster = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const object = cluster.api.create(DEPLOYMENT, 'default', web(extra));
  const lines: string[] = [];
  return { cluster, target: { info: DEPLOYMENT, object }, lines, write: (t: string) => lines.push(t) };
}

test('rollout status: from "spec update to be observed" to "successfully rolled out", one line per change', async () => {
  const { cluster, target, lines, write } = setup();
  const start = cluster.clock.now();
  await rolloutStatus(cluster, { targets: [target], watch: true, revision: 0, timeoutMs: 0, write });
  assert.equal(lines[0], 'Waiting for deployment spec update to be observed...\n');
  assert.equal(lines[lines.length - 1], 'deployment "web" successfully rolled out\n');
  assert.ok(lines.includes('Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...\n'), lines.join(''));
  assert.ok(lines.every((l) => l.endsWith('\n')));
  // it took cluster time (pods had to start), and no more than the rollout needed
  assert.ok(cluster.clock.now() > start);
  assert.ok(cluster.clock.now() - start < 60_000);
  cluster.close();
});

test('rollout status --watch=false prints the current line once', async () => {
  const { cluster, target, lines, write } = setup();
  const start = cluster.clock.now();
  await rolloutStatus(cluster, { targets: [target], watch: false, revision: 0, timeoutMs: 0, write });
  assert.deepEqual(lines, ['Waiting for deployment spec update to be observed...\n']);
  assert.equal(cluster.clock.now(), start);
  cluster.close();
});

test('rollout status of a paused Deployment that never rolls out: the timeout error after exactly --timeout', async () => {
  const { cluster, target, lines, write } = setup({ paused: true });
  const start = cluster.clock.now();
  await assert.rejects(
    rolloutStatus(cluster, { targets: [target], watch: true, revision: 0, timeoutMs: 30_000, write }),
    (e: Error) => e.message === 'timed out waiting for the condition',
  );
  assert.equal(cluster.clock.now(), start + 30_000);
  assert.ok(lines.length >= 1);
  cluster.close();
});

test('rollout status of a Deployment deleted while watched: object has been deleted', async () => {
  const { cluster, target, lines } = setup();
  // The first line is written right after the initial read; the Deployment goes away then.
  const write = (t: string) => {
    lines.push(t);
    if (lines.length === 1) cluster.api.delete(DEPLOYMENT, 'default', 'web');
  };
  await assert.rejects(
    rolloutStatus(cluster, { targets: [target], watch: true, revision: 0, timeoutMs: 10_000, write }),
    (e: Error) => e.message === 'object has been deleted',
  );
  assert.deepEqual(lines, ['Waiting for deployment spec update to be observed...\n']);
  cluster.close();
});
