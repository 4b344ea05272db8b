import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterClock, VIRTUAL_EPOCH_MS } from '../../../src/sim/clock.js';
import { catchUp, type Reactor, stepOnce } from '../../../src/cluster/time.js';

function memoryStore() {
  const m = new Map<string, string>();
  return { getMeta: (k: string) => m.get(k), setMeta: (k: string, v: string) => void m.set(k, v) };
}

/** A reactor with work due at fixed instants; each run records what the clock reads. */
function scripted(dues: number[], clock: ClusterClock): Reactor & { ran: number[] } {
  const pending = [...dues];
  const ran: number[] = [];
  return {
    ran,
    nextDue: () => pending[0],
    runDue: () => {
      ran.push(clock.now());
      pending.shift();
    },
  };
}

const transact = <T>(fn: () => T): T => fn();

test('virtual clock: catch-up runs each due instant at its own time, then reads the target', () => {
  const clock = new ClusterClock({ mode: 'virtual', speed: 1, epochMs: VIRTUAL_EPOCH_MS, createdAtRealMs: 0 }, memoryStore());
  const t0 = clock.now();
  const r = scripted([t0 + 5, t0 + 5_000, t0 + 9_000], clock);
  catchUp(clock, r, transact, t0 + 6_000);
  assert.deepEqual(r.ran, [t0 + 5, t0 + 5_000]);
  assert.equal(clock.now(), t0 + 6_000);
  assert.equal(stepOnce(clock, r, transact, t0 + 8_000), undefined, 'the 9 s work is not due by 8 s');
  assert.equal(stepOnce(clock, r, transact, t0 + 60_000), t0 + 9_000);
  assert.deepEqual(r.ran, [t0 + 5, t0 + 5_000, t0 + 9_000]);
});

test('wall clock: missed instants are replayed with their own times, never later than now', () => {
  let real = 1_000_000;
  const clock = new ClusterClock({ mode: 'wall', speed: 2, epochMs: 50_000, createdAtRealMs: 1_000_000 }, memoryStore(), () => real);
  real += 10_000; // 10 s of real time at speed 2: 20 s of cluster time
  assert.equal(clock.now(), 70_000);
  const r = scripted([51_000, 65_000, 90_000], clock);
  catchUp(clock, r, transact, clock.now());
  assert.deepEqual(r.ran, [51_000, 65_000]);
  assert.equal(clock.now(), 70_000, 'outside a step the wall clock reads real time again');
});
