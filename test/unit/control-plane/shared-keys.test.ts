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

/**
 * The scheduler hands its pending pods' keys at each bound pod that goes (a rollout: 210,000 keys
 * for 6,200 events), as one frozen list while the pending pods stay: the control plane adds such
 * a list once per step. Each key is still synced once, in the order the keys first came; a new
 * step adds the list again.
 */
test('a frozen list of keys handed for several events of a step is added once, the keys synced as if each event had added them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-shared-keys-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const shared = Object.freeze(['p1', 'p2']);
    const synced: string[] = [];
    let iterated = 0;
    const counted: readonly string[] = new Proxy(shared, {
      get(target, prop, receiver) {
        if (prop === Symbol.iterator) iterated++;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const controller: Controller = {
      name: 'shared',
      watches: [CM],
      keysFor: (ev) => (ev.key.endsWith('/own') ? [`own-${ev.type}`, 'p2'] : counted),
      sync: (key) => void synced.push(key),
    };
    const cp = new ControlPlane(c, [controller]);
    const step = () => c.store.transaction(() => c.clock.at(c.clock.now(), () => cp.runDue(0)));
    step();
    synced.length = 0;
    iterated = 0;
    const make = (name: string) => c.api.create(CM, 'default', unverifiedKubeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }));
    make('own');
    for (let i = 0; i < 5; i++) make(`cm-${i}`);
    step();
    assert.deepEqual(synced, ['own-ADDED', 'p2', 'p1']);
    assert.equal(iterated, 1, 'the frozen list went through once for five events');
    synced.length = 0;
    make('cm-9');
    make('cm-10');
    step();
    assert.deepEqual(synced, ['p1', 'p2'], 'a new step adds it again');
    assert.equal(iterated, 2);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
