import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { podColumns, podRow } from '../../../src/kubectl/printers/table/pod.js';

const NOW = Date.parse('2025-01-15T10:00:00Z');
const ago = (sec: number): string => new Date(NOW - sec * 1000).toISOString();

interface PodParts {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

function pod(parts: PodParts): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', creationTimestamp: ago(60), ...parts.metadata },
    spec: { containers: [{ name: 'app', image: 'app' }], ...parts.spec },
    status: parts.status ?? {},
  };
}

const running = { running: { startedAt: ago(50) } };
const readyApp = { name: 'app', ready: true, restartCount: 0, state: running };

/** READY, STATUS, RESTARTS of a pod. */
function summary(p: KubeObject): [string, string, string] {
  const [, ready, status, restarts] = podRow(p, NOW);
  return [ready ?? '', status ?? '', restarts ?? ''];
}

test('pod columns and their priorities', () => {
  assert.deepEqual(
    podColumns.map((c) => `${c.name}:${c.priority}`),
    ['Name:0', 'Ready:0', 'Status:0', 'Restarts:0', 'Age:0', 'IP:1', 'Node:1', 'Nominated Node:1', 'Readiness Gates:1'],
  );
});

test('phase when nothing more specific is known', () => {
  assert.deepEqual(summary(pod({ status: { phase: 'Pending' } })), ['0/1', 'Pending', '0']);
  assert.deepEqual(summary(pod({ status: {} })), ['0/1', '', '0']);
});

test('a running, ready container', () => {
  assert.deepEqual(summary(pod({ status: { phase: 'Running', containerStatuses: [readyApp] } })), ['1/1', 'Running', '0']);
});

test('a running but not ready container is not counted in READY', () => {
  const cs = { ...readyApp, ready: false };
  assert.deepEqual(summary(pod({ status: { phase: 'Running', containerStatuses: [cs] } })), ['0/1', 'Running', '0']);
});

test('waiting reasons: ContainerCreating, ErrImagePull', () => {
  for (const reason of ['ContainerCreating', 'ErrImagePull', 'ImagePullBackOff', 'CreateContainerConfigError']) {
    const cs = { name: 'app', ready: false, restartCount: 0, state: { waiting: { reason } } };
    assert.deepEqual(summary(pod({ status: { phase: 'Pending', containerStatuses: [cs] } })), ['0/1', reason, '0']);
  }
});

test('status.reason wins over the phase (Evicted)', () => {
  assert.deepEqual(summary(pod({ status: { phase: 'Failed', reason: 'Evicted' } })), ['0/1', 'Evicted', '0']);
});

test('SchedulingGated from the PodScheduled condition', () => {
  const conditions = [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }];
  assert.deepEqual(summary(pod({ status: { phase: 'Pending', conditions } })), ['0/1', 'SchedulingGated', '0']);
});

test('init containers: Init:i/n while one is running or has not started', () => {
  const spec = { initContainers: [{ name: 'a' }, { name: 'b' }] };
  const done = { name: 'a', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } };
  const runningInit = { name: 'b', ready: false, restartCount: 0, state: running };
  const waitingApp = { name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } };
  assert.equal(summary(pod({ spec, status: { phase: 'Pending', initContainerStatuses: [runningInit], containerStatuses: [waitingApp] } }))[1], 'Init:0/2');
  assert.equal(summary(pod({ spec, status: { phase: 'Pending', initContainerStatuses: [done, runningInit], containerStatuses: [waitingApp] } }))[1], 'Init:1/2');
  // waiting with PodInitializing is not a reason of its own
  const podInit = { ...runningInit, state: { waiting: { reason: 'PodInitializing' } } };
  assert.equal(summary(pod({ spec, status: { phase: 'Pending', initContainerStatuses: [done, podInit] } }))[1], 'Init:1/2');
});

