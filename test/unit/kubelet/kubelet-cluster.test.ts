import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../src/apiserver/errors.js';
import { harness, helloPod, plainPod, IMAGE_REPOSITORIES, PODS } from './harness.js';

/** The article's registry: hello 1.0 and 1.1 exist, 1.3 needs FEATURE_X_ENABLED. */
function createRegistry(h: ReturnType<typeof harness>): void {
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'hello' },
    // Exact pulls keep these timelines in whole seconds.
    spec: {
      repository: 'ghcr.io/example/hello',
      behavior: { pullJitterPercent: 0 },
      tags: { '1.0': {}, '1.1': {}, '1.3': { requiredEnv: ['FEATURE_X_ENABLED'] } },
    },
  });
}

interface PodStatusView {
  phase?: string;
  podIP?: string;
  hostIP?: string;
  conditions?: { type: string; status: string; lastTransitionTime: string }[];
  containerStatuses?: { ready: boolean; started: boolean; restartCount: number; state: Record<string, unknown> }[];
}
const statusOf = (h: ReturnType<typeof harness>, name: string): PodStatusView => (h.pod(name)?.['status'] ?? {}) as PodStatusView;

test('the hello pod: ContainerCreating, Running 0/1 while the startup probe fails, Ready 5 s after creation', () => {
  const h = harness();
  // A first pod pulls the image onto k8s-node-1 (1 s); the one under test finds it there.
  h.c.api.create(PODS, 'default', helloPod('warm'));
  h.at(30);
  const h0 = 30;
  h.c.api.create(PODS, 'default', helloPod('hello-a'));
  const rows: string[] = [];
  for (const s of [0.5, 1.5, 3.5, 4.5, 5.5]) {
    h.at(h0 + s);
    rows.push(`${s} ${h.row('hello-a')}`);
  }
  assert.deepEqual(rows, ['0.5 0/1 ContainerCreating 0', '1.5 0/1 Running 0', '3.5 0/1 Running 0', '4.5 0/1 Running 0', '5.5 1/1 Running 0']);
  const st = statusOf(h, 'hello-a');
  assert.equal(st.phase, 'Running');
  assert.equal(st.hostIP, '10.0.0.11');
  assert.equal(st.podIP, '10.244.1.3', 'the second pod on k8s-node-1');
  const ready = st.conditions?.find((c) => c.type === 'Ready');
  assert.equal(ready?.lastTransitionTime, '2026-10-26T19:00:35Z', 'created at :30, Ready at :35 (+1 ms informer latency)');
  assert.deepEqual(st.conditions?.map((c) => `${c.type}=${c.status}`), [
    'PodReadyToStartContainers=True',
    'Initialized=True',
    'Ready=True',
    'ContainersReady=True',
    'PodScheduled=True',
  ]);
  assert.deepEqual(h.events('hello-a'), [
    'Pulled: Container image "ghcr.io/example/hello:1.0" already present on machine',
    'Created: Created container: hello',
    'Started: Started container hello',
    'Unhealthy: Startup probe failed: Get "http://10.244.1.3:8080/healthz": dial tcp 10.244.1.3:8080: connect: connection refused (x2)',
  ]);
  h.c.close();
});

test('deleting the hello pod: Terminating for 7 s (preStop 5 s + exit 2 s), still 1/1 meanwhile', () => {
  const h = harness();
  h.c.api.create(PODS, 'default', helloPod('hello-a'));
  h.at(20);
  h.c.api.delete(PODS, 'default', 'hello-a');
  h.at(26.5);
  assert.equal(h.row('hello-a'), '1/1 Terminating 0');
  h.at(27.5);
  assert.equal(h.row('hello-a'), '<gone>');
  assert.ok(h.events('hello-a').includes('Killing: Stopping container hello'));
  h.c.close();
});

