import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planStop, preStopHook, type PreStopHook, type StopPlan } from '../../../src/controllers/kubelet/termination.js';
import { runExecCommand } from '../../../src/controllers/kubelet/hook-command.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { harness, helloPod, plainPod, EVENTS, IMAGE_REPOSITORIES, PODS, type Harness } from './harness.js';

const sleepAction = (s: number): PreStopHook => ({ ms: s * 1000, fails: false, exec: false });
const exec = (...command: string[]): PreStopHook => {
  const h = preStopHook({ preStop: { exec: { command } } });
  assert.ok(h);
  return h;
};

/** [grace, hook, stopSeconds, sigtermExitCode] → [SIGTERM at s, exit at s, exit code, FailedPreStopHook at s] */
type Row = [string, number, PreStopHook | undefined, number, number, [number, number, number, number | undefined]];

test('stop plans: preStop within the grace period, SIGTERM then, 2 s at least before SIGKILL, the image says the exit code', () => {
  const rows: Row[] = [
    ['the article: preStop sleep 5, app exits 2 s after SIGTERM', 30, sleepAction(5), 2, 143, [5, 7, 143, undefined]],
    ['exec sleep 25, app exits on SIGTERM after 2 s', 30, exec('sh', '-c', 'sleep 25'), 2, 143, [25, 27, 143, undefined]],
    ['an app that exits 0 on SIGTERM: Completed', 30, undefined, 2, 0, [0, 2, 0, undefined]],
    ['no hook, stop longer than the grace: SIGKILL at its end', 10, undefined, 30, 143, [0, 10, 137, undefined]],
    // The hook is given up on at 30; 0 s are left, raised to 2; the app would need 10: SIGKILL at 32.
    ['exec preStop longer than the grace, slow app', 30, exec('sleep', '40'), 10, 143, [30, 32, 137, 32]],
    // The app exits on SIGTERM within the 2 s; the exec'd sleep dies with the container: FailedPreStopHook.
    ['exec preStop longer than the grace, quick app', 30, exec('sleep', 'infinity'), 2, 143, [30, 32, 143, 32]],
    ['a sleep action given up on is no failure', 3, sleepAction(5), 2, 143, [3, 5, 143, undefined]],
    ['a failing hook: the event when it ends, then SIGTERM', 30, exec('sh', '-c', 'sleep 2; exit 1'), 2, 143, [2, 4, 143, 2]],
    ['tcpSocket: the runner refuses it at once', 30, preStopHook({ preStop: { tcpSocket: { port: 80 } } }), 2, 143, [0, 2, 143, 0]],
    ['grace 0: no hook runs, 2 s for SIGTERM', 0, sleepAction(5), 2, 143, [0, 2, 143, undefined]],
    // 1.5 s of hook take 1 whole second off (executePreStopHook truncates): 29 s left.
    ['sub-second hooks', 30, exec('sleep', '1.5'), 28.5, 143, [1.5, 30, 143, undefined]],
    ['grace 1 still leaves 2 s', 1, undefined, 5, 143, [0, 2, 137, undefined]],
  ];
  for (const [what, grace, hook, stop, code, [sigterm, exit, exitCode, fails]] of rows) {
    const plan = planStop(grace, hook, stop, code);
    const want: StopPlan = { sigtermAfterMs: sigterm * 1000, exitAfterMs: exit * 1000, exitCode, killed: exitCode === 137 };
    if (fails !== undefined) want.hookFailsAfterMs = fails * 1000;
    assert.deepEqual(plan, want, what);
  }
});

test('stop plans: an app that exits by itself before the stop ends keeps its own exit code', () => {
  assert.deepEqual(planStop(30, sleepAction(5), 2, 143, { afterMs: 3000, exitCode: 1 }), { sigtermAfterMs: 5000, exitAfterMs: 3000, exitCode: 1, killed: false });
  // An exec hook still running then is killed with the container.
  assert.equal(planStop(30, exec('sleep', '5'), 2, 143, { afterMs: 3000, exitCode: 0 }).hookFailsAfterMs, 3000);
  // After the stop's end, its own exit does not matter.
  assert.equal(planStop(30, undefined, 2, 143, { afterMs: 60_000, exitCode: 1 }).exitCode, 143);
});

