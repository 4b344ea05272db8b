import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import type { Controller } from '../../../src/controllers/framework/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { unverifiedKubeObject } from '../../../src/api/meta/v1.js';

const CM = findByKind('v1', 'ConfigMap')!;

test('nextDue looks into the log only while some write has not reached every informer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-next-due-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const seen: number[] = [];
    const watcher: Controller = { name: 'watcher', watches: [CM], keysFor: (ev) => (seen.push(ev.revision), []), sync: () => undefined };
    const cp = new ControlPlane(c, [watcher]);
    let looks = 0;
    const store = c.store;
    const firstChangeAfter = store.firstChangeAfter.bind(store);
    store.firstChangeAfter = (after, prefixes) => (looks++, firstChangeAfter(after, prefixes));
    const deliver = () => store.transaction(() => c.clock.at(c.clock.now(), () => cp.runDue(0)));
    deliver();
    looks = 0;
    // Every write delivered: nothing is due, and the log is not read to say so.
    assert.equal(cp.nextDue(), undefined);
    assert.equal(looks, 0);
    const cm = unverifiedKubeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } });
    const written = c.api.create(CM, 'default', cm);
    // A write not delivered yet: due one informer latency after it was made.
    assert.equal(cp.nextDue(), c.clock.now() + 1);
    assert.equal(looks, 1);
    deliver();
    assert.deepEqual(seen.slice(-1), [Number(written.metadata.resourceVersion)]);
    looks = 0;
    assert.equal(cp.nextDue(), undefined);
    assert.equal(looks, 0);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
