import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness, IMAGE_REPOSITORIES, NO_SPREAD, PODS, plainPod } from '../kubelet/harness.js';
import { execInPod } from '../../../src/cluster/pod-exec.js';
import { runProbe } from '../../../src/controllers/kubelet/probes.js';
import { ContainerFs } from '../../../src/controllers/kubelet/exec/fs.js';
import { appHealth } from '../../../src/images/app-health.js';
import { DEFAULT_IMAGE_BEHAVIOR } from '../../../src/apiserver/defaults/imagerepository.js';

/**
 * Exec probes against the container's files, end to end on a virtual clock: the image busybox:1
 * (pull 1 s), sandbox 1 s, so the container starts just after +2 s (the informers' 1 ms latencies
 * on the way) and a 5-s readiness probe ticks just after +2, +7, +12, +17, ...
 */

const readyProbe = { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 5, failureThreshold: 2 };

function exec(h: ReturnType<typeof harness>, pod: string, ...argv: string[]): string {
  const uid = h.pod(pod)?.metadata.uid ?? '';
  const r = execInPod(h.c, 'default', pod, uid, 'app', argv);
  if (r.kind !== 'exited') return r.kind;
  return `${r.exitCode} ${r.stdout}|${r.stderr}`;
}

test('runProbe: an exec probe that only reads is answered from the files, whatever the app says', () => {
  const healthy = appHealth(DEFAULT_IMAGE_BEHAVIOR, 60_000);
  const none = () => ContainerFs.fromImage([]);
  const some = () => ContainerFs.fromImage([['/tmp/ready', '']]);
  assert.deepEqual(runProbe('readiness', readyProbe, healthy, '10.0.0.1', {}, none), {
    result: 'failure',
    message: "cat: can't open '/tmp/ready': No such file or directory\n",
  });
  assert.deepEqual(runProbe('readiness', readyProbe, healthy, '10.0.0.1', {}, some), { result: 'success', message: '' });
  const test_ = { exec: { command: ['sh', '-c', 'test -f /tmp/ready'] } };
  assert.deepEqual(runProbe('liveness', test_, healthy, '', {}, none), { result: 'failure', message: '' });
  // Not answered from files: the image's behaviour, as before.
  const other = { exec: { command: ['pg_isready'] } };
  assert.equal(runProbe('readiness', other, healthy, '', {}, none).result, 'success');
  assert.equal(runProbe('readiness', other, appHealth({ ...DEFAULT_IMAGE_BEHAVIOR, neverReady: true }, 60_000), '', {}, none).result, 'failure');
});

test('exec touch opens readiness at the next probe tick, rm closes it after failureThreshold ticks', () => {
  const h = harness();
  h.c.api.create(PODS, 'default', plainPod('web', 'busybox:1', {}, { readinessProbe: readyProbe }));
  h.at(11);
  assert.equal(h.row('web'), '0/1 Running 0');
  assert.equal(exec(h, 'web', 'cat', '/tmp/ready'), "1 |cat: can't open '/tmp/ready': No such file or directory\n");
  assert.equal(exec(h, 'web', 'touch', '/tmp/ready'), '0 |');
  // The tick at +12 sees it, not one before.
  h.at(11.9);
  assert.equal(h.row('web'), '0/1 Running 0');
  h.at(12.1);
  assert.equal(h.row('web'), '1/1 Running 0');
  h.at(30);
  assert.equal(exec(h, 'web', 'sh', '-c', 'rm /tmp/ready && ls /tmp'), '0 |');
  // +32 fails once, +37 twice: NotReady at +37.
  h.at(36.9);
  assert.equal(h.row('web'), '1/1 Running 0');
  h.at(37.1);
  assert.equal(h.row('web'), '0/1 Running 0');
  // +2 and +7 failed, +12 succeeded, +32 and +37 failed: one event, counted 4 times.
  const unhealthy = h.events('web').filter((e) => e.startsWith('Unhealthy'));
  assert.deepEqual(unhealthy, ["Unhealthy: Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory\n (x4)"]);
  h.c.close();
});

