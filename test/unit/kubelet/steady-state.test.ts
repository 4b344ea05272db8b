import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from 'js-yaml';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle, waitUntil } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { defaultControllers } from '../../../src/controllers/default-controllers.js';
import { kubeletController } from '../../../src/controllers/kubelet/controller.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { REPO_ROOT } from '../../repo-root.js';

/**
 * Steady state costs nothing: an idle cluster's probe ticks that change nothing are not
 * control-plane steps (quiet-ticks.ts), and skipping them changes nothing anyone can see. Each
 * scenario runs twice from the same seed, once with the kubelet ticking every probe period
 * (everyTick, the stepping of before) and once skipping the quiet ticks; the keyspace, the whole
 * revision log (every write with its revision and cluster time: event counts and timestamps,
 * pod statuses, restarts) and the clock must come out identical.
 */

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}
const DEPLOYMENTS = must(findByKind('apps/v1', 'Deployment'));
const PODS = must(findByKind('v1', 'Pod'));
const EVENTS = must(findByKind('v1', 'Event'));
const IMAGE_REPOSITORIES = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'));

const H = 3600_000;
const DAY = 24 * H;

function example(file: string): KubeObject[] {
  return loadAll(readFileSync(join(REPO_ROOT, 'examples', file), 'utf8')).filter((d) => d) as KubeObject[];
}

/** A virtual cluster (seed 1) whose kubelet ticks every period (everyTick) or skips the quiet ticks. */
function cluster(everyTick: boolean): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const controllers = defaultControllers().map((k) => (k.name === 'kubelet' ? kubeletController({ everyTick }) : k));
  const controlPlane = new ControlPlane({ api: c.api, store: c.store, clock: c.clock, random: c.random, timers: c.timers }, controllers);
  return { ...c, controlPlane };
}

/** The article's app: its ImageRepository and the 4-replica hello Deployment. */
function article(c: Cluster): void {
  for (const o of example('hello-imagerepository.yaml')) c.api.create(IMAGE_REPOSITORIES, undefined, o);
  for (const o of example('hello-deploy.yaml')) c.api.create(DEPLOYMENTS, 'default', o);
  settle(c);
}

/** What a command could show at one stage: the clock and every key with its revisions; the log apart. */
interface Seen {
  state: string;
  compacted: number;
  /** the writes the log still holds, each with its revision */
  log: { revision: number; line: string }[];
}

/**
 * Everything a command could show: the clock, every key with its revisions, and every write of the
 * log. The log is compared from the later of the two runs' compactions: the compactor ticks inside
 * steps that happen anyway, so stepping every probe period compacts at other instants (a storage
 * detail, not the control plane's behaviour).
 */
function observable(c: Cluster): Seen {
  const keys = c.store.list('/registry/').map((kv) => `${kv.key} ${kv.createRevision} ${kv.modRevision} ${kv.value}`);
  const compacted = c.store.compactedRevision();
  const log = c.store
    .changesSince(compacted)
    .map((e) => ({ revision: e.kv.modRevision, line: `${e.kv.modRevision} ${e.timeMs} ${e.type} ${e.kv.key} ${e.kv.value}` }));
  return { state: [`now ${c.clock.now()}`, `revision ${c.store.revision()}`, ...keys].join('\n'), compacted, log };
}

function sameSeen(a: Seen, b: Seen, stage: number): void {
  assert.equal(a.state, b.state, `stage ${stage}`);
  const from = Math.max(a.compacted, b.compacted);
  const kept = (s: Seen) => s.log.filter((e) => e.revision > from).map((e) => e.line).join('\n');
  assert.equal(kept(a), kept(b), `stage ${stage}: the log after revision ${from}`);
}