test('init containers: waiting and failure reasons', () => {
  const spec = { initContainers: [{ name: 'a' }] };
  const withState = (state: unknown): KubeObject =>
    pod({ spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'a', ready: false, restartCount: 0, state }] } });
  assert.equal(summary(withState({ waiting: { reason: 'CrashLoopBackOff' } }))[1], 'Init:CrashLoopBackOff');
  assert.equal(summary(withState({ waiting: { reason: 'ErrImagePull' } }))[1], 'Init:ErrImagePull');
  assert.equal(summary(withState({ terminated: { exitCode: 1, reason: 'Error' } }))[1], 'Init:Error');
  assert.equal(summary(withState({ terminated: { exitCode: 137, signal: 9 } }))[1], 'Init:Signal:9');
  assert.equal(summary(withState({ terminated: { exitCode: 2 } }))[1], 'Init:ExitCode:2');
});

test('sidecars (restartPolicy Always) count towards READY and are skipped once started', () => {
  const spec = { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }] };
  const proxy = { name: 'proxy', ready: true, started: true, restartCount: 0, state: running };
  assert.deepEqual(
    summary(pod({ spec, status: { phase: 'Running', initContainerStatuses: [proxy], containerStatuses: [readyApp] } })),
    ['2/2', 'Running', '0'],
  );
  // a sidecar that has not started yet blocks initialization
  const notStarted = { ...proxy, ready: false, started: false };
  assert.deepEqual(summary(pod({ spec, status: { phase: 'Pending', initContainerStatuses: [notStarted] } })), ['0/2', 'Init:0/1', '0']);
});

test('containers are walked last to first, so the first container reason wins', () => {
  const spec = { containers: [{ name: 'a' }, { name: 'b' }] };
  const a = { name: 'a', ready: false, restartCount: 0, state: { waiting: { reason: 'ErrImagePull' } } };
  const b = { name: 'b', ready: false, restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } } };
  assert.deepEqual(summary(pod({ spec, status: { phase: 'Pending', containerStatuses: [a, b] } })), ['0/2', 'ErrImagePull', '2']);
  // a ready first container does not mask the second one's reason
  assert.deepEqual(summary(pod({ spec, status: { phase: 'Running', containerStatuses: [{ ...readyApp, name: 'a' }, b] } })), ['1/2', 'CrashLoopBackOff', '2']);
});

test('terminated containers: reason, Signal:N, ExitCode:N', () => {
  const withState = (state: unknown): string =>
    summary(pod({ status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state }] } }))[1];
  assert.equal(withState({ terminated: { exitCode: 137, reason: 'OOMKilled' } }), 'OOMKilled');
  assert.equal(withState({ terminated: { exitCode: 1, reason: 'Error' } }), 'Error');
  assert.equal(withState({ terminated: { exitCode: 143, signal: 15 } }), 'Signal:15');
  assert.equal(withState({ terminated: { exitCode: 3 } }), 'ExitCode:3');
});

test('Completed with a container still running: Running if the pod is Ready, else NotReady', () => {
  const spec = { containers: [{ name: 'job' }, { name: 'app' }] };
  const completed = { name: 'job', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } };
  const statuses = [completed, readyApp];
  assert.deepEqual(
    summary(pod({ spec, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: statuses } })),
    ['1/2', 'Running', '0'],
  );
  assert.deepEqual(
    summary(pod({ spec, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: statuses } })),
    ['1/2', 'NotReady', '0'],
  );
  // all done: Completed stays
  assert.deepEqual(summary(pod({ status: { phase: 'Succeeded', containerStatuses: [{ ...completed, name: 'app' }] } })), ['0/1', 'Completed', '0']);
});

test('deletionTimestamp: Terminating unless the phase is terminal; Unknown for NodeLost', () => {
  const deleting = { deletionTimestamp: ago(-30) };
  assert.equal(summary(pod({ metadata: deleting, status: { phase: 'Running', containerStatuses: [readyApp] } }))[1], 'Terminating');
  assert.equal(summary(pod({ metadata: deleting, status: { phase: 'Pending' } }))[1], 'Terminating');
  const completed = { name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } };
  assert.equal(summary(pod({ metadata: deleting, status: { phase: 'Succeeded', containerStatuses: [completed] } }))[1], 'Completed');
  assert.equal(summary(pod({ metadata: deleting, status: { phase: 'Failed', reason: 'Evicted' } }))[1], 'Evicted');
  assert.equal(summary(pod({ metadata: deleting, status: { phase: 'Running', reason: 'NodeLost', containerStatuses: [readyApp] } }))[1], 'Unknown');
  // NodeLost without a deletion is just the reason
  assert.equal(summary(pod({ status: { phase: 'Running', reason: 'NodeLost' } }))[1], 'NodeLost');
});

