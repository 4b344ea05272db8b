import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterClock, VIRTUAL_EPOCH_MS } from '../../../src/sim/clock.js';
import { BATCH_REAL_MS, catchUp, type Reactor } from '../../../src/cluster/time.js';

function memoryStore() {
  const m = new Map<string, string>();
  return { getMeta: (k: string) => m.get(k), setMeta: (k: string, v: string) => void m.set(k, v) };
}

/** A reactor with work due at fixed instants; each step records its instant and whether it ran inside a transaction. */
function scripted(dues: number[], clock: ClusterClock, depth: () => number, onStep = () => {}): Reactor & { ran: { at: number; depth: number }[] } {
  const pending = [...dues];
  const ran: { at: number; depth: number }[] = [];
  return {
    ran,
    nextDue: () => pending[0],
    runDue: () => {
      ran.push({ at: clock.now(), depth: depth() });
      pending.shift();
      onStep();
    },
  };
}

/** A transaction stand-in that joins nested calls, as the keyspace's does, and counts the outer ones (the commits). */
function countingTransact() {
  let depth = 0;
  let commits = 0;
  const transact = <T>(fn: () => T): T => {
    if (depth > 0) return fn();
    depth++;
    try {
      return fn();
    } finally {
      depth--;
      commits++;
    }
  };
  return { transact, depth: () => depth, commits: () => commits };
}

test('virtual clock: the instants of one catch-up share a transaction, committed once at the end', () => {
  const clock = new ClusterClock({ mode: 'virtual', speed: 1, epochMs: VIRTUAL_EPOCH_MS, createdAtRealMs: 0 }, memoryStore(), () => 0);
  const t0 = clock.now();
  const tx = countingTransact();
  const dues = Array.from({ length: 100 }, (_, i) => t0 + 1_000 * (i + 1));
  const r = scripted(dues, clock, tx.depth);
  catchUp(clock, r, tx.transact, t0 + 200_000);
  // Every instant ran, in order, at its own time, inside a transaction...
  assert.deepEqual(r.ran.map((s) => s.at), dues);
  assert.ok(r.ran.every((s) => s.depth === 1));
  // ...but 100 instants took one commit (and one more to move the clock to the target), not 100.
  assert.equal(tx.commits(), 2);
  assert.equal(clock.now(), t0 + 200_000);
});

test('virtual clock: a batch commits once its real time is spent, and the next one goes on', () => {
  let real = 0;
  const clock = new ClusterClock({ mode: 'virtual', speed: 1, epochMs: VIRTUAL_EPOCH_MS, createdAtRealMs: 0 }, memoryStore(), () => real);
  const t0 = clock.now();
  const tx = countingTransact();
  const dues = Array.from({ length: 10 }, (_, i) => t0 + 1_000 * (i + 1));
  // Each step costs a fifth of a batch of real time: five steps a batch.
  const r = scripted(dues, clock, tx.depth, () => (real += BATCH_REAL_MS / 5));
  catchUp(clock, r, tx.transact, t0 + 10_000);
  assert.equal(r.ran.length, 10);
  assert.equal(tx.commits(), 2, 'two batches of five steps; the clock is already at the target');
});

test('wall clock: each instant is still its own transaction', () => {
  let real = 1_000_000;
  const clock = new ClusterClock({ mode: 'wall', speed: 1, epochMs: VIRTUAL_EPOCH_MS, createdAtRealMs: 1_000_000 }, memoryStore(), () => real);
  real += 60_000;
  const t0 = VIRTUAL_EPOCH_MS;
  const tx = countingTransact();
  const dues = Array.from({ length: 20 }, (_, i) => t0 + 1_000 * (i + 1));
  const r = scripted(dues, clock, tx.depth);
  catchUp(clock, r, tx.transact, clock.now());
  assert.equal(r.ran.length, 20);
  assert.equal(tx.commits(), 20);
});

test('virtual clock: a batch runs inside the reactor hold, and asks it once per step what is due', () => {
  const clock = new ClusterClock({ mode: 'virtual', speed: 1, epochMs: VIRTUAL_EPOCH_MS, createdAtRealMs: 0 }, memoryStore(), () => 0);
  const t0 = clock.now();
  const tx = countingTransact();
  const dues = Array.from({ length: 10 }, (_, i) => t0 + 1_000 * (i + 1));
  let held = 0;
  let asked = 0;
  const inHold: boolean[] = [];
  const base = scripted(dues, clock, tx.depth, () => inHold.push(held > 0));
  const r: Reactor = {
    nextDue: () => (asked++, base.nextDue()),
    runDue: () => base.runDue(),
    hold: <T>(fn: () => T): T => {
      held++;
      try {
        return fn();
      } finally {
        held--;
      }
    },
  };
  catchUp(clock, r, tx.transact, t0 + 20_000);
  assert.deepEqual(base.ran.map((s) => s.at), dues);
  assert.ok(inHold.every(Boolean));
  // one plain read before the batch, one per step, one that finds nothing more due
  assert.equal(asked, 1 + dues.length + 1);
});
