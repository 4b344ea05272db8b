import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../../src/apiserver/errors.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { runLogs, type LogsRequest } from '../../../src/kubectl/cmd/logs/run-logs.js';
import { followLogs } from '../../../src/kubectl/cmd/logs/follow-logs.js';
import { harness, helloPod, plainPod, IMAGE_REPOSITORIES, NO_SPREAD, PODS, type Harness } from '../kubelet/harness.js';

/**
 * `kubectl logs` of app pods on a virtual cluster: which run each request reads (the kubelet's
 * validateContainerLogStatus over the pod's status), and what the run printed by then.
 */

const LOGS = {
  start: ['up ${IMAGE_TAG} as ${POD_NAME} in ${POD_NAMESPACE} (${CONTAINER_NAME}) mode=${MODE}'],
  every: { seconds: 10, line: 'tick' },
  crash: ['fatal: ${MISSING_ENV} missing, exit ${EXIT_CODE}'],
  stop: ['bye'],
};

function setup(): Harness {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'app' },
    spec: {
      repository: 'example.com/app',
      behavior: { ...NO_SPREAD, startSeconds: 3, stopSeconds: 2, logs: LOGS },
      tags: { '1': {}, '2': { requiredEnv: ['PORT'] }, quiet: { logs: {} }, dies: { exitCode: 3, exitAfterSeconds: 25 } },
    },
  });
  return h;
}

function logs(h: Harness, req: Partial<LogsRequest> & { target: string }): string {
  return runLogs({ api: h.c.api, store: h.c.store, nowMs: h.c.clock.now(), err: () => undefined }, { namespace: 'default', ...req });
}

function error(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return e instanceof StatusError ? `${e.reason}: ${e.message}` : (e as Error).message;
  }
}

test('a pod still creating its container: the kubelet says it is waiting to start; then the run prints as the clock passes', () => {
  const h = setup();
  h.c.api.create(PODS, 'default', plainPod('a', 'example.com/app:1', {}, { env: [{ name: 'MODE', value: 'fast' }] }));
  h.c.api.create(PODS, 'default', plainPod('unscheduled', 'example.com/app:1', { nodeName: undefined, nodeSelector: { disk: 'none-has-it' } }));
  h.at(0.5);
  assert.equal(error(() => logs(h, { target: 'a' })), 'BadRequest: container "app" in pod "a" is waiting to start: ContainerCreating');
  assert.equal(error(() => logs(h, { target: 'unscheduled' })), 'BadRequest: pod unscheduled does not have a host assigned');
  h.at(25);
  // seen 1 ms after its creation, pulled from 1 s (1 s pull), started at 2.001 s: ticks at 12.001 s and 22.001 s
  assert.equal(logs(h, { target: 'a' }), 'up 1 as a in default (app) mode=fast\ntick\ntick\n');
  assert.equal(logs(h, { target: 'a', tail: 1, timestamps: true }), '2026-10-26T19:00:22.001000000Z tick\n');
  assert.equal(error(() => logs(h, { target: 'a', previous: true })), 'BadRequest: previous terminated container "app" in pod "a" not found');
  assert.equal(error(() => logs(h, { target: 'a', container: 'nope' })), 'container nope is not valid for pod a out of: app');
  h.c.close();
});

