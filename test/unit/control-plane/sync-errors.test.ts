import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import type { Controller, ControllerContext } from '../../../src/controllers/framework/controller.js';
import { EventRecorder } from '../../../src/controllers/framework/events.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { FailureCounts, rateLimitedDelay } from '../../../src/controllers/framework/rate-limiter.js';
import { MAX_RETRIES, deploymentSyncFailed } from '../../../src/controllers/deployment/handle-err.js';
import { readKlog } from '../../../src/logs/klog.js';

/**
 * Issue 9: a sync that throws never aborts the control-plane step. API errors are retried per
 * key with the work queue's rate-limited back-off (5 ms doubling to 1000 s), a namespace being
 * deleted drops the key, and a bug is said once on stderr and retried like an API error.
 */

const CONFIGMAPS = findByKind('v1', 'ConfigMap')!;
const NAMESPACES = findByKind('v1', 'Namespace')!;
const PODS = findByKind('v1', 'Pod')!;

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

function configMap(name: string) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { k: 'v' } };
}

/** A controller over ConfigMaps named `name`: every sync is recorded (ms after t0), then `act` runs. */
function recording(name: string, cm: string, t0: number, act: (n: number, ctx: ControllerContext) => void): Controller & { syncs: number[] } {
  const syncs: number[] = [];
  return {
    name,
    syncs,
    watches: [CONFIGMAPS],
    keysFor: (ev) => (ev.object.metadata.name === cm ? [`default/${cm}`] : []),
    sync(_key, ctx) {
      syncs.push(ctx.clock.now() - t0);
      act(syncs.length, ctx);
    },
  };
}

function run(c: Cluster, controllers: Controller[], untilMs: number, reports: string[] = []): void {
  const cp = new ControlPlane(c, controllers, (text) => reports.push(text));
  catchUp(c.clock, cp, (fn) => c.store.transaction(fn), untilMs);
}

test('the rate limiter: 5 ms doubling per failure, at most 1000 s', () => {
  assert.deepEqual([0, 1, 2, 3, 10].map(rateLimitedDelay), [5, 10, 20, 40, 5120]);
  assert.equal(rateLimitedDelay(17), 655_360);
  assert.equal(rateLimitedDelay(18), 1_000_000);
  assert.equal(rateLimitedDelay(400), 1_000_000);
});

test('a refused write is retried with back-off, and the other controllers of the step still run', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const refused = recording('refused', 'x', t0, () => {
    throw new StatusError('Invalid', 422, 'ConfigMap "x" is invalid: data: Required value');
  });
  const other = recording('other', 'x', t0, () => {});
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  const reports: string[] = [];
  run(c, [refused, other], t0 + 200, reports);
  // Informer latency 1 ms, then 5, 10, 20, 40, 80 ms later.
  assert.deepEqual(refused.syncs, [1, 6, 16, 36, 76, 156]);
  assert.deepEqual(other.syncs, [1], 'the controller after the failing one ran in the same step');
  assert.deepEqual(reports, [], 'an API error is no internal error');
  c.close();
});

test('a successful sync forgets the failures: the next failure waits 5 ms again', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const flaky = recording('flaky', 'x', t0, (n) => {
    if (n <= 3 || n === 5) throw new StatusError('Conflict', 409, 'the object has been modified');
  });
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  run(c, [flaky], t0 + 100);
  assert.deepEqual(flaky.syncs, [1, 6, 16, 36], 'three failures, then success');
  c.clock.at(t0 + 100, () => c.api.modify(CONFIGMAPS, 'default', 'x', (o) => ({ ...o, data: { k: 'w' } })));
  run(c, [flaky], t0 + 200);
  assert.deepEqual(flaky.syncs, [1, 6, 16, 36, 101, 106], 'failure 5 retried after 5 ms, and it succeeded');
  c.close();
});

test('a write refused because the namespace is being deleted drops the key', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const ctl = recording('terminating', 'x', t0, () => {
    throw new StatusError('Forbidden', 403, 'unable to create new content in namespace t because it is being terminated');
  });
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  run(c, [ctl], t0 + 10_000);
  assert.deepEqual(ctl.syncs, [1]);
  c.close();
});

test('a bug in a sync: said once on stderr (no stack), retried with back-off, the step goes on', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const buggy = recording('buggy', 'x', t0, () => {
    throw new TypeError("Cannot read properties of undefined (reading 'spec')");
  });
  const other = recording('other', 'x', t0, () => {});
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  const reports: string[] = [];
  run(c, [buggy, other], t0 + 100, reports);
  assert.deepEqual(buggy.syncs, [1, 6, 16, 36, 76]);
  assert.deepEqual(other.syncs, [1]);
  assert.deepEqual(reports, [
    `kubemu: internal error in buggy syncing "default/x" (retrying with back-off): Cannot read properties of undefined (reading 'spec')\n`,
  ]);
  // Another process (a new control plane) retrying the same run of failures says nothing.
  const later: string[] = [];
  run(c, [buggy, other], t0 + 200, later);
  assert.equal(buggy.syncs.at(-1), 156);
  assert.deepEqual(later, []);
  c.close();
});

