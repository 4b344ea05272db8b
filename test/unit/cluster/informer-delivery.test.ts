import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import type { Controller } from '../../../src/controllers/framework/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const CM = findByKind('v1', 'ConfigMap')!;

function configMap(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' } } as unknown as KubeObject;
}

/** A small deterministic PRNG for the interleavings (mulberry32). */
function prng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/**
 * Several processes (cluster handles on one wall-clock file, one real clock) run a control plane
 * of two controllers: a "ticker" whose timers write ConfigMaps (a kubelet writing at replayed
 * instants) and a "recorder" that only notes the revision of every ConfigMap event it gets.
 * The processes interleave commands' writes at real time, catch-up steps toward stale targets
 * (a catch-up that started a while ago), reactions, and real time passing. Whatever the order,
 * the recorder must get every ConfigMap write exactly once, in revision order.
 */
function run(seed: number): { seen: number[]; written: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-informer-'));
  const file = join(dir, 'c.db');
  const rand = prng(seed);
  let real = Date.UTC(2026, 0, 1);
  const realNow = (): number => real;
  const env = { KUBEMU_CLOCK: 'wall', KUBEMU_SPEED: '20', KUBEMU_SEED: String(seed) };
  const seen: number[] = [];
  let ticks = 0;
  const ticker: Controller = {
    name: 'ticker',
    watches: [],
    keysFor: () => [],
    sync: (key, ctx) => {
      ctx.api.create(CM, 'default', configMap(`tick-${ticks++}`));
      ctx.requeueAfter(key, 50 + rand(2_000));
    },
  };
  const recorder: Controller = {
    name: 'recorder',
    watches: [CM],
    keysFor: (ev) => {
      seen.push(ev.revision);
      return [];
    },
    sync: () => undefined,
  };
  const handles: { c: Cluster; cp: ControlPlane }[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const c = openCluster(file, { env, realNow });
      handles.push({ c, cp: new ControlPlane(c, [ticker, recorder]) });
    }
    const first = handles[0]!;
    const base = first.c.store.revision();
    // Both controllers start at the current revision (the bootstrap's writes are not under test).
    first.c.store.transaction(() => {
      first.c.store.setMeta('informer:ticker', String(base));
      first.c.store.setMeta('informer:recorder', String(base));
      first.c.timers.schedule({ queue: 'ticker', key: 'a', dueMs: first.c.clock.now() + 100 });
      first.c.timers.schedule({ queue: 'ticker', key: 'b', dueMs: first.c.clock.now() + 700 });
    });
    const stale = handles.map(() => first.c.clock.now());
    let writes = 0;
    for (let op = 0; op < 400; op++) {
      const h = rand(handles.length);
      const { c, cp } = handles[h]!;
      const transact = <T>(fn: () => T): T => c.store.transaction(fn);
      switch (rand(5)) {
        case 0: // a command's write, at real time
          c.api.create(CM, 'default', configMap(`cmd-${writes++}`));
          break;
        case 1: // a catch-up that started a while ago: its target is older than now
          catchUp(c.clock, cp, transact, stale[h]!);
          break;
        case 2: // one reaction round at the current instant
          transact(() => c.clock.at(c.clock.now(), () => cp.runDue(0)));
          break;
        case 3: // this process starts a catch-up now (it runs in later steps)
          stale[h] = c.clock.now();
          break;
        default:
          real += rand(100); // up to 2 s of cluster time
      }
    }
    real += 60_000;
    const { c, cp } = first;
    catchUp(c.clock, cp, (fn) => c.store.transaction(fn), c.clock.now());
    c.store.transaction(() => c.clock.at(c.clock.now(), () => cp.runDue(0)));
    // Every ConfigMap the run wrote, by the revision that created it (none is written twice): the
    // log itself is no oracle, the compactor drops its old part.
    const written = c.store
      .listRevisions('/registry/configmaps/')
      .map((kv) => kv.modRevision)
      .filter((r) => r > base)
      .sort((a, b) => a - b);
    return { seen, written };
  } finally {
    for (const h of handles) h.c.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('wall clock, several processes: every write reaches an informer exactly once, in revision order', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const { seen, written } = run(seed);
    assert.ok(written.length > 50, `seed ${seed}: the run wrote ${written.length} ConfigMaps`);
    assert.deepEqual(seen, written, `seed ${seed}`);
  }
});

test('the log never goes back in time, whatever instant a catch-up replays', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-informer-'));
  let real = Date.UTC(2026, 0, 1);
  const c = openCluster(join(dir, 'c.db'), { env: { KUBEMU_CLOCK: 'wall' }, realNow: () => real });
  try {
    const from = c.store.revision();
    real += 10_000;
    c.api.create(CM, 'default', configMap('now'));
    // a catch-up replaying an instant 5 s ago writes after the write made at real time
    c.store.transaction(() => c.clock.at(c.clock.now() - 5_000, () => c.api.create(CM, 'default', configMap('replayed'))));
    const times = c.store.changesSince(from).map((e) => e.timeMs);
    assert.equal(times.length, 2);
    assert.equal(times[1], times[0], 'the replayed write is logged at the time of the latest row');
    // the object itself keeps the replayed instant (its creationTimestamp is when it "happened")
    assert.equal(c.api.get(CM, 'default', 'replayed').metadata.creationTimestamp, new Date(Math.floor((Date.UTC(2026, 0, 1) + 5_000) / 1000) * 1000).toISOString().replace('.000Z', 'Z'));
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
