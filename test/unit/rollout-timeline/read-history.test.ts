import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { readTimelineHistory } from '../../../src/tools/rollout-timeline/read-history.js';
import { timelineRows } from '../../../src/tools/rollout-timeline/timeline-rows.js';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';

const D = findByKind('apps/v1', 'Deployment')!;
const HOUR = 3_600_000;

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

function createWeb(c: Cluster, replicas: number): KubeObject {
  return c.api.create(D, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } } },
  });
}

function setImage(c: Cluster, image: string): void {
  const d = structuredClone(c.api.get(D, 'default', 'web'));
  (d['spec'] as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image = image;
  c.api.update(D, d);
}

function rowsOf(c: Cluster) {
  const h = readTimelineHistory(c.api, c.api.get(D, 'default', 'web'));
  return { history: h, rows: timelineRows(h.changes, h.seed, h.start) };
}

test('read from a cluster: a rolling update of 4 replicas shows every ReplicaSet step and ends at 0/4', () => {
  const c = cluster();
  createWeb(c, 4);
  advanceTo(c, c.clock.now() + 30_000);
  setImage(c, 'nginx:2');
  advanceTo(c, c.clock.now() + 60_000);
  const { history, rows } = rowsOf(c);
  assert.equal(history.start, undefined);
  const scaled = rows.filter((r) => / scaled /.test(r.event)).map((r) => r.event.replace(/web-[a-z0-9]+ /, ''));
  // default strategy on 4: 25% surge (1) and 25% unavailable (1)
  assert.deepEqual(scaled, ['(rev 1) scaled 4 → 3', '(rev 2) scaled 1 → 2', '(rev 1) scaled 3 → 1', '(rev 2) scaled 2 → 4', '(rev 1) scaled 1 → 0']);
  const last = rows[rows.length - 1]!;
  assert.deepEqual([last.generation, last.revision, last.oldDesired, last.newDesired, last.ready, last.available, last.pods], [2, '2', 0, 4, 4, 4, 4]);
  c.close();
});

test('a rollout far longer than the compaction window (an hour between steps) shows every step from the creation on', () => {
  const c = cluster();
  const created = Number(createWeb(c, 4).metadata.resourceVersion);
  advanceTo(c, c.clock.now() + HOUR);
  setImage(c, 'nginx:2');
  advanceTo(c, c.clock.now() + HOUR);
  c.api.updateScale(D, 'default', 'web', { replicas: 6 });
  advanceTo(c, c.clock.now() + HOUR);
  setImage(c, 'nginx:3');
  advanceTo(c, c.clock.now() + HOUR);
  c.api.updateScale(D, 'default', 'web', { replicas: 2 });
  advanceTo(c, c.clock.now() + HOUR);
  // the log itself was compacted far past the creation
  assert.ok(c.store.compactedRevision() > created);
  const { history, rows } = rowsOf(c);
  assert.equal(history.start, undefined);
  assert.ok(!rows.some((r) => /compacted|history (starts|trimmed)/.test(r.event)));
  const named = rows.map((r) => r.event).filter((e) => /deployment created|template changed|rescaled|^revision/.test(e));
  assert.deepEqual(named, [
    'deployment created, replicas 4',
    'revision 1',
    'template changed (generation 2)',
    'revision 2',
    'rescaled 4 → 6 (generation 3)',
    'template changed (generation 4)',
    'revision 3',
    'rescaled 6 → 2 (generation 5)',
  ]);
  // hours apart, in the order they happened
  const at = (e: string) => rows.find((r) => r.event === e)!.timeMs - rows[0]!.timeMs;
  assert.ok(at('template changed (generation 2)') >= HOUR && at('rescaled 4 → 6 (generation 3)') >= 2 * HOUR && at('rescaled 6 → 2 (generation 5)') >= 4 * HOUR);
  const last = rows[rows.length - 1]!;
  assert.deepEqual([last.generation, last.revision, last.oldDesired, last.newDesired, last.ready, last.available, last.pods], [5, '3', 0, 2, 2, 2, 2]);
  c.close();
});

test('a Deployment deleted and created again under the same name: the timeline is the new one’s only', () => {
  const c = cluster();
  const first = createWeb(c, 3);
  advanceTo(c, c.clock.now() + 60_000);
  setImage(c, 'nginx:2');
  advanceTo(c, c.clock.now() + 60_000);
  c.api.delete(D, 'default', 'web', { propagationPolicy: 'Foreground' });
  advanceTo(c, c.clock.now() + 60_000);
  assert.equal(c.api.tryGet(D, 'default', 'web'), undefined);
  // the old Deployment's rows are gone with it, its ReplicaSets' deletes after it recorded nowhere
  assert.deepEqual(c.store.history.rows(first.metadata.uid ?? ''), []);
  const second = createWeb(c, 2);
  advanceTo(c, c.clock.now() + 60_000);
  const { history, rows } = rowsOf(c);
  assert.equal(history.start, undefined);
  assert.ok(history.changes.every((ch) => ch.resource === 'replicasets' ? ch.summary.ownerUid === second.metadata.uid : ch.uid === second.metadata.uid));
  assert.equal(rows[0]!.event, 'deployment created, replicas 2');
  assert.ok(!rows.some((r) => /template changed|deleted/.test(r.event)));
  const last = rows[rows.length - 1]!;
  assert.deepEqual([last.generation, last.revision, last.newDesired, last.ready, last.pods], [1, '1', 2, 2, 2]);
  c.close();
});

test('a write rolled back leaves no history row; a dry run writes none', () => {
  const c = cluster();
  assert.throws(() =>
    c.store.transaction(() => {
      createWeb(c, 1);
      throw new Error('rolled back');
    }),
  /rolled back/);
  assert.equal(c.api.tryGet(D, 'default', 'web'), undefined);
  assert.ok(c.store instanceof SqliteKeyspace);
  const count = () => c.store instanceof SqliteKeyspace && c.store.db.prepare('SELECT count(*) AS n FROM rollout_history').get();
  assert.deepEqual(count(), { n: 0 });
  c.api.create(D, 'default', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dry' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } }, { dryRun: true });
  assert.deepEqual(count(), { n: 0 });
  const d = createWeb(c, 1);
  const rows = c.store.history.rows(d.metadata.uid ?? '');
  assert.deepEqual(rows.map((r) => [r.resource, r.type, r.revision]), [['deployments', 'ADDED', Number(d.metadata.resourceVersion)]]);
  c.close();
});

test('a history that does not start with the creation (a cluster upgraded from before it): the first row says where it starts', () => {
  const c = cluster();
  const d = createWeb(c, 2);
  advanceTo(c, c.clock.now() + 60_000);
  // as if recorded by nobody until now
  c.store.transaction(() => c.store.history.drop(d.metadata.uid ?? ''));
  const before = rowsOf(c);
  assert.equal(before.rows.length, 1);
  assert.match(before.rows[0]!.event, /^history starts at revision \d+ \(earlier changes were not recorded\): objects as first written after it$/);
  assert.deepEqual([before.rows[0]!.generation, before.rows[0]!.revision, before.rows[0]!.newDesired, before.rows[0]!.ready, before.rows[0]!.available, before.rows[0]!.pods], [1, '1', 2, 2, 2, 2]);
  // the first write after the start is taken as the state there (what was before it is gone)
  c.api.updateScale(D, 'default', 'web', { replicas: 3 });
  advanceTo(c, c.clock.now() + 60_000);
  c.api.updateScale(D, 'default', 'web', { replicas: 5 });
  advanceTo(c, c.clock.now() + 60_000);
  const after = rowsOf(c);
  assert.match(after.rows[0]!.event, /^history starts at revision \d+ /);
  assert.deepEqual([after.rows[0]!.generation, after.rows[0]!.newDesired], [2, 3]);
  assert.deepEqual(after.rows.filter((r) => /rescaled|scaled/.test(r.event)).map((r) => r.event.replace(/web-[a-z0-9]+/, 'RS')), [
    'rescaled 3 → 5 (generation 3)',
    'RS (rev 1) scaled 3 → 5',
  ]);
  assert.deepEqual([after.rows[after.rows.length - 1]!.ready, after.rows[after.rows.length - 1]!.pods], [5, 5]);
  c.close();
});
