import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { parseSelector, selectorMatches } from '../../../src/labels/label-selector.js';

const CM = findByKind('v1', 'ConfigMap')!;

test('objects read from the API server are frozen; writes go through copies', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } });
  const got = c.api.get(CM, 'default', 'a');
  assert.ok(Object.isFrozen(got) && Object.isFrozen(got['data']));
  assert.throws(() => {
    (got['data'] as Record<string, string>)['k'] = 'changed';
  }, TypeError);
  c.api.modify(CM, 'default', 'a', (o) => ({ ...o, data: { k: 'w' } }));
  assert.deepEqual(c.api.get(CM, 'default', 'a')['data'], { k: 'w' });
  assert.deepEqual(c.api.list(CM, 'default').map((o) => o.metadata.name), ['a', 'kube-root-ca.crt']);
  c.close();
});

test('a write by another process is seen at once: the read cache is dropped when the revision moves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-cache-'));
  try {
    const path = join(dir, 'c.db');
    const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' };
    const one = openCluster(path, { env });
    const two = openCluster(path, { env });
    one.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { k: '1' } });
    assert.deepEqual(two.api.get(CM, 'default', 'x')['data'], { k: '1' });
    assert.equal(two.api.list(CM, 'default').length, 2);
    one.api.modify(CM, 'default', 'x', (o) => ({ ...o, data: { k: '2' } }));
    one.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'y' } });
    assert.deepEqual(two.api.get(CM, 'default', 'x')['data'], { k: '2' });
    assert.equal(two.api.list(CM, 'default').length, 3);
    one.api.delete(CM, 'default', 'y');
    assert.equal(two.api.tryGet(CM, 'default', 'y'), undefined);
    one.close();
    two.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a rolled-back transaction leaves no trace in what is read afterwards', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  assert.throws(() =>
    c.store.transaction(() => {
      c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ghost' } });
      assert.ok(c.api.tryGet(CM, 'default', 'ghost'));
      throw new Error('abort');
    }),
  );
  assert.equal(c.api.tryGet(CM, 'default', 'ghost'), undefined);
  c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'real' } });
  assert.deepEqual(c.api.list(CM, 'default').map((o) => o.metadata.name), ['kube-root-ca.crt', 'real']);
  c.close();
});

test('a cached list follows this process\'s own creates, updates and deletes, in key order', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const names = () => c.api.list(CM, 'default').map((o) => `${o.metadata.name}=${JSON.stringify(o['data'] ?? {})}`);
  c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'm' }, data: { v: '1' } });
  assert.deepEqual(names(), ['kube-root-ca.crt=' + JSON.stringify(c.api.get(CM, 'default', 'kube-root-ca.crt')['data']), 'm={"v":"1"}']);
  c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { v: '2' } });
  c.api.modify(CM, 'default', 'm', (o) => ({ ...o, data: { v: '3' } }));
  c.api.delete(CM, 'default', 'kube-root-ca.crt');
  assert.deepEqual(names(), ['a={"v":"2"}', 'm={"v":"3"}']);
  c.close();
});

test("this process's own writes keep its cached lists: only the written key is read again, not the whole list", () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  let listed = 0;
  const listRevisions = c.store.listRevisions.bind(c.store);
  c.store.listRevisions = (prefix: string) => {
    listed++;
    return listRevisions(prefix);
  };
  c.api.list(CM, 'default');
  for (let i = 0; i < 5; i++) {
    c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `n${i}` } });
    assert.equal(c.api.list(CM, 'default').length, 2 + i);
  }
  // Before, each write's own revision step dropped every cached list: 6 reads of the prefix.
  // (A list from the store starts with the keys and revisions, whatever it reads next.)
  assert.equal(listed, 1);
  c.close();
});

