import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ControllerContext } from '../../../src/controllers/framework/controller.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { KUBELET_COMPONENT, kubeletController } from '../../../src/controllers/kubelet/controller.js';
import type { PodMemory } from '../../../src/controllers/kubelet/memory.js';
import { harness, helloPod, PODS } from './harness.js';
import { undecodable } from '../control-plane/undecodable-event.js';

test('the kubelet knows its own status write coming back by its revision, without decoding it (fails before: it decoded every pod event)', () => {
  const h = harness();
  try {
    h.c.api.create(PODS, 'default', helloPod('web'));
    h.at(20);
    const state = new ComponentState(h.c.store, KUBELET_COMPONENT);
    const ctx = { api: h.c.api, state, clock: h.c.clock } as unknown as ControllerContext;
    const written = state.peek<PodMemory>('pod:default/web')?.writtenRv;
    assert.ok(written !== undefined, 'the kubelet wrote the status');
    const own = h.c.api.changesSince(Number(written) - 1, PODS, 'default').find((e) => e.revision === Number(written));
    assert.ok(own && own.type === 'MODIFIED');
    const kubelet = kubeletController();
    assert.deepEqual(kubelet.keysFor(undecodable(own), ctx), []);
    // Anyone else's write of the pod is read, and wakes it.
    const p = h.c.api.get(PODS, 'default', 'web');
    const other = h.c.api.updateStatus(PODS, { ...p, status: { ...(p['status'] as object), message: 'other' } } as KubeObject);
    const ev = h.c.api.changesSince(Number(other.metadata.resourceVersion) - 1, PODS, 'default').find((e) => e.revision === Number(other.metadata.resourceVersion));
    assert.ok(ev);
    assert.throws(() => kubelet.keysFor(undecodable(ev), ctx), /was decoded/);
    assert.deepEqual(kubelet.keysFor(ev, ctx), ['default/web']);
  } finally {
    h.c.close();
  }
});