test('an Initialized=True condition lets the container reasons through despite a failed init status', () => {
  const spec = { initContainers: [{ name: 'init' }] };
  const failedInit = { name: 'init', ready: false, restartCount: 1, state: { terminated: { exitCode: 1, reason: 'Error' } } };
  const crash = { name: 'app', ready: false, restartCount: 5, state: { waiting: { reason: 'CrashLoopBackOff' } } };
  const status = { phase: 'Running', initContainerStatuses: [failedInit], containerStatuses: [crash] };
  assert.deepEqual(summary(pod({ spec, status })), ['0/1', 'Init:Error', '1']);
  const initialized = { ...status, conditions: [{ type: 'Initialized', status: 'True' }] };
  // RESTARTS restarts from the sidecars' count (none) plus the containers'
  assert.deepEqual(summary(pod({ spec, status: initialized })), ['0/1', 'CrashLoopBackOff', '5']);
});

test('RESTARTS: `N (X ago)` from the latest last-termination time', () => {
  const crash = {
    name: 'app',
    ready: false,
    restartCount: 17,
    state: { waiting: { reason: 'CrashLoopBackOff' } },
    lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago(12 * 60) } },
  };
  assert.deepEqual(summary(pod({ status: { phase: 'Running', containerStatuses: [crash] } })), ['0/1', 'CrashLoopBackOff', '17 (12m ago)']);
  // the most recent of several containers' terminations, with the counts summed
  const spec = { containers: [{ name: 'app' }, { name: 'b' }] };
  const b = { ...readyApp, name: 'b', restartCount: 2, lastState: { terminated: { exitCode: 1, finishedAt: ago(125) } } };
  assert.deepEqual(summary(pod({ spec, status: { phase: 'Running', containerStatuses: [crash, b] } }))[2], '19 (2m5s ago)');
  // a count without a known termination time stays bare
  assert.equal(summary(pod({ status: { phase: 'Running', containerStatuses: [{ ...readyApp, restartCount: 3 }] } }))[2], '3');
});

test('RESTARTS while initializing counts the init containers', () => {
  const spec = { initContainers: [{ name: 'init' }] };
  const init = {
    name: 'init',
    ready: false,
    restartCount: 4,
    state: { waiting: { reason: 'CrashLoopBackOff' } },
    lastState: { terminated: { exitCode: 1, finishedAt: ago(90) } },
  };
  assert.deepEqual(summary(pod({ spec, status: { phase: 'Pending', initContainerStatuses: [init] } })), ['0/1', 'Init:CrashLoopBackOff', '4 (90s ago)']);
});

test('wide cells: IP, NODE, NOMINATED NODE, READINESS GATES', () => {
  const p = pod({
    spec: { nodeName: 'node-1', readinessGates: [{ conditionType: 'a/ready' }, { conditionType: 'b/ready' }] },
    status: {
      phase: 'Running',
      podIPs: [{ ip: '10.244.0.5' }, { ip: 'fd00::5' }],
      conditions: [{ type: 'a/ready', status: 'True' }, { type: 'b/ready', status: 'False' }],
      containerStatuses: [readyApp],
    },
  });
  assert.deepEqual(podRow(p, NOW), ['p', '1/1', 'Running', '0', '60s', '10.244.0.5', 'node-1', '<none>', '1/2']);
  assert.deepEqual(podRow(pod({ status: { nominatedNodeName: 'node-9' } }), NOW).slice(5), ['<none>', '<none>', 'node-9', '<none>']);
});