test('requiredEnv missing: the crash line at start; CrashLoopBackOff shows the crashed run, then after the restart --previous does', () => {
  const h = setup();
  h.c.api.create(PODS, 'default', plainPod('b', 'example.com/app:2'));
  // started (and exited) at 2.001 s; the relist a second later puts it in CrashLoopBackOff
  h.at(3);
  const crashed = 'up 2 as b in default (app) mode=\nfatal: PORT missing, exit 1\n';
  assert.equal(h.row('b'), '0/1 Error 0');
  assert.equal(logs(h, { target: 'b' }), crashed);
  assert.equal(error(() => logs(h, { target: 'b', previous: true })), 'BadRequest: previous terminated container "app" in pod "b" not found');
  h.at(13);
  assert.match(h.row('b'), /CrashLoopBackOff/);
  // CrashLoopBackOff: the current request reads lastState's run, --previous the same one
  assert.equal(logs(h, { target: 'b', previous: true }), crashed);
  const first = logs(h, { target: 'b', timestamps: true });
  h.at(60);
  const restarts = Number(h.row('b').split(' ')[2]);
  assert.ok(restarts >= 2, `restarted (${h.row('b')})`);
  // each run prints at its own start; --previous is the run before the current one
  assert.notEqual(logs(h, { target: 'b', timestamps: true, previous: true }), first);
  assert.equal(logs(h, { target: 'b', previous: true }), crashed);
  h.c.close();
});

test('an app exiting by itself after 25 s: ticks, then the crash line; a deleted pod prints its stop line at SIGTERM', () => {
  const h = setup();
  h.c.api.create(PODS, 'default', plainPod('c', 'example.com/app:dies'));
  h.c.api.create(PODS, 'default', helloPod('d', 'example.com/app:1'));
  h.at(40);
  assert.equal(logs(h, { target: 'c', previous: true }), 'up dies as c in default (app) mode=\ntick\ntick\nfatal:  missing, exit 3\n');
  assert.equal(logs(h, { target: 'd', tail: 1 }), 'tick\n');
  h.c.api.delete(PODS, 'default', 'd');
  // d waited for c's pull: started at 3.001 s, ticks at 13.001 s ... 43.001 s. Deleted at 40 s with
  // preStop sleep 5 s: SIGTERM at 45.001 s, the stop line then, and no tick at 53.001 s
  h.at(45);
  assert.equal(logs(h, { target: 'd', tail: 1 }), 'tick\n');
  h.at(46);
  assert.equal(logs(h, { target: 'd', tail: 2, timestamps: true }), '2026-10-26T19:00:43.001000000Z tick\n2026-10-26T19:00:45.001000000Z bye\n');
  h.c.close();
});

test('a tag whose logs: is {} prints nothing (a tag replaces the repository\'s whole logs:)', () => {
  const h = setup();
  h.c.api.create(PODS, 'default', plainPod('q', 'example.com/app:quiet'));
  h.at(30);
  assert.equal(logs(h, { target: 'q' }), '');
  h.c.close();
});

test('ImageRepository logs: is validated with kube-apiserver wording', () => {
  const h = harness();
  const attempt = (logs: unknown) => {
    try {
      h.c.api.create(IMAGE_REPOSITORIES, undefined, { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'bad' }, spec: { repository: 'x/y', tags: { '1.1': { logs } } } });
      h.c.api.delete(IMAGE_REPOSITORIES, undefined, 'bad');
      return 'created';
    } catch (e) {
      return (e as Error).message;
    }
  };
  assert.equal(attempt({ start: ['a'], every: [{ seconds: 5, line: 'b' }], crash: 'c' }), 'created');
  assert.equal(attempt('x'), 'ImageRepository.kubemu.io "bad" is invalid: spec.tags[1.1].logs: Invalid value: "x": must be an object with start, listening, every, crash, stop');
  assert.equal(attempt({ crash: [5] }), 'ImageRepository.kubemu.io "bad" is invalid: spec.tags[1.1].logs.crash[0]: Invalid value: 5: must be a string');
  assert.equal(
    attempt({ every: { seconds: 0 } }),
    'ImageRepository.kubemu.io "bad" is invalid: [spec.tags[1.1].logs.every.seconds: Invalid value: 0: must be a positive integer, spec.tags[1.1].logs.every.line: Required value]',
  );
  assert.equal(attempt({ stop2: [] }), 'ImageRepository.kubemu.io "bad" is invalid: spec.tags[1.1].logs.stop2: Unsupported value: "stop2": supported values: "start", "listening", "every", "crash", "stop"');
  h.c.close();
});