test('exec hook commands: how long each usual form sleeps, and whether it fails', () => {
  const rows: [string[], number, number][] = [
    [['sleep', '25'], 25_000, 0],
    [['/bin/sleep', '25'], 25_000, 0],
    [['/usr/bin/sleep', '5s'], 5_000, 0],
    [['sh', '-c', 'sleep 25'], 25_000, 0],
    [['/bin/sh', '-c', 'sleep 10'], 10_000, 0],
    [['/bin/bash', '-c', "sleep 5 && nginx -s quit"], 5_000, 0],
    [['sh', '-c', 'sleep 5 && kill -TERM 1'], 5_000, 0],
    [['sh', '-ec', 'sleep 4'], 4_000, 0],
    [['/bin/bash', '-o', 'pipefail', '-c', 'sleep 4'], 4_000, 0],
    [['sh', '-c', "sh -c 'sleep 3'"], 3_000, 0],
    [['sh', '-c', 'exec sleep 7'], 7_000, 0],
    [['busybox', 'sleep', '6'], 6_000, 0],
    [['sh', '-c', 'sleep 1m 30s'], 90_000, 0],
    [['sh', '-c', 'sleep 0.5'], 500, 0],
    [['sh', '-c', 'sleep infinity'], Infinity, 0],
    [['sh', '-c', '# let the load balancer notice\nsleep 15\n'], 15_000, 0],
    [['sh', '-c', 'echo "draining" >> /proc/1/fd/1; sleep 5'], 5_000, 0],
    [['sh', '-c', 'sleep 5 >/dev/null 2>&1'], 5_000, 0],
    [['sh', '-c', 'sleep 3 | cat'], 3_000, 0],
    [['sh', '-c', 'sleep 10 & sleep 2; wait'], 10_000, 0],
    [['sh', '-c', 'sleep 10 & sleep 2'], 2_000, 0],
    [['sh', '-c', 'false || sleep 2'], 2_000, 0],
    [['sh', '-c', 'false && sleep 2'], 0, 1],
    [['sh', '-c', 'sleep 2 && false'], 2_000, 1],
    [['sh', '-c', 'sleep 2; exit 3'], 2_000, 3],
    [['sh', '-c', 'exit 0; sleep 5'], 0, 0],
    [['sh', '-c', "sleep '2'"], 2_000, 0],
    [['sleep'], 0, 1],
    [['sleep', 'abc'], 0, 1],
    [['false'], 0, 1],
    // Not interpreted: instant, and a success.
    [['sh', '-c', 'sleep $DELAY'], 0, 0],
    [['sh', '-c', 'for i in 1 2 3; do sleep 1; done'], 0, 0],
    [['sh', '-c', '(sleep 5)'], 0, 0],
    [['sh', '/shutdown.sh'], 0, 0],
    [['nginx', '-s', 'quit'], 0, 0],
    [['/app/drain', '--timeout=20s'], 0, 0],
  ];
  for (const [argv, ms, status] of rows) assert.deepEqual(runExecCommand(argv), { ms, status }, JSON.stringify(argv));
});

test('preStop hooks by handler: sleep action, exec, httpGet at once, none', () => {
  assert.deepEqual(preStopHook({ preStop: { sleep: { seconds: 5 } } }), { ms: 5000, fails: false, exec: false });
  assert.deepEqual(preStopHook({ preStop: { exec: { command: ['sh', '-c', 'sleep 25'] } } }), { ms: 25_000, fails: false, exec: true });
  assert.deepEqual(preStopHook({ preStop: { httpGet: { path: '/drain', port: 8080 } } }), { ms: 0, fails: false, exec: false });
  assert.equal(preStopHook({}), undefined);
  assert.equal(preStopHook(undefined), undefined);
});