/** `kubectl get pods -w` on a virtual clock: waits until a minute has passed without a pod changing. */
async function watchUntilQuiet(c: Cluster): Promise<void> {
  let revision = c.store.revision();
  let lastChangeMs = c.clock.now();
  await waitUntil(c, {
    watching: true,
    deadlineMs: c.clock.now() + 7 * DAY,
    done: () => false,
    onStep: () => {
      for (const ev of c.api.changesSince(revision, PODS)) {
        revision = Math.max(revision, ev.revision);
        lastChangeMs = ev.timeMs;
      }
    },
    idleAfter: () => lastChangeMs + 60_000,
  });
}

/** Runs the scenario on both clusters, comparing what can be seen after every stage. */
async function sameAsEveryTick(scenario: (c: Cluster, stage: () => void) => Promise<void> | void): Promise<{ steps: number; everyTickSteps: number }> {
  const skip = cluster(false);
  const every = cluster(true);
  try {
    const run = async (c: Cluster): Promise<Seen[]> => {
      const seen: Seen[] = [];
      await scenario(c, () => seen.push(observable(c)));
      seen.push(observable(c));
      return seen;
    };
    const a = await run(skip);
    const b = await run(every);
    assert.equal(a.length, b.length);
    a.forEach((s, i) => sameSeen(s, b[i]!, i));
    return { steps: skip.controlPlane.work.instants, everyTickSteps: every.controlPlane.work.instants };
  } finally {
    skip.close();
    every.close();
  }
}

test('an idle cluster: the control-plane steps of advance 7d do not grow with the duration', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    article(c);
    advanceBy(c, 2 * H); // the rollout, then the events' hour of life
    const work = c.controlPlane.work;
    const steps = (ms: number): number => {
      const before = work.instants;
      advanceBy(c, ms);
      return work.instants - before;
    };
    const oneHour = steps(H);
    const oneDay = steps(DAY);
    const sevenDays = steps(7 * DAY);
    // Ticking every probe period, 4 pods take 4 × (720 readiness + 360 liveness) steps an hour.
    assert.ok(oneHour <= 4, `1h of steady state: ${oneHour} steps`);
    assert.ok(sevenDays <= oneDay, `7d: ${sevenDays} steps, 1d: ${oneDay}`);
    assert.equal(sevenDays, 0);
    const rows = c.api.list(PODS, 'default').map((p) => JSON.stringify((p['status'] as { containerStatuses: unknown[] }).containerStatuses.map((s) => (s as { ready: boolean; restartCount: number }).ready)));
    assert.deepEqual(rows, ['[true]', '[true]', '[true]', '[true]']);
  } finally {
    c.close();
  }
});

test('the article app over a day, a pod deleted, a watch until quiet: as if every probe tick were a step', async () => {
  const { steps, everyTickSteps } = await sameAsEveryTick(async (c, stage) => {
    article(c);
    advanceBy(c, 90_000);
    stage();
    await watchUntilQuiet(c);
    stage();
    advanceBy(c, 3 * H);
    stage();
    const victim = c.api.list(PODS, 'default')[0]!;
    c.api.delete(PODS, 'default', victim.metadata.name ?? '');
    settle(c);
    await watchUntilQuiet(c);
    stage();
    advanceBy(c, DAY);
  });
  assert.ok(steps * 20 < everyTickSteps, `${steps} steps, ticking every period ${everyTickSteps}`);
});

/** Pods of one image tag with a given probe set: the template of the article's Deployment with other probes. */
function probeDeployment(name: string, image: string, containerExtra: Record<string, unknown>, replicas = 2): KubeObject {
  const [d] = example('hello-deploy.yaml') as [KubeObject];
  const spec = d['spec'] as { replicas: number; selector: unknown; template: { metadata: { labels: Record<string, string> }; spec: { containers: Record<string, unknown>[] } } };
  const container = { ...spec.template.spec.containers[0]!, image, ...containerExtra };
  return {
    ...d,
    metadata: { name },
    spec: {
      ...spec,
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { ...spec.template.spec, containers: [container] } },
    },
  } as KubeObject;
}