test('a grace period shorter than the app needs ends in SIGKILL at the deadline', () => {
  const h = harness();
  createRegistry(h);
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'slow' },
    spec: { repository: 'example/slow', behavior: { stopSeconds: 60 }, tags: { '1': {} } },
  });
  h.c.api.create(PODS, 'default', plainPod('slow', 'example/slow:1', { terminationGracePeriodSeconds: 10 }));
  h.at(10);
  h.c.api.delete(PODS, 'default', 'slow');
  h.at(19.5);
  assert.equal(h.row('slow'), '1/1 Terminating 0');
  h.at(20.5);
  assert.equal(h.row('slow'), '<gone>');
  h.c.close();
});

test('a pod that never started goes at once when deleted', () => {
  const h = harness();
  createRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('typo', 'ghcr.io/example/hello:1.2'));
  h.at(5);
  assert.equal(h.row('typo'), '0/1 ImagePullBackOff 0');
  h.c.api.delete(PODS, 'default', 'typo');
  h.at(5.01);
  assert.equal(h.row('typo'), '<gone>');
  h.c.close();
});

test('a tag the registry lacks: ErrImagePull and ImagePullBackOff alternate, pulls 10 s, 20 s, 40 s apart', () => {
  const h = harness();
  createRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('typo', 'ghcr.io/example/hello:1.2'));
  const seen: string[] = [];
  for (const s of [0.5, 1.5, 2.5, 11.5, 12.5, 22.5, 32.5, 42.5, 72.5, 82.5, 121]) {
    h.at(s);
    seen.push(`${s} ${h.row('typo').split(' ')[1]}`);
  }
  assert.deepEqual(seen, [
    '0.5 ContainerCreating',
    '1.5 ErrImagePull',
    '2.5 ImagePullBackOff',
    '11.5 ImagePullBackOff',
    '12.5 ErrImagePull',
    '22.5 ImagePullBackOff',
    '32.5 ErrImagePull',
    '42.5 ImagePullBackOff',
    '72.5 ErrImagePull',
    '82.5 ImagePullBackOff',
    '121 ImagePullBackOff',
  ]);
  const ev = h.events('typo');
  assert.ok(ev.includes('Failed: Failed to pull image "ghcr.io/example/hello:1.2": failed to resolve image: ghcr.io/example/hello:1.2: not found (x4)'), ev.join('\n'));
  assert.ok(ev.includes('Failed: Error: ErrImagePull (x4)'));
  assert.ok(ev.some((e) => e.startsWith('BackOff: Back-off pulling image "ghcr.io/example/hello:1.2"')));
  const cs = statusOf(h, 'typo').containerStatuses?.[0];
  assert.deepEqual(cs?.state, { waiting: { message: 'Back-off pulling image "ghcr.io/example/hello:1.2"', reason: 'ImagePullBackOff' } });
  assert.equal(statusOf(h, 'typo').phase, 'Pending');
  h.c.close();
});

test('requiredEnv missing: Error, then CrashLoopBackOff with restarts 10 s, 20 s apart; with the variable it runs', () => {
  const h = harness();
  createRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('x13', 'ghcr.io/example/hello:1.3'));
  h.c.api.create(PODS, 'default', plainPod('x13-ok', 'ghcr.io/example/hello:1.3', {}, { env: [{ name: 'FEATURE_X_ENABLED', value: 'true' }] }));
  const seen: string[] = [];
  for (const s of [2.5, 3.5, 4.5, 13.5, 14.5, 34.5]) {
    h.at(s);
    seen.push(`${s} ${h.row('x13')}`);
  }
  assert.deepEqual(seen, [
    '2.5 0/1 Error 0',
    // RESTARTS counts from lastState: the run before the current one.
    '3.5 0/1 Error 1 (1s ago)',
    '4.5 0/1 CrashLoopBackOff 1 (1s ago)',
    '13.5 0/1 Error 2 (10s ago)',
    '14.5 0/1 CrashLoopBackOff 2 (1s ago)',
    '34.5 0/1 CrashLoopBackOff 3 (1s ago)',
  ]);
  assert.equal(h.row('x13-ok'), '1/1 Running 0');
  assert.ok(
    h.events('x13').some((e) => /^BackOff: Back-off restarting failed container app in pod x13_default\([0-9a-f-]{36}\)/.test(e)),
    h.events('x13').join('\n'),
  );
  h.c.close();
});

