import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { EventRecorder, type EventSpec } from '../../../src/controllers/framework/events.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { firstAcceptMs, tryAccept, type SpamBucket } from '../../../src/controllers/framework/events/spam-filter.js';

/**
 * The recorder's correlator as client-go's (tools/record/events_cache.go, default options): the
 * spam filter (25 events per source and object, then one per 300 s), the logger's counts (with
 * no time window, and counting the events the filter drops), the similar-message aggregation,
 * and a patch of an expired event creating it again.
 */

const EVENT = findByKind('v1', 'Event')!;
const S = 1000;

function pod(name: string, uid = `uid-${name}`): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid, resourceVersion: '1' } };
}

interface Fixture {
  c: Cluster;
  rec: EventRecorder;
  /** cluster time of the recorder, ms from t0 */
  at(ms: number): void;
  t0: number;
  /** every write of Events so far: `<ms from t0> <name> x<count> <message>` */
  writes(): string[];
}

function fixture(): Fixture {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const t0 = c.clock.now();
  let now = t0;
  const rec = new EventRecorder(c.api, () => now, new ComponentState(c.store, 'event-recorder'));
  const from = c.store.revision();
  return {
    c,
    rec,
    t0,
    at(ms) {
      now = t0 + ms;
    },
    writes() {
      return c.api
        .changesSince(from, EVENT)
        .filter((ev) => ev.type !== 'DELETED')
        .map((ev) => `${Date.parse(String(ev.object['lastTimestamp'])) - t0} ${ev.object.metadata.name} x${String(ev.object['count'])} ${String(ev.object['message'])}`);
    },
  };
}

function backOff(p: KubeObject, message = 'Back-off restarting failed container app'): EventSpec {
  return { involved: p, fieldPath: 'spec.containers{app}', type: 'Warning', reason: 'BackOff', message, component: 'kubelet', host: 'node-1' };
}

test('the spam filter: a burst of 25 events about an object, then one every 300 s, each written with the count of all', () => {
  const f = fixture();
  try {
    const p = pod('crash');
    for (let ms = 0; ms < 20 * 60 * S; ms += 10 * S) {
      f.at(ms);
      f.rec.record(backOff(p));
    }
    const times = f.writes().map((w) => Number(w.split(' ')[0]) / S);
    const counts = f.writes().map((w) => w.split(' ')[2]);
    // 0 s..240 s: 25 written; at 250 s the bucket has 0.83 tokens; at 300 s one again, and so on.
    assert.deepEqual(times, [...Array.from({ length: 25 }, (_, i) => i * 10), 300, 600, 900]);
    assert.deepEqual(counts, [...Array.from({ length: 25 }, (_, i) => `x${i + 1}`), 'x31', 'x61', 'x91']);
    // One Event throughout, first seen at 0.
    const events = f.c.api.list(EVENT, 'default');
    assert.equal(events.length, 1);
    assert.equal(Date.parse(String(events[0]!['firstTimestamp'])), f.t0);
  } finally {
    f.c.close();
  }
});

test('the spam filter keeps one bucket per source and object: another pod, or another component, still has its burst', () => {
  const f = fixture();
  try {
    const a = pod('a');
    for (let i = 0; i < 30; i++) f.rec.record(backOff(a, `m${i}`));
    const written = f.writes().length;
    assert.ok(written <= 25, `${written} writes for 30 events about one pod`);
    f.rec.record(backOff(pod('b')));
    f.rec.record({ ...backOff(a), component: 'default-scheduler', reason: 'Scheduled', type: 'Normal', message: 'Successfully assigned' });
    f.rec.record(backOff(pod('a', 'another-uid')));
    assert.equal(f.writes().length, written + 3);
  } finally {
    f.c.close();
  }
});

test('an event the filter drops is counted: the next one written carries it, with the first one’s name and time', () => {
  const f = fixture();
  try {
    const p = pod('p');
    for (let i = 0; i < 25; i++) f.rec.record(backOff(p, `filler ${i % 5}`));
    const afterBurst = f.writes().length;
    f.at(100 * S);
    f.rec.record(backOff(p, 'late')); // dropped: no token until 300 s
    f.at(200 * S);
    f.rec.record(backOff(p, 'late')); // dropped
    const before = f.writes().length;
    assert.equal(before, afterBurst, 'nothing written until the bucket has a token again');
    assert.equal(f.rec.firstWrittenMs(backOff(p)), f.t0 + 300 * S);
    f.at(300 * S);
    f.rec.record(backOff(p, 'late'));
    const w = f.writes();
    assert.equal(w.length, before + 1);
    assert.match(w.at(-1)!, /^300000 p\.[0-9a-f]+ x3 late$/);
    const late = f.c.api.list(EVENT, 'default').find((e) => e['message'] === 'late')!;
    assert.equal(Date.parse(String(late['firstTimestamp'])), f.t0 + 100 * S);
  } finally {
    f.c.close();
  }
});

test('identical events are counted with no time window; one whose Event expired is created again with its count', () => {
  const f = fixture();
  try {
    const p = pod('p');
    f.rec.record(backOff(p));
    f.at(3600 * S); // an hour later (upstream's logger has no window; kubemu folded only within 10 minutes)
    f.rec.record(backOff(p));
    const [event] = f.c.api.list(EVENT, 'default');
    assert.equal(event!['count'], 2);
    const name = event!.metadata.name!;
    f.c.api.delete(EVENT, 'default', name); // the event-ttl's expiry
    f.at(7200 * S);
    f.rec.record(backOff(p));
    const again = f.c.api.tryGet(EVENT, 'default', name)!;
    assert.equal(again['count'], 3);
    assert.equal(Date.parse(String(again['firstTimestamp'])), f.t0);
    assert.equal(Date.parse(String(again['lastTimestamp'])), f.t0 + 7200 * S);
  } finally {
    f.c.close();
  }
});

