import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { parseSelector, selectorMatches } from '../../../src/labels/label-selector.js';

const POD = findByKind('v1', 'Pod')!;
const ENV = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '5' };

function pod(name: string, labels: Record<string, string>, controller?: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      labels,
      ...(controller ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: controller, uid: controller, controller: true }] } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'x' }] },
  } as unknown as KubeObject;
}

const ids = (os: readonly KubeObject[]) => os.map((o) => `${o.metadata.namespace}/${o.metadata.name}@${o.metadata.resourceVersion}`);

/**
 * A controller step in a new process selects its pods through the store's indexes, inside the
 * step's transaction: what it gets is what the full list gives, this step's own uncommitted
 * writes included, and no list of the namespace is read for it.
 */
test('listSelected and listControlledBy without a list in the process: the full list’s answer, own uncommitted writes included', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-sel-'));
  try {
    const path = join(dir, 'c.db');
    const c = openCluster(path, { env: ENV });
    c.api.create(POD, 'default', pod('a1', { app: 'a', tier: 'web' }, 'rs-a'));
    c.api.create(POD, 'default', pod('a2', { app: 'a' }, 'rs-a'));
    c.api.create(POD, 'default', pod('b1', { app: 'b' }, 'rs-b'));
    c.api.create(POD, 'default', pod('orphan', { app: 'a' }));
    c.api.create(POD, 'kube-system', pod('a9', { app: 'a' }, 'rs-a'));
    c.close();

    const fresh = openCluster(path, { env: ENV });
    const listed: string[] = [];
    for (const m of ['scan', 'list', 'listRevisions'] as const) {
      const orig = fresh.store[m].bind(fresh.store) as (...a: unknown[]) => unknown;
      (fresh.store as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        listed.push(String(a[0]));
        return orig(...a);
      };
    }
    fresh.store.transaction(() => {
      // The step's own writes, not committed yet: a label changed (a2 leaves app=a while still
      // controlled), a pod created, one deleted, a status write.
      fresh.api.modify(POD, 'default', 'a2', (o) => ({ ...o, metadata: { ...o.metadata, labels: { app: 'gone' } } }));
      fresh.api.create(POD, 'default', pod('a3', { app: 'a', tier: 'web' }, 'rs-a'));
      fresh.api.delete(POD, 'default', 'b1', { gracePeriodSeconds: 0 });
      fresh.api.modify(POD, 'default', 'a1', (o) => ({ ...o, status: { phase: 'Running' } }));
      const selectors = ['app=a', 'app=a,tier=web', 'app in (b)', 'app=gone'].map(parseSelector);
      const picked = selectors.map((s) => ids(fresh.api.listSelected(POD, 'default', s)));
      const owned = ['rs-a', 'rs-b', 'none'].map((u) => ids(fresh.api.listControlledBy(POD, 'default', u)));
      assert.deepEqual(listed, [], 'no list read');
      // The same questions answered from the full list, now read into the process.
      const all = fresh.api.list(POD, 'default');
      assert.ok(listed.length > 0);
      assert.deepEqual(picked, selectors.map((s) => ids(fresh.api.listSelected(POD, 'default', s))));
      assert.deepEqual(owned, ['rs-a', 'rs-b', 'none'].map((u) => ids(fresh.api.listControlledBy(POD, 'default', u))));
      assert.deepEqual(picked[0], ids(all.filter((p) => p.metadata.labels?.['app'] === 'a')));
      assert.deepEqual(owned[0], ids(all.filter((p) => p.metadata.ownerReferences?.[0]?.uid === 'rs-a')));
      assert.deepEqual(owned[0]?.map((s) => s.replace(/@.*/, '')), ['default/a1', 'default/a2', 'default/a3']);
    });
    fresh.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A ReplicaSet's selector requires two labels: the Deployment's (app=big, carried by the pods of
 * both ReplicaSets of a rollout) and its own pod-template-hash. The store reads the rows of the
 * one fewer pods carry, so a sync does not decode the other ReplicaSet's pods; the answer is the
 * same, and the same again once the list is in the process (the read cache picks likewise).
 */
test('listSelected reads the rows of the required label fewest pods carry, whichever the selector names first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-sel-'));
  try {
    const path = join(dir, 'c.db');
    const c = openCluster(path, { env: ENV });
    for (let i = 0; i < 6; i++) c.api.create(POD, 'default', pod(`old-${i}`, { app: 'big', 'pod-template-hash': 'old' }, 'rs-old'));
    for (let i = 0; i < 2; i++) c.api.create(POD, 'default', pod(`new-${i}`, { app: 'big', 'pod-template-hash': 'new' }, 'rs-new'));
    c.close();

    const fresh = openCluster(path, { env: ENV });
    const rowsRead: string[] = [];
    const listLabelled = fresh.store.listLabelled.bind(fresh.store);
    fresh.store.listLabelled = (prefix, name, value) => {
      const out = listLabelled(prefix, name, value);
      rowsRead.push(...out.map((kv) => kv.key.replace(/.*\//, '')));
      return out;
    };
    const selector = parseSelector('app=big,pod-template-hash=new');
    const picked = ids(fresh.api.listSelected(POD, 'default', selector));
    assert.deepEqual(rowsRead, ['new-0', 'new-1']);
    assert.deepEqual(picked.map((s) => s.replace(/@.*/, '')), ['default/new-0', 'default/new-1']);
    fresh.api.list(POD, 'default');
    assert.deepEqual(ids(fresh.api.listSelected(POD, 'default', selector)), picked);
    assert.deepEqual(ids(fresh.api.listSelected(POD, 'default', parseSelector('app=big,pod-template-hash=none'))), []);
    fresh.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A ReplicaSet's sync in a new process asks for the pods it controls, then for those its selector
 * picks: the same pods when it has no orphan, whose rows the first read just got. The store's
 * count of the narrowest label tells so, and the second answer is cut from the first without
 * reading the rows again; an orphan, a stray or a write in between makes it ask the store.
 */
test('a selection right after listControlledBy of the same pods is cut from it when the label count says they are all there', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-sel-'));
  try {
    const path = join(dir, 'c.db');
    const c = openCluster(path, { env: ENV });
    for (let i = 0; i < 3; i++) c.api.create(POD, 'default', pod(`old-${i}`, { app: 'big', 'pod-template-hash': 'old' }, 'rs-old'));
    for (let i = 0; i < 2; i++) c.api.create(POD, 'default', pod(`new-${i}`, { app: 'big', 'pod-template-hash': 'new' }, 'rs-new'));
    c.api.create(POD, 'default', pod('stray', { app: 'big', 'pod-template-hash': 'other' }, 'rs-new'));
    c.api.create(POD, 'default', pod('orphan', { app: 'big', 'pod-template-hash': 'old' }));
    c.close();

    const fresh = openCluster(path, { env: ENV });
    let labelReads = 0;
    const listLabelled = fresh.store.listLabelled.bind(fresh.store);
    fresh.store.listLabelled = (prefix, name, value) => {
      labelReads++;
      return listLabelled(prefix, name, value);
    };
    const sync = (uid: string, selector: string) => {
      const owned = fresh.api.listControlledBy(POD, 'default', uid);
      return { owned, selected: fresh.api.listSelected(POD, 'default', parseSelector(selector)) };
    };
    fresh.store.transaction(() => {
      const a = sync('rs-new', 'app=big,pod-template-hash=new');
      assert.equal(labelReads, 0, 'no orphan: cut from the controlled pods');
      assert.deepEqual(ids(a.selected).map((s) => s.replace(/@.*/, '')), ['default/new-0', 'default/new-1']);
      assert.ok(a.selected.every((p, i) => p === a.owned[i]), 'the same objects');
      const b = sync('rs-old', 'app=big,pod-template-hash=old');
      assert.equal(labelReads, 1, 'an orphan carries the label: the store is asked');
      assert.deepEqual(ids(b.selected).map((s) => s.replace(/@.*/, '')), ['default/old-0', 'default/old-1', 'default/old-2', 'default/orphan']);
      fresh.api.listControlledBy(POD, 'default', 'rs-new');
      fresh.api.create(POD, 'default', pod('new-9', { app: 'big', 'pod-template-hash': 'new' }));
      const after = fresh.api.listSelected(POD, 'default', parseSelector('app=big,pod-template-hash=new'));
      assert.equal(labelReads, 2, 'a write since: the store is asked');
      assert.deepEqual(ids(after).map((s) => s.replace(/@.*/, '')), ['default/new-0', 'default/new-1', 'default/new-9']);
      // what the full list gives
      const all = fresh.api.list(POD, 'default');
      const sel = parseSelector('app=big,pod-template-hash=new');
      assert.deepEqual(ids(fresh.api.listSelected(POD, 'default', sel)), ids(all.filter((p) => selectorMatches(sel, p.metadata.labels))));
    });
    fresh.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
