import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { EventRecorder, type EventSpec } from '../../../src/controllers/framework/events.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/**
 * Event names: `<object>.<hex nanoseconds>` of the first occurrence, the events of one
 * millisecond getting the next nanoseconds, across recordAll calls and recorders (the last ones
 * given live in the recorder's memory, read once per recordAll and written back at its end).
 */

const EVENT = findByKind('v1', 'Event')!;

function pod(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '1' } };
}

function started(p: KubeObject, reason: string): EventSpec {
  return { involved: p, type: 'Normal', reason, message: `${reason} ${p.metadata.name}`, component: 'kubelet', host: 'node-1' };
}

test('events of one millisecond get consecutive nanoseconds, within a recordAll, across recordAll calls and across recorders', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const now = c.clock.now();
  const base = BigInt(now) * 1_000_000n;
  const names: string[] = [];
  const from = c.store.revision();
  const rec = new EventRecorder(c.api, () => now, new ComponentState(c.store, 'event-recorder'));
  c.store.transaction(() => {
    rec.recordAll(['Pulling', 'Pulled', 'Created'].map((r) => ({ event: started(pod('a'), r) })));
    rec.recordAll([{ event: started(pod('b'), 'Pulling') }]);
  });
  // Another recorder (another process) continues from the memory the first one wrote back.
  const other = new EventRecorder(c.api, () => now, new ComponentState(c.store, 'event-recorder'));
  other.record(started(pod('c'), 'Pulling'));
  rec.recordAll([{ event: started(pod('d'), 'Pulling') }, { event: started(pod('d'), 'Pulled') }]);
  for (const ev of c.api.changesSince(from, EVENT)) names.push(ev.object.metadata.name ?? '');
  const want = ['a', 'a', 'a', 'b', 'c', 'd', 'd'].map((p, i) => `${p}.${(base + BigInt(i)).toString(16)}`);
  assert.deepEqual(names, want);
  assert.equal(c.store.getMeta('state:event-recorder:\u0000last-nanos'), JSON.stringify((base + 6n).toString()));
  c.close();
});

test('a recordAll whose events are all rejected still uses up their nanoseconds, as each event named before its write', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const now = c.clock.now();
  const base = BigInt(now) * 1_000_000n;
  const rejected: string[] = [];
  const rec = new EventRecorder(c.api, () => now, new ComponentState(c.store, 'event-recorder'), (e) => rejected.push(e.reason));
  const missing: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', namespace: 'no-such-namespace', uid: 'uid-x' } };
  rec.recordAll([{ event: started(missing, 'Pulling') }, { event: started(missing, 'Pulled') }]);
  assert.deepEqual(rejected, ['Pulling', 'Pulled']);
  const from = c.store.revision();
  rec.record(started(pod('a'), 'Pulling'));
  assert.deepEqual(
    c.api.changesSince(from, EVENT).map((ev) => ev.object.metadata.name),
    [`a.${(base + 2n).toString(16)}`],
  );
  c.close();
});