test('similar events (one reason, different messages): from the 10th in 600 s on, one aggregate event', () => {
  const f = fixture();
  try {
    const rs: KubeObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-1', namespace: 'default', uid: 'rs-uid' } };
    for (let i = 0; i < 12; i++) {
      f.at(i * S);
      f.rec.record({ involved: rs, type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: web-1-${i}`, component: 'replicaset-controller' });
    }
    const messages = f.c.api
      .list(EVENT, 'default')
      .map((e) => `${String(e['message'])} x${String(e['count'])}`)
      .sort();
    assert.deepEqual(messages, [
      '(combined from similar events): Created pod: web-1-11 x3',
      ...Array.from({ length: 9 }, (_, i) => `Created pod: web-1-${i} x1`),
    ]);
    // More than 600 s after the last similar one, a record starts afresh.
    f.at(11 * S + 601 * S);
    f.rec.record({ involved: rs, type: 'Normal', reason: 'SuccessfulCreate', message: 'Created pod: web-1-x', component: 'replicaset-controller' });
    assert.ok(f.c.api.list(EVENT, 'default').some((e) => e['message'] === 'Created pod: web-1-x'));
  } finally {
    f.c.close();
  }
});

test('the token bucket is x/time/rate with float32(1/300): the refill of a token takes just under 300 s', () => {
  let b: SpamBucket | undefined;
  for (let i = 0; i < 25; i++) {
    const r = tryAccept(b, 0);
    assert.ok(r.accepted);
    b = r.bucket;
  }
  assert.equal(tryAccept(b, 0).accepted, false);
  assert.deepEqual(tryAccept(b, 1000).bucket, b, 'a rejected event leaves the bucket as it was');
  // 1 / float32(1/300) = 299.99999 s: at 300 s, whole milliseconds, the token is there; not at 299.999 s.
  assert.equal(firstAcceptMs(b, 0), 300_000);
  assert.equal(tryAccept(b, 299_999).accepted, false);
  assert.equal(firstAcceptMs(undefined, 5), 5);
});

test('recordAll: an entry with several times records the event once at each, exactly as one entry per time', () => {
  const p = pod('crash');
  const other = { ...backOff(p), reason: 'Pulled', type: 'Normal' as const, message: 'Container image already present' };
  // Past the burst and around the 300 s refills, with another event in between.
  const times = Array.from({ length: 90 }, (_, i) => i * 10 * S);
  const runs = (f: Fixture, entries: { event: EventSpec; atMs?: readonly number[] }[]) => {
    f.at(900 * S);
    f.rec.recordAll(entries);
    return [f.writes(), f.c.store.getMeta(`state:event-recorder:obj|kubelet|node-1|Pod|default|crash|uid-crash|v1`)];
  };
  const a = fixture();
  const b = fixture();
  try {
    const one = runs(a, [{ event: backOff(p), atMs: times.slice(0, 50) }, { event: other, atMs: [500 * S] }, { event: backOff(p), atMs: times.slice(51) }, { event: backOff(p) }]);
    const each = runs(b, [
      ...times.slice(0, 50).map((t) => ({ event: backOff(p), atMs: [t] })),
      { event: other, atMs: [500 * S] },
      ...times.slice(51).map((t) => ({ event: backOff(p), atMs: [t] })),
      { event: backOff(p) },
    ]);
    assert.deepEqual(one, each);
    assert.ok((one[0] as string[]).length > 25, 'the burst and the refills are written');
  } finally {
    a.c.close();
    b.c.close();
  }
});

test('the spam filter keeps one bucket per source and object: two objects sharing a uid, two kubelets, a copy of the same pod', () => {
  const f = fixture();
  const a = pod('a', 'same-uid');
  const b = pod('b', 'same-uid');
  // 26 events about a: the 26th is dropped (its bucket is empty)
  for (let i = 0; i < 26; i++) {
    f.at(i);
    f.rec.record(backOff(a, `message ${i}`));
  }
  assert.equal(f.writes().length, 25);
  // b has the same uid, but another name: its own bucket, written
  f.at(30);
  f.rec.record(backOff(b, 'about b'));
  // the same pod reported by another kubelet (host): its own bucket too
  f.at(31);
  f.rec.record({ ...backOff(a, 'from node-2'), host: 'node-2' });
  // a copy of a (another object, the same parts): a's bucket, still empty, so dropped
  f.at(32);
  f.rec.record(backOff({ ...a, metadata: { ...a.metadata } }, 'about a copy of a'));
  const written = f.writes().slice(25).map((w) => w.split(' ').slice(3).join(' '));
  assert.deepEqual(written, ['about b', 'from node-2']);
  // a's bucket, asked about through a copy of a, is still empty at 32
  assert.ok(f.rec.firstWrittenMs({ involved: { ...a }, component: 'kubelet', host: 'node-1' }) > f.t0 + 32);
  // b's bucket took one token at 30: the next event about b is written at any time from then
  assert.equal(f.rec.firstWrittenMs({ involved: b, component: 'kubelet', host: 'node-1' }), f.t0 + 30);
});
