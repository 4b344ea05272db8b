import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { defaultControllers } from '../../../src/controllers/default-controllers.js';
import { kubeletController } from '../../../src/controllers/kubelet/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { execInPod } from '../../../src/cluster/pod-exec.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/**
 * Probes answered from files skip their quiet ticks (quiet-ticks.ts) and fold the ticks whose
 * events are dropped (dropped-probe-ticks.ts) like any other; an exec in the middle of either
 * must leave what can be seen exactly as ticking every period would (kubelet everyTick): the
 * keyspace, every write of the revision log with its time, the clock.
 */

const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;
const PODS = findByKind('v1', 'Pod')!;
const IMAGE_REPOSITORIES = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

function cluster(everyTick: boolean): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const controllers = defaultControllers().map((k) => (k.name === 'kubelet' ? kubeletController({ everyTick }) : k));
  const controlPlane = new ControlPlane({ api: c.api, store: c.store, clock: c.clock, random: c.random, timers: c.timers }, controllers);
  return { ...c, controlPlane };
}

function seen(c: Cluster): string {
  const keys = c.store.list('/registry/').map((kv) => `${kv.key} ${kv.createRevision} ${kv.modRevision} ${kv.value}`);
  const log = c.store.changesSince(c.store.compactedRevision()).map((e) => `${e.kv.modRevision} ${e.timeMs} ${e.type} ${e.kv.key} ${e.kv.value}`);
  return [`now ${c.clock.now()}`, `revision ${c.store.revision()}`, ...keys, ...log].join('\n');
}

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'app',
            image: 'example/web:1',
            readinessProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 5, failureThreshold: 3 },
            livenessProbe: { exec: { command: ['sh', '-c', 'test -f /tmp/alive'] }, periodSeconds: 7 },
          },
        ],
      },
    },
  },
};

/** The same app, its image's tag writing /tmp/ready 30 s after start; readiness every 7 s. */
const autoDeployment: KubeObject = JSON.parse(
  JSON.stringify(deployment).replaceAll('"web"', '"auto"').replace('example/web:1', 'example/web:auto').replace('"periodSeconds":5', '"periodSeconds":7'),
) as KubeObject;

function scenario(c: Cluster): string[] {
  const stages: string[] = [];
  c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'web' },
    spec: {
      repository: 'example/web',
      // auto: the app writes /tmp/ready 30 s after its start (appFiles)
      tags: { '1': {}, auto: { startSeconds: 30, appFiles: { '/tmp/ready': '' } } },
      behavior: { files: { '/tmp/alive': '' } },
    },
  });
  c.api.create(DEPLOYMENTS, 'default', deployment);
  c.api.create(DEPLOYMENTS, 'default', autoDeployment);
  settle(c);
  const pods = () => c.api.list(PODS, 'default', (p) => p.metadata.labels?.['app'] === 'web').map((p) => ({ name: p.metadata.name ?? '', uid: p.metadata.uid ?? '' })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const exec = (i: number, ...argv: string[]) => {
    const p = pods()[i]!;
    execInPod(c, 'default', p.name, p.uid, 'app', argv);
  };
  // Never ready for 10 minutes: the readiness failures' burst is spent, later ticks are dropped ones.
  advanceBy(c, 613_300);
  stages.push(seen(c));
  exec(0, 'touch', '/tmp/ready');
  const auto = c.api.list(PODS, 'default', (p) => p.metadata.labels?.['app'] === 'auto')[0]!;
  execInPod(c, 'default', auto.metadata.name ?? '', auto.metadata.uid ?? '', 'app', ['rm', '/tmp/ready']);
  advanceBy(c, 3_600_000);
  stages.push(seen(c));
  exec(0, 'rm', '/tmp/ready');
  advanceBy(c, 41_700);
  exec(1, 'sh', '-c', 'touch /tmp/ready && rm /tmp/alive');
  advanceBy(c, 900_000);
  stages.push(seen(c));
  return stages;
}

test('exec touch and rm amid quiet and dropped probe ticks: as if every tick were a step', () => {
  const skip = cluster(false);
  const every = cluster(true);
  try {
    const a = scenario(skip);
    const b = scenario(every);
    a.forEach((s, i) => assert.equal(s, b[i], `stage ${i}`));
    assert.ok(skip.controlPlane.work.instants * 5 < every.controlPlane.work.instants, `${skip.controlPlane.work.instants} steps, every tick ${every.controlPlane.work.instants}`);
  } finally {
    skip.close();
    every.close();
  }
});
