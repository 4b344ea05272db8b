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
