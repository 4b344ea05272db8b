import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { behindBy, settle, waitUntil } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod')!;
const REPO = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

const crashing = {
  apiVersion: 'kubemu.io/v1alpha1',
  kind: 'ImageRepository',
  metadata: { name: 'crash' },
  spec: { repository: 'example/crash', tags: { '1': {} }, behavior: { pullSeconds: 1, startSeconds: 1, exitCode: 1, exitAfterSeconds: 1 } },
} as unknown as KubeObject;

/** Bare pods: only the kubelet has work (restarts on CrashLoopBackOff's back-off). */
function pod(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'app', image: 'example/crash:1' }] },
  } as unknown as KubeObject;
}

/** The injected real clock: `tick` ms pass per instant replayed, `drift` ms per look at it. */
interface RealClock {
  real: number;
  tick: number;
  drift: number;
}

/**
 * A wall clock at speed 200 with crash-looping pods, and a real clock that moves on every time it
 * is read (replaying takes real time): more falls due than the replay gets through, so the
 * cluster falls behind its clock. A command must still end, after about its catch-up budget,
 * with one warning; what it left stays due for the next command, which goes on from there.
 */
async function crashLoopingCluster(
  fn: (c: Cluster, clock: RealClock, warnings: string[], count: () => number) => void | Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-behind-'));
  const file = join(dir, 'c.db');
  const clock: RealClock = { real: Date.UTC(2026, 0, 1), tick: 0, drift: 0 };
  const realNow = (): number => (clock.real += clock.drift);
  const warnings: string[] = [];
  const env = { KUBEMU_CLOCK: 'wall', KUBEMU_SPEED: '200', KUBEMU_SEED: '5', KUBEMU_CATCH_UP_MS: '2000' };
  const c = openCluster(file, { env, realNow, warn: (l) => warnings.push(l) });
  let steps = 0;
  let armed = false;
  const runDue = c.controlPlane.runDue.bind(c.controlPlane);
  c.controlPlane.runDue = (...args: Parameters<typeof runDue>): void => {
    steps++;
    if (armed && steps > 5_000) throw new Error('the catch-up does not end');
    clock.real += clock.tick; // replaying an instant takes real time
    runDue(...args);
  };
  try {
    settle(c);
    c.api.create(REPO, undefined, crashing);
    // A second of cluster time apart, the pods' restarts (and the few steps each makes: the
    // kubelet folds the back-off resyncs that write nothing) fall at instants of their own.
    for (let i = 0; i < 20; i++) {
      c.api.create(POD, 'default', pod(`crash-${i}`));
      clock.real += 5;
      settle(c);
    }
    settle(c);
    clock.real += 3_000; // 10 min of cluster time: the pods are in CrashLoopBackOff
    settle(c);
    warnings.length = 0;
    steps = 0;
    armed = true;
    await fn(c, clock, warnings, () => steps);
  } finally {
    c.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('wall clock falling behind: a command replays for its budget, warns once, and ends', async () => {
  await crashLoopingCluster((c, clock, warnings, steps) => {
    clock.real += 1_500; // 5 min of cluster time with nobody looking: restarts are due
    clock.tick = 100; // every instant replayed takes 100 ms: 20 s of cluster time
    const start = clock.real;
    settle(c);
    const behind = behindBy(c.clock, c.controlPlane);
    assert.ok(behind !== undefined && behind > 60_000, `left behind: ${behind}`);
    assert.equal(clock.real - start, 2_000, 'the command spent its budget');
    settle(c);
    assert.equal(warnings.length, 1, 'one warning per command');
    assert.match(
      warnings[0]!,
      new RegExp(`^warning: the cluster in ${c.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is (\\d+h)?(\\d+m)?\\d+s behind its clock: more falls due than kubemu can replay \\(speed 200\\); the rest runs at the next command\\n$`),
    );
    // The next command (the real clock holding still now) goes on where this one stopped.
    clock.tick = 0;
    const before = steps();
    settle(c);
    assert.ok(steps() > before, 'the rest ran');
    assert.equal(behindBy(c.clock, c.controlPlane), undefined, 'and nothing is overdue any more');
  });
});

test('wall clock falling behind: a wait ends at its deadline instead of replaying for good', async () => {
  await crashLoopingCluster(async (c, clock, warnings, steps) => {
    clock.tick = 1_000; // 200 s of cluster time per instant replayed: more than falls due meanwhile
    clock.drift = 1; // the wait's polls take real time too
    const deadline = c.clock.now() + 3_600_000;
    const done = await waitUntil(c, { deadlineMs: deadline, done: () => false, pollMs: 0 });
    assert.equal(done, false);
    assert.ok(c.clock.now() >= deadline);
    assert.ok(steps() < 100, `steps: ${steps()}`);
    assert.equal(warnings.length, 1);
  });
});