test('probes that fail for a while, then recover or kill: the same events, counts, restarts and statuses', async () => {
  const { steps, everyTickSteps } = await sameAsEveryTick(async (c, stage) => {
    c.api.create(IMAGE_REPOSITORIES, undefined, {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'drill' },
      spec: {
        repository: 'example/drill',
        tags: {
          // slow to start: the startup probe fails for 40 s, then the app is healthy for good
          slow: { startSeconds: 40 },
          // healthy for 2 minutes, then /healthz fails: liveness kills it, it restarts, again and again
          sick: { unhealthyAfterSeconds: 120 },
          // /readyz never answers 200: a readiness failure (an Unhealthy event) every period
          unready: { neverReady: true },
          // exits by itself after 10 minutes, is restarted
          short: { exitAfterSeconds: 600 },
        },
      },
    });
    const http = { httpGet: { path: '/healthz', port: 'http' } };
    const deployments = [
      probeDeployment('slow', 'example/drill:slow', { startupProbe: { ...http, periodSeconds: 3, failureThreshold: 30 } }),
      probeDeployment('sick', 'example/drill:sick', {}),
      // a TCP liveness probe succeeds while the app listens, sick or not: the health change is a step, its ticks stay quiet
      probeDeployment('sick-tcp', 'example/drill:sick', {
        livenessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 7, initialDelaySeconds: 9 },
        readinessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 4, successThreshold: 2 },
      }),
      probeDeployment('unready', 'example/drill:unready', {}, 1),
      probeDeployment('short', 'example/drill:short', { livenessProbe: { ...http, periodSeconds: 13 } }),
    ];
    for (const d of deployments) c.api.create(DEPLOYMENTS, 'default', d);
    settle(c);
    for (const t of [30_000, 60_000, 5 * 60_000, H]) {
      advanceBy(c, t);
      stage();
    }
    await watchUntilQuiet(c);
    stage();
    advanceBy(c, 6 * H);
  });
  assert.ok(steps < everyTickSteps, `${steps} steps, ticking every period ${everyTickSteps}`);
});

/** Restarts of the pods' containers, summed. */
function restarts(c: Cluster): number {
  let n = 0;
  for (const p of c.api.list(PODS, 'default')) {
    for (const s of ((p['status'] as { containerStatuses?: { restartCount: number }[] } | undefined)?.containerStatuses ?? [])) n += s.restartCount;
  }
  return n;
}

/** Crash-looping pods (hello:1.3 exits at start) and a pod whose tag does not exist, next to the article's four. */
function backOffPods(c: Cluster): void {
  article(c);
  c.api.create(DEPLOYMENTS, 'default', probeDeployment('crash', 'ghcr.io/example/hello:1.3', {}, 2));
  c.api.create(DEPLOYMENTS, 'default', probeDeployment('missing', 'ghcr.io/example/hello:1.2', {}, 1));
  settle(c);
}

test('back-off resyncs the spam filter drops are folded: the same events, counts and timestamps as resyncing every 10 s', async () => {
  const { steps, everyTickSteps } = await sameAsEveryTick(async (c, stage) => {
    backOffPods(c);
    for (const t of [30_000, 5 * 60_000, H]) {
      advanceBy(c, t);
      stage();
    }
    // Ends a minute after a pod changed: between two restarts, at the last resync it folded.
    await watchUntilQuiet(c);
    stage();
    const victim = c.api.list(PODS, 'default').find((p) => p.metadata.name?.startsWith('crash-'))!;
    c.api.delete(PODS, 'default', victim.metadata.name ?? '');
    settle(c);
    advanceBy(c, 10 * 60_000);
    stage();
    advanceBy(c, 6 * H);
  });
  assert.ok(steps * 5 < everyTickSteps, `${steps} steps, resyncing every 10 s ${everyTickSteps}`);
});

