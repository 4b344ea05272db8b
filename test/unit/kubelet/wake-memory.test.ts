import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Cluster } from '../../../src/cluster/cluster.js';
import type { PodMemory } from '../../../src/controllers/kubelet/memory.js';
import { harness, plainPod, IMAGE_REPOSITORIES, PODS, type Harness } from './harness.js';

/**
 * The wake-up the kubelet last asked for is kept in the pod's memory (PodMemory.wakeMs); an older
 * kubemu kept it in an entry of its own, `state:kubelet:wake:<ns>/<name>`, which a file it wrote
 * still holds.
 */

const POD_ENTRY = 'state:kubelet:pod:default/crash';
const WAKE_ENTRY = 'state:kubelet:wake:default/crash';

function memory(c: Cluster): PodMemory {
  const text = c.store.getMeta(POD_ENTRY);
  assert.ok(text, 'the kubelet remembers the pod');
  return JSON.parse(text) as PodMemory;
}

/** A crash-looping pod (its image exits at once), 3 minutes on: restarts and back-off resyncs ahead. */
function crashLoop(): Harness {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'crash' },
    spec: { repository: 'ghcr.io/example/crash', behavior: { pullJitterPercent: 0 }, tags: { '1.0': { exitCode: 1 } } },
  });
  h.c.api.create(PODS, 'default', plainPod('crash', 'ghcr.io/example/crash:1.0'));
  h.at(180);
  return h;
}

/** What users see of the pod and its events, and what the kubelet has asked to be woken for. */
function seen(h: Harness): string {
  return JSON.stringify({ row: h.row('crash'), events: h.events('crash'), status: h.pod('crash')?.['status'], nextDue: h.c.timers.nextDue() });
}

test('kubelet memory: the wake-up asked for is kept with the pod, in no entry of its own', () => {
  const h = crashLoop();
  try {
    const mem = memory(h.c);
    assert.equal(typeof mem.wakeMs, 'number');
    assert.equal(h.c.store.getMeta(WAKE_ENTRY), undefined);
    // Its next sync is what it asked for (nothing else of this cluster is due before it).
    assert.ok(mem.wakeMs! > h.c.clock.now());
    assert.equal(h.c.timers.nextDue(), mem.wakeMs);
  } finally {
    h.c.close();
  }
});

test('kubelet memory: a file an older kubemu wrote (the wake-up in its own entry) goes on as if this kubemu had written it', () => {
  const now = crashLoop();
  const old = crashLoop();
  try {
    // The older layout: the memory without wakeMs, the wake-up apart.
    const { wakeMs, ...legacy } = memory(old.c);
    assert.equal(typeof wakeMs, 'number');
    old.c.store.setMeta(POD_ENTRY, JSON.stringify(legacy));
    old.c.store.setMeta(WAKE_ENTRY, JSON.stringify(wakeMs));
    assert.equal(seen(old), seen(now));
    for (const at of [181, 200, 400, 900, 3600]) {
      now.at(at);
      old.at(at);
      assert.equal(seen(old), seen(now), `at ${at}s`);
    }
    // Taken over at the first wake-up asked for since, and the old entry dropped.
    assert.deepEqual(memory(old.c), memory(now.c));
    assert.equal(old.c.store.getMeta(WAKE_ENTRY), undefined);
  } finally {
    now.c.close();
    old.c.close();
  }
});

test('kubelet memory: a pod of an older file deleted before its memory took its wake-up over leaves no entry behind', () => {
  const h = crashLoop();
  try {
    const { wakeMs, ...legacy } = memory(h.c);
    h.c.store.setMeta(POD_ENTRY, JSON.stringify(legacy));
    h.c.store.setMeta(WAKE_ENTRY, JSON.stringify(wakeMs));
    h.c.api.delete(PODS, 'default', 'crash');
    h.at(300);
    assert.equal(h.pod('crash'), undefined);
    assert.equal(h.c.store.getMeta(POD_ENTRY), undefined);
    assert.equal(h.c.store.getMeta(WAKE_ENTRY), undefined);
  } finally {
    h.c.close();
  }
});