test('the deployment controller logs "Error syncing deployment" and gives up after maxRetries', () => {
  const c = cluster();
  const ctx = { api: c.api, clock: c.clock } as unknown as ControllerContext;
  const err = 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified';
  // The V(2) lines are kept only at --v=2 or more (HandleError's E line always).
  c.api.modify(PODS, 'kube-system', 'kube-controller-manager-k8s-master-1', (o) => ({
    ...o,
    metadata: { ...o.metadata, annotations: { ...o.metadata.annotations, 'kubemu.io/log-verbosity': '2' } },
  }));
  assert.equal(deploymentSyncFailed({ key: 'default/web', error: new Error(err), message: err, requeues: 0 }, ctx), 'retry');
  assert.equal(deploymentSyncFailed({ key: 'default/web', error: new Error(err), message: err, requeues: MAX_RETRIES - 1 }, ctx), 'retry');
  assert.equal(deploymentSyncFailed({ key: 'default/web', error: new Error(err), message: err, requeues: MAX_RETRIES }, ctx), 'forget');
  const lines = readKlog(c.store).map((l) => `${l.severity} ${l.text}`);
  const retrying = `I "Error syncing deployment" deployment="default/web" err=${JSON.stringify(err)}`;
  assert.deepEqual(lines.slice(-4), [
    retrying,
    retrying,
    `E "Unhandled Error" err=${JSON.stringify(err)} logger="UnhandledError"`,
    `I "Dropping deployment out of the queue" deployment="default/web" err=${JSON.stringify(err)}`,
  ]);
  c.close();
});

test('the event recorder drops an event its namespace refuses, and tells who asked', () => {
  const c = cluster();
  c.api.create(NAMESPACES, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 't' } });
  const pod = c.api.create(PODS, 't', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 't' },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  });
  c.api.delete(NAMESPACES, undefined, 't');
  const rejected: string[] = [];
  const recorder = new EventRecorder(c.api, () => c.clock.now(), new ComponentState(c.store, 'test-recorder'), (e, err) =>
    rejected.push(`${e.reason}: ${err.reason}`),
  );
  recorder.record({ involved: pod, type: 'Normal', reason: 'Killing', message: 'Stopping container c', component: 'kubelet' });
  assert.deepEqual(rejected, ['Killing: Forbidden']);
  assert.equal(c.api.list(findByKind('v1', 'Event')!, 't').length, 0);
  c.close();
});

test('a bug in event handlers: said once, the event skipped, the other controllers and later events go on', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const handled: string[] = [];
  const broken: Controller = {
    name: 'broken',
    watches: [CONFIGMAPS],
    keysFor(ev) {
      if (ev.object.metadata.name === 'x') throw new RangeError('Invalid time value');
      if (ev.object.metadata.name === 'y') handled.push('y');
      return [];
    },
    sync() {},
  };
  const other = recording('other', 'x', t0, () => {});
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  c.api.create(CONFIGMAPS, 'default', configMap('y'));
  const reports: string[] = [];
  run(c, [broken, other], t0 + 5, reports);
  c.clock.at(t0 + 10, () => c.api.modify(CONFIGMAPS, 'default', 'x', (o) => ({ ...o, data: { k: 'w' } })));
  run(c, [broken, other], t0 + 100, reports);
  assert.deepEqual(handled, ['y']);
  assert.deepEqual(other.syncs, [1, 11]);
  // Once per control plane, that is per command: the second run (another command) says it again.
  assert.deepEqual(reports, [
    'kubemu: internal error in broken handling ADDED /registry/configmaps/default/x (event skipped): Invalid time value\n',
    'kubemu: internal error in broken handling MODIFIED /registry/configmaps/default/x (event skipped): Invalid time value\n',
  ]);
  c.close();
});

test('a failure of the cluster file itself is not retried: the step rolls back and the command reports it', () => {
  const c = cluster();
  const t0 = c.clock.now();
  const full = Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
  const failing = recording('failing', 'x', t0, (_n, ctx) => {
    ctx.api.create(CONFIGMAPS, 'default', configMap('written-before-the-failure'));
    throw full;
  });
  c.api.create(CONFIGMAPS, 'default', configMap('x'));
  const revision = c.store.revision();
  const reports: string[] = [];
  // the keyspace's transaction says what SQLite's code means
  assert.throws(() => run(c, [failing], t0 + 100, reports), { message: 'cannot write the cluster file :memory:: the disk is full' });
  assert.deepEqual(reports, []);
  assert.equal(c.store.revision(), revision, "the step's writes were rolled back");
  assert.throws(() => c.api.get(CONFIGMAPS, 'default', 'written-before-the-failure'));
  c.close();
});

test('failure counts of keys named like builtins (a Namespace or Node called constructor) count as any key', () => {
  const stored = new Map<string, unknown>();
  const state = {
    get: <T>(k: string) => stored.get(k) as T | undefined,
    set: (k: string, v: unknown) => void stored.set(k, JSON.parse(JSON.stringify(v))),
    delete: (k: string) => void stored.delete(k),
  };
  const failures = new FailureCounts(state);
  for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    assert.equal(failures.numRequeues(key), 0, key);
    assert.equal(failures.fail(key), 5, key);
    assert.equal(failures.fail(key), 10, key);
    assert.equal(failures.numRequeues(key), 2, key);
    failures.forget(key);
    assert.equal(failures.numRequeues(key), 0, key);
  }
});