/** The pod's writes from revision `from` on: the last status before it went away. */
function lastStatusBeforeDelete(h: Harness, from: number, name: string): Record<string, unknown> {
  const events = h.c.api.changesSince(from, PODS, 'default').filter((e) => e.object.metadata.name === name);
  assert.equal(events[events.length - 1]?.type, 'DELETED', 'the pod is gone');
  const last = events.filter((e) => e.type === 'MODIFIED').pop();
  assert.ok(last);
  return last.object['status'] as Record<string, unknown>;
}

interface Terminated {
  exitCode: number;
  reason: string;
  startedAt: string;
  finishedAt: string;
}
function terminated(status: Record<string, unknown>): Terminated {
  const cs = (status['containerStatuses'] as { state: { terminated?: Terminated } }[])[0];
  assert.ok(cs?.state.terminated, JSON.stringify(cs));
  return cs.state.terminated;
}

function imageRepository(h: Harness, name: string, spec: Record<string, unknown>): KubeObject {
  return h.c.api.create(IMAGE_REPOSITORIES, undefined, { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name }, spec });
}

test('deleting a pod with an exec preStop `sh -c "sleep 25"`: Terminating 27 s, exit 143 reason Error, phase Failed', () => {
  const h = harness();
  h.c.api.create(PODS, 'default', helloPod('web', 'ghcr.io/example/hello:1.0', { lifecycle: { preStop: { exec: { command: ['sh', '-c', 'sleep 25'] } } } }));
  h.at(20);
  const from = h.c.api.revision();
  h.c.api.delete(PODS, 'default', 'web');
  h.at(46.5);
  assert.equal(h.row('web'), '1/1 Terminating 0', 'preStop 25 s, then 2 s to exit on SIGTERM');
  h.at(47.5);
  assert.equal(h.row('web'), '<gone>');
  const status = lastStatusBeforeDelete(h, from, 'web');
  const t = terminated(status);
  assert.deepEqual([t.exitCode, t.reason, t.finishedAt], [143, 'Error', '2026-10-26T19:00:47Z']);
  // restartPolicy Always, the whole pod deleted: nothing restarts it, the kubelet writes a terminal phase.
  assert.equal(status['phase'], 'Failed');
  assert.deepEqual(h.events('web').slice(-1), ['Killing: Stopping container hello']);
  h.c.close();
});