test('-f on a virtual clock: new lines as the clock passes, until the run ends or a quiet minute', async () => {
  const h = setup();
  h.c.api.create(PODS, 'default', plainPod('f', 'example.com/app:1'));
  h.c.api.create(PODS, 'default', plainPod('g', 'example.com/app:1'));
  h.at(15);
  let out = '';
  const req = { namespace: 'default', target: 'f', tail: 1, timestamps: true, maxRequests: 5 };
  await followLogs(h.c, req, (s) => (out += s), () => undefined, () => undefined);
  // the last line so far (12.001 s), then a tick every 10 s until a minute passes with nothing due
  const stamps = out.trim().split('\n').map((l) => l.slice(14, 23));

  assert.equal(stamps[0], '00:12.001');
  assert.equal(stamps[stamps.length - 1], '01:12.001', 'a quiet minute after the follow began at 15 s');
  assert.ok(stamps.length >= 7, out);
  assert.equal(new Set(stamps).size, stamps.length, 'no line twice');
  assert.ok(out.trim().split('\n').every((l) => l.endsWith(' tick')));
  await assert.rejects(followLogs(h.c, { ...req, target: undefined, selector: 'x!=y', maxRequests: 1 } as never, () => undefined, () => undefined, () => undefined), {
    message: 'you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit',
  });
  h.c.close();
});

test('${NAME} reads the container environment: envFrom, then env[] (values, fieldRefs, ConfigMap and Secret keys)', () => {
  const h = setup();
  const CM = findByKind('v1', 'ConfigMap')!;
  const SECRET = findByKind('v1', 'Secret')!;
  h.c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { MODE: 'from-envFrom', OTHER: 'x' } });
  h.c.api.create(SECRET, 'default', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sec' }, data: { token: Buffer.from('s3cret').toString('base64') } });
  const start = (env: unknown[], envFrom: unknown[] = []) => {
    const name = `e${h.c.api.list(PODS, 'default').length}`;
    h.c.api.create(PODS, 'default', plainPod(name, 'example.com/app:1', {}, { env, envFrom }));
    h.at(h.c.clock.now() / 1000 - h.t0 / 1000 + 5);
    return logs(h, { target: name }).split('\n')[0];
  };
  assert.equal(start([], [{ configMapRef: { name: 'cfg' } }]), 'up 1 as e0 in default (app) mode=from-envFrom');
  assert.equal(start([{ name: 'MODE', valueFrom: { secretKeyRef: { name: 'sec', key: 'token' } } }], [{ configMapRef: { name: 'cfg' } }]), 'up 1 as e1 in default (app) mode=s3cret');
  assert.equal(start([{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'OTHER' } } }]), 'up 1 as e2 in default (app) mode=x');
  assert.equal(start([{ name: 'MODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }]), 'up 1 as e3 in default (app) mode=k8s-node-1');
  assert.equal(start([{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k', optional: true } } }]), 'up 1 as e4 in default (app) mode=');
  h.c.close();
});

test('an app that exits by itself during the preStop hook never gets SIGTERM: its log ends with the crash line', async () => {
  const h = setup();
  // started at 2.001 s, exits by itself at 27.001 s; deleted at 24 s with preStop sleep 5 s (SIGTERM would be at 29 s)
  h.c.api.create(PODS, 'default', helloPod('h', 'example.com/app:dies'));
  h.at(24);
  h.c.api.delete(PODS, 'default', 'h');
  h.at(26);
  assert.equal(logs(h, { target: 'h', tail: 1 }), 'tick\n');
  // followed to its end: the pod is gone in the step of the exit, its last lines are printed all the same
  let out = '';
  await followLogs(h.c, { namespace: 'default', target: 'h', tail: 1, timestamps: true, maxRequests: 5 }, (s) => (out += s), () => undefined, () => undefined);
  assert.equal(out, '2026-10-26T19:00:22.001000000Z tick\n2026-10-26T19:00:27.001000000Z fatal:  missing, exit 3\n');
  assert.equal(h.pod('h'), undefined);
  h.c.close();
});