test('back-off resyncs of several containers of one pod, folded at one sync, are recorded in time order: the same as resyncing every 10 s', async () => {
  const { steps, everyTickSteps } = await sameAsEveryTick(async (c, stage) => {
    article(c);
    // Two containers that exit at start and one whose tag does not exist (two events a resync):
    // a sync folds each one's resyncs in turn, so the plan's events are out of time order.
    const d = probeDeployment('trio', 'ghcr.io/example/hello:1.3', {}, 1);
    const spec = d['spec'] as { template: { spec: { containers: Record<string, unknown>[] } } };
    const [first] = spec.template.spec.containers as [Record<string, unknown>];
    const plain = { name: 'b', image: 'ghcr.io/example/hello:1.3', env: first['env'] };
    spec.template.spec.containers = [first, plain, { name: 'c', image: 'ghcr.io/example/hello:1.2' }];
    c.api.create(DEPLOYMENTS, 'default', d);
    settle(c);
    for (const t of [5 * 60_000, H, 3 * H]) {
      advanceBy(c, t);
      stage();
    }
  });
  assert.ok(steps * 3 < everyTickSteps, `${steps} steps, resyncing every 10 s ${everyTickSteps}`);
});

test('a crash loop: the control-plane steps of an advance grow with the restarts, not with the resyncs', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    backOffPods(c);
    advanceBy(c, 2 * H); // the back-offs at their 5 minutes, the pods' bursts of 25 events spent
    const work = c.controlPlane.work;
    const run = (ms: number): { steps: number; restarts: number } => {
      const [s, r] = [work.instants, restarts(c)];
      advanceBy(c, ms);
      return { steps: work.instants - s, restarts: restarts(c) - r };
    };
    const day = run(DAY);
    // Two crash-looping pods restart every 5 min: 576 restarts a day. Every 5 min, 9 writes: each
    // crash-looping pod's status at its restart (with its exit) and at the relist that sees it,
    // and the one event the spam filter lets through; the missing tag's pod's two statuses
    // (ErrImagePull, ImagePullBackOff) and its one event. The default start spread (spread.ts)
    // puts the three pods a few hundred ms apart, so each write is a step of its own: 9 steps,
    // 9 for the informers to see them 1 ms later, and the three events' expiry an hour on: 21
    // steps, 10.5 a restart. Resyncing every 10 s, each of the three back-offs added 30 steps
    // every 5 min.
    assert.equal(day.restarts, 576);
    assert.ok(2 * day.steps <= 21 * day.restarts, `1d: ${day.steps} steps for ${day.restarts} restarts`);
    const hour = run(H);
    assert.ok(hour.steps * 24 <= day.steps * 1.05, `1h: ${hour.steps} steps, 1d: ${day.steps}`);
  } finally {
    c.close();
  }
});

test('a never-ready pod: the failing readiness ticks the spam filter drops are not steps', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    c.api.create(IMAGE_REPOSITORIES, undefined, {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'drill' },
      spec: { repository: 'example/drill', tags: { unready: { neverReady: true } } },
    });
    c.api.create(DEPLOYMENTS, 'default', probeDeployment('unready', 'example/drill:unready', {}, 1));
    settle(c);
    advanceBy(c, 10 * 60_000); // its burst of 25 Unhealthy events spent
    const before = c.controlPlane.work.instants;
    advanceBy(c, DAY);
    const steps = c.controlPlane.work.instants - before;
    // Readiness fails every 5 s (17280 ticks a day); one Unhealthy event is written every 300 s
    // (288 a day), each a step, its informers' step and its expiry's: about 3 × 288.
    assert.ok(steps <= 4 * 288, `1d: ${steps} steps`);
    const [event] = c.api.list(EVENTS, 'default').filter((e) => e['reason'] === 'Unhealthy');
    const count = Number(event?.['count']);
    const span = (Date.parse(String(event?.['lastTimestamp'])) - Date.parse(String(event?.['firstTimestamp']))) / 1000;
    assert.equal(count, span / 5 + 1, 'every tick counted');
  } finally {
    c.close();
  }
});
