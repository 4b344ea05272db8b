import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_IMAGE_BEHAVIOR } from '../../../src/apiserver/defaults/imagerepository.js';
import { kill, runStep, STEPS, type ContainerEnv } from '../../../src/controllers/kubelet/lifecycle.js';
import { newContainerMemory, type ContainerMemory } from '../../../src/controllers/kubelet/memory.js';
import { podPhase, conditionSpecs } from '../../../src/controllers/kubelet/conditions.js';
import { containerStatus } from '../../../src/controllers/kubelet/container-status.js';

function env(over: Partial<ContainerEnv> = {}, behavior: Partial<typeof DEFAULT_IMAGE_BEHAVIOR> = {}): ContainerEnv {
  let n = 0;
  return {
    spec: { name: 'app', image: 'example/app:1', imagePullPolicy: 'IfNotPresent' },
    image: { exists: true, name: 'docker.io/example/app:1', imageId: 'docker.io/example/app@sha256:1', sizeBytes: 100, behavior: { ...DEFAULT_IMAGE_BEHAVIOR, ...behavior } },
    imagePresent: false,
    restartPolicy: 'Always',
    podDeleting: false,
    podRef: 'p_default(u)',
    envNames: [],
    newContainerId: () => `containerd://${++n}`,
    // An idle node and no jitter: a pull takes exactly pullSeconds.
    reservePull: (_now, baseMs) => ({ pullMs: baseMs, waitMs: 0 }),
    ...over,
  };
}

/** Runs every step due up to `until` (seconds), collecting `t phase` and event reasons. */
function run(c0: ContainerMemory, e: ContainerEnv, until: number): { trace: string[]; c: ContainerMemory } {
  let c = c0;
  const trace: string[] = [];
  for (let i = 0; i < 200 && c.dueMs !== undefined && c.dueMs <= until * 1000; i++) {
    const now = c.dueMs;
    const r = runStep(c, e, now);
    c = r.c;
    trace.push(`${now / 1000} ${c.phase}${r.events.length ? ' ' + r.events.map((x) => x.reason).join(',') : ''}`);
  }
  return { trace, c };
}

test('every phase that has steps ends in an unconditional row, so a due step always moves', () => {
  const phases = new Set(STEPS.flatMap((s) => s.from));
  for (const p of phases) {
    const rows = STEPS.filter((s) => s.from.includes(p));
    assert.ok(rows.length > 0);
    const phaseMem = { ...newContainerMemory('x', 0), phase: p };
    assert.ok(rows[rows.length - 1]!.when(phaseMem, env(), 0), p);
  }
});

test('a pull then a start: sandbox 1 s, pull 1 s, running at 2 s', () => {
  const { trace, c } = run(newContainerMemory('app', 1000), env(), 100);
  assert.deepEqual(trace, ['1 Starting', '1 Pulling Pulling', '2 Running Pulled,Created,Started']);
  assert.equal(c.instance?.containerId, 'containerd://1');
  assert.equal(c.ready, true, 'no probes: ready at start');
});

test('a missing tag: ErrImagePull, ImagePullBackOff one relist later, then pulls at 10 s, 20 s, 40 s back-off', () => {
  const { trace } = run(newContainerMemory('app', 1000), env({ image: { ...env().image, exists: false } }), 75);
  const pulls = trace.filter((t) => t.endsWith('ErrImagePull Failed,Failed')).map((t) => Number(t.split(' ')[0]));
  assert.deepEqual(pulls, [1, 12, 32, 72]);
  assert.deepEqual(trace.slice(0, 5), [
    '1 Starting',
    '1 Pulling Pulling',
    '1 ErrImagePull Failed,Failed',
    '2 ImagePullBackOff BackOff,Failed',
    '12 Starting',
  ]);
});

test('a crash loop: exit 1 at start; restarts at 1 s, then after 10 s, 20 s, 40 s of CrashLoopBackOff', () => {
  const start = newContainerMemory('app', 0);
  const { trace, c } = run(start, env({ imagePresent: true }, { requiredEnv: ['FEATURE_X_ENABLED'] }), 80);
  const starts = trace.filter((t) => t.includes('Started')).map((t) => Number(t.split(' ')[0]));
  assert.deepEqual(starts, [0, 1, 11, 31, 71]);
  assert.equal(c.restartCount, 4);
  assert.equal(c.last?.exitCode, 1);
  assert.equal(c.last?.reason, 'Error');
  assert.ok(trace.includes('2 CrashLoopBackOff BackOff'));
});