test('listing by label or by controller gives what filtering the whole list gives, in key order, after writes', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const owner = (uid: string) => [{ apiVersion: 'v1', kind: 'ConfigMap', name: uid, uid, controller: true }];
  const make = (name: string, labels: Record<string, string>, uid?: string) =>
    c.api.create(CM, 'default', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, labels, ...(uid ? { ownerReferences: owner(uid) } : {}) },
    });
  make('z', { app: 'a', tier: 'web' }, 'u1');
  make('b', { app: 'a' }, 'u2');
  make('m', { app: 'b' }, 'u1');
  const sel = parseSelector('app=a,tier!=db');
  const names = (os: { metadata: { name?: string } }[]) => os.map((o) => o.metadata.name);
  const byFilter = () => names(c.api.list(CM, 'default', (o) => selectorMatches(sel, o.metadata.labels)));
  assert.deepEqual(names(c.api.listSelected(CM, 'default', sel)), ['b', 'z']);
  assert.deepEqual(names(c.api.listControlledBy(CM, 'default', 'u1')), ['m', 'z']);
  c.api.modify(CM, 'default', 'b', (o) => ({ ...o, metadata: { ...o.metadata, labels: { app: 'a', tier: 'db' } } }));
  c.api.modify(CM, 'default', 'm', (o) => ({ ...o, metadata: { ...o.metadata, labels: { app: 'a' }, ownerReferences: owner('u2') } }));
  make('a', { app: 'a' });
  c.api.delete(CM, 'default', 'z');
  assert.deepEqual(names(c.api.listSelected(CM, 'default', sel)), byFilter());
  assert.deepEqual(byFilter(), ['a', 'm']);
  assert.deepEqual(names(c.api.listControlledBy(CM, 'default', 'u1')), []);
  assert.deepEqual(names(c.api.listControlledBy(CM, 'default', 'u2')), ['b', 'm']);
  assert.deepEqual(names(c.api.listSelected(CM, undefined, parseSelector('app in (a)'))), ['a', 'b', 'm']);
  assert.deepEqual(names(c.api.listSelected(CM, undefined, parseSelector('app in (a,b),!tier'))), ['a', 'm']);
  c.close();
});

test('a selector of required values only (matchLabels) selects what filtering by it does: every value compared, inherited members never a label', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const make = (name: string, labels?: Record<string, string>) =>
    c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels ? { labels } : {}) } });
  make('both', { app: 'a', hash: 'h1' });
  make('other-hash', { app: 'a', hash: 'h2' });
  make('no-hash', { app: 'a' });
  make('none');
  make('ctor', { app: 'a', constructor: 'x' });
  make('more', { app: 'a', hash: 'h1', tier: 'web' });
  const names = (os: { metadata: { name?: string } }[]) => os.map((o) => o.metadata.name);
  for (const text of ['app=a,hash=h1', 'hash==h1,app in (a)', 'app=a', 'app=a,constructor=x', 'app=a,toString=x', 'app=a,hash=h3']) {
    const sel = parseSelector(text);
    const byFilter = names(c.api.list(CM, 'default', (o) => selectorMatches(sel, o.metadata.labels)));
    assert.deepEqual(names(c.api.listSelected(CM, 'default', sel)), byFilter, text);
  }
  assert.deepEqual(names(c.api.listSelected(CM, 'default', parseSelector('app=a,hash=h1'))), ['both', 'more']);
  assert.deepEqual(names(c.api.listSelected(CM, 'default', parseSelector('app=a,constructor=x'))), ['ctor']);
  assert.deepEqual(names(c.api.listSelected(CM, 'default', parseSelector('app=a,toString=x'))), []);
  c.close();
});

test("one namespace's list is cut from a cached list of every namespace, and follows later writes", () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const names = (ns: string | undefined) => c.api.list(CM, ns).map((o) => `${o.metadata.namespace}/${o.metadata.name}`);
  const all = names(undefined);
  let listed = 0;
  const listRevisions = c.store.listRevisions.bind(c.store);
  c.store.listRevisions = (prefix: string) => {
    listed++;
    return listRevisions(prefix);
  };
  assert.deepEqual(names('kube-system'), all.filter((n) => n.startsWith('kube-system/')));
  assert.equal(listed, 0);
  c.api.create(CM, 'kube-system', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
  c.api.delete(CM, 'kube-system', 'kube-root-ca.crt');
  assert.deepEqual(names('kube-system'), ['kube-system/a']);
  assert.deepEqual(names('kube-public'), ['kube-public/kube-root-ca.crt']);
  c.close();
});