test('a ready pod with a probe on files is not woken for its ticks until an exec', () => {
  const h = harness();
  h.c.api.create(PODS, 'default', plainPod('web', 'busybox:1', {}, { readinessProbe: readyProbe }));
  h.at(3);
  exec(h, 'web', 'touch', '/tmp/ready');
  h.at(8);
  assert.equal(h.row('web'), '1/1 Running 0');
  const before = h.c.controlPlane.work.instants;
  h.at(3600);
  assert.equal(h.c.controlPlane.work.instants - before, 0, 'an hour of quiet ticks is no step');
  h.c.close();
});

test('image files are there from the start; a restarted container starts from them again', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'web' },
    spec: { repository: 'example/web', behavior: { files: { '/tmp/alive': 'yes\n' } }, tags: { '1': {}, '2': { files: { '/srv/index.html': 'two\n' } } } },
  });
  const liveness = { exec: { command: ['test', '-f', '/tmp/alive'] }, periodSeconds: 10, failureThreshold: 1 };
  h.c.api.create(PODS, 'default', plainPod('web', 'example/web:1', {}, { readinessProbe: readyProbe, livenessProbe: liveness }));
  h.at(5);
  assert.equal(exec(h, 'web', 'cat', '/tmp/alive'), '0 yes\n|');
  assert.equal(exec(h, 'web', 'touch', '/tmp/ready'), '0 |');
  h.at(8);
  assert.equal(h.row('web'), '1/1 Running 0');
  // Liveness fails at +12 (tick after the rm): Killing, then the new container has the image's files only.
  assert.equal(exec(h, 'web', 'rm', '/tmp/alive'), '0 |');
  h.at(40);
  assert.match(h.row('web'), /^0\/1 Running 1 /);
  assert.equal(exec(h, 'web', 'ls', '/tmp'), '0 alive\n|');
  h.c.api.create(PODS, 'default', plainPod('two', 'example/web:2'));
  h.at(45);
  const uid = h.pod('two')?.metadata.uid ?? '';
  const r = execInPod(h.c, 'default', 'two', uid, 'app', ['sh', '-c', 'cat /srv/index.html; test -e /tmp/alive']);
  assert.deepEqual(r, { kind: 'exited', stdout: 'two\n', stderr: '', exitCode: 1, changed: false }, "a tag's files replace the repository's");
  h.c.close();
});

test('exec into a container that is not running: container not found', () => {
  const h = harness();
  h.c.api.create(PODS, 'default', plainPod('web', 'busybox:1', {}, { readinessProbe: readyProbe }));
  h.at(0.5);
  assert.equal(exec(h, 'web', 'ls'), 'container-not-found');
  h.at(5);
  assert.equal(exec(h, 'web', 'ls', '/nope'), '1 |ls: /nope: No such file or directory\n');
  h.c.close();
});

test('appFiles: written by the app startSeconds after each start; removed by exec, back after a restart', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'auto' },
    spec: { repository: 'example/auto', tags: { '1': {} }, behavior: { ...NO_SPREAD, startSeconds: 6, files: { '/tmp/alive': '' }, appFiles: { '/tmp/ready': 'up\n' } } },
  });
  const liveness = { exec: { command: ['test', '-f', '/tmp/alive'] }, periodSeconds: 10, failureThreshold: 1 };
  h.c.api.create(PODS, 'default', plainPod('auto', 'example/auto:1', {}, { readinessProbe: readyProbe, livenessProbe: liveness }));
  // Started just after +2: /tmp/ready from +8; readiness ticks +2, +7 fail, +12 succeeds.
  h.at(5);
  assert.equal(exec(h, 'auto', 'touch', '/tmp/early'), '0 |');
  h.at(11.9);
  assert.equal(h.row('auto'), '0/1 Running 0');
  assert.equal(exec(h, 'auto', 'ls', '/tmp'), '0 alive\nearly\nready\n|');
  h.at(12.1);
  assert.equal(h.row('auto'), '1/1 Running 0');
  assert.equal(exec(h, 'auto', 'rm', '/tmp/ready'), '0 |');
  h.at(30);
  assert.equal(h.row('auto'), '0/1 Running 0', 'removed for good in this run');
  assert.equal(exec(h, 'auto', 'rm', '/tmp/alive'), '0 |');
  // Liveness fails at +32, the container stops (2 s) and restarts; its app writes /tmp/ready again 6 s later.
  h.at(60);
  assert.match(h.row('auto'), /^1\/1 Running 1 /);
  assert.equal(exec(h, 'auto', 'ls', '/tmp'), '0 alive\nready\n|');
  h.c.close();
});
