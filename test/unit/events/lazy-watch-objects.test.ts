import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WatchEvent } from '../../../src/apiserver/server.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ControllerContext } from '../../../src/controllers/framework/controller.js';
import type { Timer } from '../../../src/storage/timers.js';
import { eventTtlController } from '../../../src/controllers/event-ttl/controller.js';
import { namespaceController } from '../../../src/controllers/namespace/controller.js';

/** A change of an Event whose object may not be read: the informers' batch decodes it only when read. */
function eventChange(type: WatchEvent['type'], key: string, revision: number, timeMs: number): WatchEvent {
  return {
    type,
    key,
    revision,
    timeMs,
    get object(): KubeObject {
      throw new Error(`${key} was decoded`);
    },
  };
}

test('the informers that get Events (event-ttl, the namespace controller) place their writes by key, without decoding them', () => {
  const scheduled: Timer[] = [];
  const ctx = { timers: { schedule: (t: Timer) => scheduled.push(t) }, clock: { now: () => 0 } } as unknown as ControllerContext;
  const written = Date.parse('2026-10-26T19:00:30Z');
  const ev = eventChange('MODIFIED', '/registry/events/default/hello-6474c95c86-8bsjg.18e22995909db800', 41, written);

  assert.deepEqual(eventTtlController().keysFor(ev, ctx), []);
  // an hour after the write, on the next whole minute; keyed by NAMESPACE/NAME@REVISION
  assert.deepEqual(scheduled, [
    { queue: 'event-ttl', key: 'default/hello-6474c95c86-8bsjg.18e22995909db800@41', dueMs: Date.parse('2026-10-26T20:01:00Z') },
  ]);
  assert.deepEqual(namespaceController().keysFor(ev, ctx), []);
});

test("the deployment controller passes a pod's status writes by the resource they came from, without decoding them", async () => {
  const { deploymentController } = await import('../../../src/controllers/deployment/controller.js');
  const { findByKind } = await import('../../../src/apiserver/resources.js');
  const ctx = {} as unknown as ControllerContext;
  const pod = podChange('MODIFIED', findByKind('v1', 'Pod'));
  assert.deepEqual(deploymentController().keysFor(pod, ctx), []);
  // A deletion is looked at (a Recreate rollout waits for its pods to be gone).
  assert.throws(() => deploymentController().keysFor(podChange('DELETED', findByKind('v1', 'Pod')), ctx), /was decoded/);
});

test("the API server's watch says each event's resource, which the informers pick their events by", async () => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { openCluster } = await import('../../../src/cluster/cluster.js');
  const { findByKind } = await import('../../../src/apiserver/resources.js');
  const cm = findByKind('v1', 'ConfigMap')!;
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-watch-resource-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const from = c.store.revision();
    c.api.create(cm, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { a: '1' } });
    c.store.put('/registry/unserved/x', '{}');
    const { events, lastRevision } = c.api.changesWithLast(from);
    assert.equal(lastRevision, c.store.revision());
    assert.deepEqual(
      events.map((e) => [e.type, e.key, e.resource?.resource, e.object.metadata.name]),
      [['ADDED', '/registry/configmaps/default/a', 'configmaps', 'a']],
    );
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function podChange(type: WatchEvent['type'], resource: WatchEvent['resource']): WatchEvent {
  const key = '/registry/pods/default/hello-6474c95c86-8bsjg';
  return {
    type,
    resource,
    key,
    revision: 7,
    timeMs: 0,
    get object(): KubeObject {
      throw new Error(`${key} was decoded`);
    },
  };
}