test('readiness never passing: Running 0/1 with Unhealthy events; liveness failing restarts the container', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'flaky' },
    spec: {
      repository: 'example/flaky',
      behavior: { pullJitterPercent: 0 },
      tags: { 'never-ready': { neverReady: true }, sick: { unhealthyAfterSeconds: 30 } },
    },
  });
  const probe = (path: string) => ({ httpGet: { path, port: 8080 }, periodSeconds: 10, failureThreshold: 3 });
  // On another node than `sick`, so that the two pulls do not wait for each other.
  h.c.api.create(PODS, 'default', plainPod('nr', 'example/flaky:never-ready', { nodeName: 'k8s-node-2' }, { readinessProbe: probe('/readyz') }));
  h.c.api.create(PODS, 'default', plainPod('sick', 'example/flaky:sick', {}, { livenessProbe: probe('/healthz') }));
  // Started at 2; liveness at 2 (refused: the app needs 3 s), 12, 22 ok, 32, 42, 52 fail → kill at 52,
  // SIGTERM, exit 2 s later, restart one relist (1 s) after that.
  h.at(51.5);
  assert.equal(h.row('sick'), '1/1 Running 0');
  h.at(54.5);
  // SIGTERM ends the app: exit code 143, reason Error.
  assert.equal(h.row('sick'), '0/1 Error 0');
  h.at(56);
  assert.equal(h.row('sick'), '1/1 Running 1 (2s ago)');
  assert.ok(h.events('sick').includes('Killing: Container app failed liveness probe, will be restarted'), h.events('sick').join('\n'));
  assert.ok(h.events('sick').includes('Unhealthy: Liveness probe failed: HTTP probe failed with statuscode: 500 (x3)'));
  h.at(60);
  assert.equal(h.row('nr'), '0/1 Running 0');
  assert.ok(h.events('nr').some((e) => e.startsWith('Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 503 (x')));
  h.c.close();
});

test('restartPolicy Never: Completed / Error and a terminal phase; the pod keeps its IP in status', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'job' },
    spec: { repository: 'example/job', behavior: { exitAfterSeconds: 5 }, tags: { ok: {}, fail: { exitCode: 3 } } },
  });
  h.c.api.create(PODS, 'default', plainPod('ok', 'example/job:ok', { restartPolicy: 'Never' }));
  // On another node: two images on one node are pulled one after the other.
  h.c.api.create(PODS, 'default', plainPod('fail', 'example/job:fail', { restartPolicy: 'Never', nodeName: 'k8s-node-2' }));
  h.at(6);
  assert.equal(h.row('ok'), '1/1 Running 0');
  h.at(8);
  assert.equal(h.row('ok'), '0/1 Completed 0');
  assert.equal(h.row('fail'), '0/1 Error 0');
  assert.equal(statusOf(h, 'ok').phase, 'Succeeded');
  assert.equal(statusOf(h, 'fail').phase, 'Failed');
  assert.match(statusOf(h, 'ok').podIP ?? '', /^10\.244\.1\.2$/);
  // One relist after the exit the kubelet tears the sandbox down.
  h.at(9);
  assert.equal(statusOf(h, 'ok').conditions?.find((c) => c.type === 'PodReadyToStartContainers')?.status, 'False');
  assert.equal(statusOf(h, 'ok').conditions?.find((c) => c.type === 'Ready')?.status, 'False');
  // Finished pods have nothing to stop: deleting one removes it at once.
  h.c.api.delete(PODS, 'default', 'ok');
  h.at(9.1);
  assert.equal(h.row('ok'), '<gone>');
  h.c.close();
});

test('a run is deterministic: the same seed gives the same container IDs, IPs and events', () => {
  const runOnce = () => {
    const h = harness('42');
    h.c.api.create(PODS, 'default', helloPod('a'));
    h.c.api.create(PODS, 'default', helloPod('b'));
    h.at(12);
    const out = JSON.stringify([statusOf(h, 'a'), statusOf(h, 'b'), h.events('a')]);
    h.c.close();
    return out;
  };
  assert.equal(runOnce(), runOnce());
});

