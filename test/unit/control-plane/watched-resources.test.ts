import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import type { Controller } from '../../../src/controllers/framework/controller.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import { unverifiedKubeObject } from '../../../src/api/meta/v1.js';

const CM = findByKind('v1', 'ConfigMap')!;
const SECRET = findByKind('v1', 'Secret')!;

test("an informer gets the events under its resources' prefixes, whatever resource object it names them by", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-watched-'));
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const seen = new Map<string, string[]>();
    const watcher = (name: string, watches: ResourceInfo[]): Controller => ({
      name,
      watches,
      keysFor: (ev) => (seen.set(name, [...(seen.get(name) ?? []), ev.key]), []),
      sync: () => undefined,
    });
    // A copy of the ConfigMap resource (the same prefix, another object), and a resource whose
    // prefix is longer than the ConfigMaps' (only the keys under it belong to it).
    const narrow: ResourceInfo = { ...CM, etcdPrefix: 'configmaps/team-a', namespaced: false };
    const cp = new ControlPlane(c, [watcher('copy', [{ ...CM }]), watcher('narrow', [narrow]), watcher('secrets', [SECRET])]);
    const deliver = () => c.store.transaction(() => c.clock.at(c.clock.now(), () => cp.runDue(0)));
    deliver();
    seen.clear();
    for (const ns of ['default', 'team-a']) {
      if (ns !== 'default') c.api.create(findByKind('v1', 'Namespace')!, undefined, unverifiedKubeObject({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
      c.api.create(CM, ns, unverifiedKubeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } }));
    }
    deliver();
    assert.deepEqual(seen.get('copy'), ['/registry/configmaps/default/a', '/registry/configmaps/team-a/a']);
    assert.deepEqual(seen.get('narrow'), ['/registry/configmaps/team-a/a']);
    assert.equal(seen.get('secrets'), undefined);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