test('a preStop longer than the grace period: SIGTERM at its end, SIGKILL 2 s later (137), FailedPreStopHook', () => {
  const h = harness();
  imageRepository(h, 'slow', { repository: 'example/slow', behavior: { stopSeconds: 10, pullJitterPercent: 0 }, tags: { '1': {} } });
  const pod = plainPod('slow', 'example/slow:1', { terminationGracePeriodSeconds: 30 }, { lifecycle: { preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 60'] } } } });
  h.c.api.create(PODS, 'default', pod);
  h.at(10);
  const from = h.c.api.revision();
  h.c.api.delete(PODS, 'default', 'slow');
  h.at(41.5);
  assert.equal(h.row('slow'), '1/1 Terminating 0');
  assert.ok(!h.events('slow').some((e) => e.startsWith('FailedPreStopHook')), 'nothing failed yet');
  h.at(42.5);
  assert.equal(h.row('slow'), '<gone>');
  const t = terminated(lastStatusBeforeDelete(h, from, 'slow'));
  assert.deepEqual([t.exitCode, t.reason, t.finishedAt], [137, 'Error', '2026-10-26T19:00:42Z']);
  assert.deepEqual(h.events('slow').slice(-2), ['Killing: Stopping container app', 'FailedPreStopHook: PreStopHook failed']);
  h.c.close();
});

test('an image that exits 0 on SIGTERM: Completed, phase Succeeded; a failing hook is a Warning when it ends', () => {
  const h = harness();
  imageRepository(h, 'clean', { repository: 'example/clean', behavior: { sigtermExitCode: 0, pullJitterPercent: 0 }, tags: { '1': {} } });
  const pod = plainPod('clean', 'example/clean:1', {}, { lifecycle: { preStop: { exec: { command: ['sh', '-c', 'sleep 3; exit 1'] } } } });
  h.c.api.create(PODS, 'default', pod);
  h.at(10);
  const from = h.c.api.revision();
  h.c.api.delete(PODS, 'default', 'clean');
  h.at(12.5);
  assert.ok(!h.events('clean').some((e) => e.startsWith('FailedPreStopHook')));
  h.at(13.5);
  assert.deepEqual(h.events('clean').slice(-2), ['Killing: Stopping container app', 'FailedPreStopHook: PreStopHook failed']);
  assert.equal(h.row('clean'), '1/1 Terminating 0');
  h.at(15.5);
  assert.equal(h.row('clean'), '<gone>', 'SIGTERM at 13, exit at 15');
  const status = lastStatusBeforeDelete(h, from, 'clean');
  const t = terminated(status);
  assert.deepEqual([t.exitCode, t.reason, t.finishedAt], [0, 'Completed', '2026-10-26T19:00:15Z']);
  assert.equal(status['phase'], 'Succeeded');
  const events = h.c.api.list(EVENTS, 'default', (e) => e['reason'] === 'FailedPreStopHook');
  assert.equal(events.length, 1);
  assert.equal(events[0]!['type'], 'Warning');
  assert.deepEqual(events[0]!['involvedObject'] && (events[0]!['involvedObject'] as { fieldPath?: string }).fieldPath, 'spec.containers{app}');
  h.c.close();
});

test('a liveness kill: lastState terminated 143 Error (the app ended by SIGTERM), then the restart', () => {
  const h = harness();
  imageRepository(h, 'flaky', { repository: 'example/flaky', behavior: { pullJitterPercent: 0 }, tags: { sick: { unhealthyAfterSeconds: 30 } } });
  const probe = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 };
  h.c.api.create(PODS, 'default', plainPod('sick', 'example/flaky:sick', {}, { livenessProbe: probe }));
  // Killed at 52, exits on SIGTERM at 54, restarted one relist later.
  h.at(54.5);
  assert.equal(h.row('sick'), '0/1 Error 0');
  h.at(56);
  assert.equal(h.row('sick'), '1/1 Running 1 (2s ago)');
  const cs = (h.pod('sick')?.['status'] as { containerStatuses: { lastState: { terminated?: Terminated } }[] }).containerStatuses[0];
  assert.deepEqual([cs?.lastState.terminated?.exitCode, cs?.lastState.terminated?.reason], [143, 'Error']);
  h.c.close();
});

test('sigtermExitCode: defaulted to 143, validated as an exit status', () => {
  const h = harness();
  const stored = imageRepository(h, 'ok', { repository: 'x/ok', tags: { a: { sigtermExitCode: 0 } } });
  assert.equal((stored['spec'] as { behavior: { sigtermExitCode: number } }).behavior.sigtermExitCode, 143);
  const attempt = (spec: Record<string, unknown>) => {
    try {
      imageRepository(h, 'bad', spec);
      return 'created';
    } catch (e) {
      assert.ok(e instanceof StatusError);
      return e.message;
    }
  };
  assert.equal(
    attempt({ repository: 'x/y', behavior: { sigtermExitCode: 300 }, tags: { '1': { sigtermExitCode: -1 }, '2': { sigtermExitCode: 1.5 } } }),
    'ImageRepository.kubemu.io "bad" is invalid: [spec.behavior.sigtermExitCode: Invalid value: 300: must be between 0 and 255, inclusive, spec.tags[1].sigtermExitCode: Invalid value: -1: must be between 0 and 255, inclusive, spec.tags[2].sigtermExitCode: Invalid value: 1.5: must be an integer]',
  );
  assert.equal(attempt({ repository: 'x/y', behavior: { sigtermExitCode: 'TERM' } }), 'ImageRepository.kubemu.io "bad" is invalid: spec.behavior.sigtermExitCode: Invalid value: "TERM": must be an integer');
  h.c.close();
});
