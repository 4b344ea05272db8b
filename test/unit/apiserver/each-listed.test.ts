import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { parseSelector, selectorMatches } from '../../../src/labels/label-selector.js';

const CM = findByKind('v1', 'ConfigMap')!;

test('eachListed visits what a filtered list gives, in key order; a fresh process reads it without remembering or freezing it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-each-'));
  try {
    const path = join(dir, 'c.db');
    const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' };
    const c = openCluster(path, { env });
    for (const [ns, name, labels] of [
      ['default', 'x', { app: 'a' }],
      ['default', 'y', { app: 'b' }],
      ['kube-public', 'z', { app: 'a', tier: 'db' }],
    ] as const) {
      c.api.create(CM, ns, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels } });
    }
    c.close();
    const key = (o: KubeObject) => `${o.metadata.namespace}/${o.metadata.name}@${o.metadata.resourceVersion}`;
    const notRoot = (o: KubeObject) => o.metadata.name !== 'kube-root-ca.crt';
    for (const ns of [undefined, 'default']) {
      for (const text of [undefined, 'app=a', 'app!=a', 'app in (a),tier', '!app']) {
        const selector = text === undefined ? undefined : parseSelector(text);
        const want = openCluster(path, { env });
        const expected = want.api.list(CM, ns, (o) => notRoot(o) && (!selector || selectorMatches(selector, o.metadata.labels))).map(key);
        const fresh = openCluster(path, { env });
        const seen: KubeObject[] = [];
        fresh.api.eachListed(CM, ns, selector, notRoot, (o) => seen.push(o));
        assert.deepEqual(seen.map(key), expected, `${ns ?? '-A'} ${text ?? ''}`);
        if (!text) assert.ok(seen.every((o) => !Object.isFrozen(o)), 'read for this visit only');
        // With the list already read in this process, the same objects come from the cache.
        const cached: KubeObject[] = [];
        want.api.eachListed(CM, ns, selector, notRoot, (o) => cached.push(o));
        assert.deepEqual(cached.map(key), expected);
        want.close();
        fresh.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