test('restartPolicy decides what happens after an exit', () => {
  const ran = (policy: string, exitCode: number) =>
    run(newContainerMemory('app', 0), env({ imagePresent: true, restartPolicy: policy }, { exitCode, exitAfterSeconds: 5 }), 30).c;
  assert.equal(ran('Never', 0).phase, 'Done');
  assert.equal(ran('Never', 0).terminated?.reason, 'Completed');
  assert.equal(ran('OnFailure', 0).phase, 'Done');
  assert.notEqual(ran('OnFailure', 2).phase, 'Done');
  assert.equal(ran('OnFailure', 2).restartCount > 0, true);
  assert.equal(ran('Always', 0).restartCount > 0, true);
});

test('kill for deletion: Killing event, exit 7 s later for the hello container', () => {
  const e = env({ imagePresent: true, spec: { name: 'hello', image: 'h:1', lifecycle: { preStop: { sleep: { seconds: 5 } } } } });
  const running = run(newContainerMemory('hello', 0), e, 0).c;
  const k = kill(running, 'deletion', 30, e, 10_000);
  assert.deepEqual(k.events, [{ type: 'Normal', reason: 'Killing', message: 'Stopping container hello' }]);
  assert.equal(k.c.dueMs, 17_000);
  const liveness = kill(running, 'liveness', 30, e, 10_000);
  assert.equal(liveness.events[0]?.message, 'Container hello failed liveness probe, will be restarted');
});

test('pod phase (getPhase) and the Ready conditions', () => {
  const w = { name: 'a', ready: false, state: 'waiting' as const, hasRun: false };
  const r = { name: 'a', ready: true, state: 'running' as const, hasRun: false };
  const t0 = { name: 'a', ready: false, state: 'terminated' as const, exitCode: 0, hasRun: false };
  const t1 = { name: 'a', ready: false, state: 'terminated' as const, exitCode: 1, hasRun: false };
  const loop = { name: 'a', ready: false, state: 'waiting' as const, exitCode: 1, hasRun: true };
  assert.equal(podPhase([w], 'Always', false), 'Pending');
  assert.equal(podPhase([r, w], 'Always', false), 'Pending');
  assert.equal(podPhase([r], 'Always', false), 'Running');
  assert.equal(podPhase([loop], 'Always', false), 'Running');
  assert.equal(podPhase([t1], 'Always', false), 'Running');
  assert.equal(podPhase([t0], 'Never', true), 'Succeeded');
  assert.equal(podPhase([t1], 'Never', true), 'Failed');
  assert.equal(podPhase([loop], 'Always', true), 'Failed', 'deleted while crash-looping');
  assert.equal(podPhase([t0], 'Always', true), 'Succeeded', 'deleted, exited 0 on SIGTERM');
  const conds = conditionSpecs([w, { ...w, name: 'b' }], 'Pending', true);
  assert.deepEqual(conds.map((c) => c.type), ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);
  assert.deepEqual(conds[2], { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [a b]' });
  assert.deepEqual(conditionSpecs([t0], 'Succeeded', false)[3], { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' });
});

test('container status before the first start and in CrashLoopBackOff', () => {
  const spec = { name: 'app', image: 'example/app:1', volumeMounts: [{ name: 'kube-api-access-x', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }] };
  assert.deepEqual(containerStatus(newContainerMemory('app', 0), spec), {
    image: 'example/app:1',
    imageID: '',
    lastState: {},
    name: 'app',
    ready: false,
    restartCount: 0,
    started: false,
    state: { waiting: { reason: 'ContainerCreating' } },
    volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-x', readOnly: true, recursiveReadOnly: 'Disabled' }],
  });
  const looping = run(newContainerMemory('app', 0), env({ imagePresent: true }, { requiredEnv: ['X'] }), 2).c;
  const s = containerStatus(looping, spec);
  assert.equal(looping.phase, 'CrashLoopBackOff');
  assert.deepEqual(s['state'], {
    waiting: { message: 'back-off 10s restarting failed container=app pod=p_default(u)', reason: 'CrashLoopBackOff' },
  });
  assert.deepEqual(s['lastState'], {
    terminated: { containerID: 'containerd://2', exitCode: 1, finishedAt: '1970-01-01T00:00:01Z', reason: 'Error', startedAt: '1970-01-01T00:00:01Z' },
  });
  assert.equal(s['containerID'], 'containerd://2');
  assert.equal(s['restartCount'], 1);
});