test('a one-off label selection decodes only the objects carrying the required label, and selects what a full list does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-cache-'));
  try {
    const path = join(dir, 'c.db');
    const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' };
    const c = openCluster(path, { env });
    for (const [name, labels] of [['x', { app: 'a' }], ['y', { app: 'b' }], ['z', { app: 'a', tier: 'db' }], ['w', { 'example.com/app': 'a' }]] as const) {
      c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels } });
    }
    c.close();
    const names = (os: { metadata: { name?: string } }[]) => os.map((o) => o.metadata.name);
    for (const [text, want] of [
      ['app=a', ['x', 'z']],
      ['app in (a),tier!=db', ['x']],
      ['example.com/app==a', ['w']],
      ['app=a,tier', ['z']],
      ['app!=a', ['kube-root-ca.crt', 'w', 'y']],
    ] as const) {
      const fresh = openCluster(path, { env });
      let listed = 0;
      const listRevisions = fresh.store.listRevisions.bind(fresh.store);
      fresh.store.listRevisions = (prefix: string) => {
        listed++;
        return listRevisions(prefix);
      };
      assert.deepEqual(names(fresh.api.listSelectedOnce(CM, 'default', parseSelector(text))), want, text);
      // Only a selector without a required label value lists everything.
      assert.equal(listed, text === 'app!=a' ? 1 : 0, text);
      fresh.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The read cache's indexes follow every kind of rewrite: one that keeps the labels and owners as
 * the same frozen nodes (a status write: its index terms are left alone), one that changes the
 * controller only, one that changes a label only, a delete; after each, what listSelected and
 * listControlledBy give is what filtering the full list gives, in key order.
 */
test('label and controller selections from the read cache follow status writes, owner and label changes', () => {
  const POD = findByKind('v1', 'Pod')!;
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const owner = (uid: string) => [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: uid, uid, controller: true }];
  for (const [name, hash, uid] of [['p3', 'a', 'A'], ['p1', 'a', 'A'], ['p2', 'b', 'B'], ['p4', 'a', 'A']] as const) {
    c.api.create(POD, 'default', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, labels: { app: 'big', hash }, ownerReferences: owner(uid) },
      spec: { containers: [{ name: 'c', image: 'x' }] },
    });
  }
  const sel = parseSelector('app=big,hash=a');
  const check = () => {
    const all = c.api.list(POD, 'default');
    const names = (os: readonly { metadata: { name?: string } }[]) => os.map((o) => o.metadata.name);
    assert.deepEqual(names(c.api.listSelected(POD, 'default', sel)), names(all.filter((p) => selectorMatches(sel, p.metadata.labels))));
    for (const uid of ['A', 'B']) {
      assert.deepEqual(names(c.api.listControlledBy(POD, 'default', uid)), names(all.filter((p) => p.metadata.ownerReferences?.[0]?.uid === uid)));
    }
  };
  check();
  c.api.modify(POD, 'default', 'p1', (o) => ({ ...o, status: { phase: 'Running' } }));
  check();
  c.api.modify(POD, 'default', 'p3', (o) => ({ ...o, metadata: { ...o.metadata, ownerReferences: owner('B') } }));
  check();
  c.api.modify(POD, 'default', 'p4', (o) => ({ ...o, metadata: { ...o.metadata, labels: { app: 'big', hash: 'b' } } }));
  check();
  c.api.delete(POD, 'default', 'p1', { gracePeriodSeconds: 0 });
  check();
  assert.deepEqual(c.api.listSelected(POD, 'default', sel).map((o) => o.metadata.name), ['p3']);
  assert.deepEqual(c.api.listControlledBy(POD, 'default', 'B').map((o) => o.metadata.name), ['p2', 'p3']);
  c.close();
});