test('ImageRepository validation is worded like kube-apiserver', () => {
  const h = harness();
  const attempt = (spec: Record<string, unknown>) => {
    try {
      h.c.api.create(IMAGE_REPOSITORIES, undefined, { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'bad' }, spec });
      return 'created';
    } catch (e) {
      assert.ok(e instanceof StatusError);
      return e.message;
    }
  };
  assert.equal(attempt({}), 'ImageRepository.kubemu.io "bad" is invalid: spec.repository: Required value');
  assert.equal(
    attempt({ repository: 'x/y', behavior: { pullSeconds: -1 }, tags: { '1.3': { startSeconds: -2 } } }),
    'ImageRepository.kubemu.io "bad" is invalid: [spec.behavior.pullSeconds: Invalid value: -1: must be greater than or equal to 0, spec.tags[1.3].startSeconds: Invalid value: -2: must be greater than or equal to 0]',
  );
  assert.equal(
    attempt({ repository: 'x/y', behavior: { pullJitterPercent: 150 }, tags: { '1': { startJitterMilliseconds: 60_001 }, '2': { startJitterMilliseconds: 0.5 } } }),
    'ImageRepository.kubemu.io "bad" is invalid: [spec.behavior.pullJitterPercent: Invalid value: 150: must be between 0 and 100, inclusive, spec.tags[1].startJitterMilliseconds: Invalid value: 60001: must be between 0 and 60000, inclusive, spec.tags[2].startJitterMilliseconds: Invalid value: 0.5: must be an integer]',
  );
  assert.equal(
    attempt({ repository: 'x/y', behavior: { presentOn: 'k8s-node-1' }, tags: { '1': { presentOn: ['k8s-node-1', 7, 'Node_2'] } } }),
    'ImageRepository.kubemu.io "bad" is invalid: [spec.behavior.presentOn: Invalid value: "k8s-node-1": must be a list of node names, spec.tags[1].presentOn[1]: Invalid value: 7: must be a string, spec.tags[1].presentOn[2]: Invalid value: "Node_2": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')]',
  );
  assert.equal(attempt({ repository: 'x/y' }), 'created');
  const stored = h.c.api.get(IMAGE_REPOSITORIES, undefined, 'bad');
  assert.deepEqual(stored['spec'], {
    repository: 'x/y',
    behavior: { pullSeconds: 1, pullJitterPercent: 10, startJitterMilliseconds: 300, startSeconds: 3, stopSeconds: 2, sigtermExitCode: 143, neverReady: false, exitCode: 0, exitAfterSeconds: 0, requiredEnv: [], unhealthyAfterSeconds: 0 },
  });
  h.c.close();
});

test('presentOn: a node that holds the image from the start pulls nothing; another node pulls it', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'hello' },
    spec: { repository: 'ghcr.io/example/hello', behavior: { pullJitterPercent: 0 }, tags: { '1.0': { presentOn: ['k8s-node-2'], pullSeconds: 30 } } },
  });
  h.c.api.create(PODS, 'default', plainPod('there', 'ghcr.io/example/hello:1.0', { nodeName: 'k8s-node-2' }));
  h.c.api.create(PODS, 'default', plainPod('pulling', 'ghcr.io/example/hello:1.0', { nodeName: 'k8s-node-1' }));
  h.at(5);
  assert.equal(h.row('there'), '1/1 Running 0');
  assert.equal(h.row('pulling'), '0/1 ContainerCreating 0');
  assert.equal(h.events('there')[0], 'Pulled: Container image "ghcr.io/example/hello:1.0" already present on machine');
  assert.ok(h.events('pulling').includes('Pulling: Pulling image "ghcr.io/example/hello:1.0"'), h.events('pulling').join('\n'));
  h.at(35);
  assert.equal(h.row('pulling'), '1/1 Running 0', 'pulled in 30 s');
  h.c.close();
});
