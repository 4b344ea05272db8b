/**
 * The 2-minute expiry of status.disruptedPods (DeletionTimeout): a pod the eviction API recorded
 * but that was never deleted (its delete failed after the budget was spent) is counted unhealthy
 * until 2 minutes after it was recorded, then counts again with a NotDeleted event, woken by one
 * timer at that instant: no step in between, none after.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness, PDBS, PODS } from './harness.js';
import { rfc3339 } from '../../../src/sim/clock.js';

test('a recorded pod that was not deleted counts again 2 minutes later, by one timer at that instant', () => {
  const h = harness();
  h.deployment('web', 3);
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  // What else is due (the Deployment's progress deadline, 10 minutes on): the budget adds nothing.
  const baseline = h.c.timers.nextDue();
  assert.ok(baseline !== undefined && baseline > h.c.clock.now() + 300_000, 'a settled budget sets no timer');
  const name = h.ready('web')[0]!.metadata.name ?? '';
  // What checkAndDecrement writes before its delete: the allowance spent, the pod recorded.
  const recordedMs = h.c.clock.now();
  const pdb = h.budget('web');
  h.c.api.updateStatus(PDBS, { ...pdb, status: { ...pdb.status!, disruptionsAllowed: 0, disruptedPods: { [name]: rfc3339(recordedMs) } } });
  h.after(1);
  const s = h.budget('web').status;
  assert.deepEqual([s?.currentHealthy, s?.disruptionsAllowed], [2, 0], 'the recorded pod is not counted');
  assert.deepEqual(s?.disruptedPods, { [name]: rfc3339(recordedMs) });
  assert.equal(h.c.timers.nextDue(), recordedMs + 120_000, 'one wake-up, at the expiry');

  h.after((recordedMs + 120_000 - 1 - h.c.clock.now()) / 1000);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 0, 'still disrupted 1 ms before');
  h.after(0.001);
  const after = h.budget('web').status;
  assert.deepEqual([after?.currentHealthy, after?.disruptionsAllowed, after?.disruptedPods], [3, 1, undefined]);
  // Upstream's message names the budget's namespace twice.
  assert.deepEqual(h.events(name).filter((e) => e.startsWith('NotDeleted')), ["NotDeleted: Pod was expected by PDB default/default to be deleted but it wasn't"]);
  assert.equal(h.c.timers.nextDue(), baseline, 'nothing more is due');
});

test('a budget selecting no pods says NoPods; a pod without a controller under a percentage says UnmanagedPods', () => {
  const h = harness();
  h.pdb('none', { maxUnavailable: 1, selector: { matchLabels: { app: 'nothing' } } });
  h.after(1);
  assert.deepEqual(h.events('none'), ['NoPods: No matching pods found']);
  assert.deepEqual(h.budget('none').status?.conditions?.map((c) => c.reason), ['InsufficientPods']);
});

test('a pod whose ReplicaSet is gone fails the sync: DisruptionAllowed False SyncFailed with the error, nothing allowed', () => {
  const h = harness();
  // A controller kind kubemu does not serve (no finder knows it, and the garbage collector leaves it).
  h.c.api.create(PODS, 'default', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'orphan', labels: { app: 'x' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'u-1', controller: true }] },
    spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
  });
  h.pdb('x', { minAvailable: '50%', selector: { matchLabels: { app: 'x' } } });
  h.after(1);
  const s = h.budget('x').status;
  assert.equal(s?.disruptionsAllowed, 0);
  assert.deepEqual(s?.conditions?.map((c) => [c.status, c.reason, c.message]), [['False', 'SyncFailed', 'found no controllers for pod "orphan"']]);
  assert.ok(h.events('x').includes('CalculateExpectedPodCountFailed: Failed to calculate the number of expected pods: found no controllers for pod "orphan"'));
});
