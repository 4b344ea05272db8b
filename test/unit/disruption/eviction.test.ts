/**
 * The pods/eviction subresource, rule by rule (pkg/registry/core/pod/storage/eviction.go), on an
 * in-memory cluster: a Deployment of 3 behind a budget, the disruption controller keeping the
 * budget's status, evictions through ApiServer.evict.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness, PODS, PDBS, IMAGE_REPOSITORIES } from './harness.js';
import { asPod } from '../../../src/api/core/v1/pod.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { evictionFor } from '../../../src/api/policy/v1/eviction.js';

/** A Deployment web of 3, all Ready, and a budget minAvailable 2 the controller has counted. */
function threeBehindMinAvailable2() {
  const h = harness();
  h.deployment('web', 3);
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  assert.equal(h.ready('web').length, 3);
  return h;
}

test('a new budget reads the zero status, then the controller counts its pods', () => {
  const h = harness();
  h.deployment('web', 3);
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  assert.deepEqual(h.c.api.get(PDBS, 'default', 'web')['status'], { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  h.after(10);
  const s = h.budget('web').status;
  assert.deepEqual([s?.currentHealthy, s?.desiredHealthy, s?.expectedPods, s?.disruptionsAllowed, s?.observedGeneration], [3, 2, 3, 1, 1]);
  assert.deepEqual(
    s?.conditions?.map((c) => [c.type, c.status, c.reason, c.message]),
    [['DisruptionAllowed', 'True', 'SufficientPods', '']],
  );
});

test('a successful eviction spends the budget, records the pod, marks it DisruptionTarget and deletes it gracefully', () => {
  const h = threeBehindMinAvailable2();
  const [victim] = h.ready('web');
  const name = victim!.metadata.name ?? '';
  const now = h.c.api.now();
  // What drain posts (evictionFor): the pod's name and namespace, the grace period in its DeleteOptions.
  assert.deepEqual(h.c.api.evict('default', name, evictionFor('default', name, 7)), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  const s = h.budget('web').status;
  assert.equal(s?.disruptionsAllowed, 0);
  assert.deepEqual(s?.disruptedPods, { [name]: now });
  assert.deepEqual(s?.conditions?.map((c) => [c.status, c.reason]), [['False', 'InsufficientPods']]);
  const pod = asPod(h.c.api.get(PODS, 'default', name));
  assert.equal(pod.metadata.deletionGracePeriodSeconds, 7, 'the DeleteOptions are carried');
  const target = pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
  assert.deepEqual([target?.status, target?.reason, target?.message], ['True', 'EvictionByEvictionAPI', 'Eviction API: evicting']);
});

test('no disruption allowed: 429 TooManyRequests with the DisruptionBudget cause; the budget allows again once a replacement is Ready', () => {
  const h = threeBehindMinAvailable2();
  const [a, b] = h.ready('web');
  h.evict(a!.metadata.name ?? '');
  // The controller counts the evicted pod out a moment later (its informer's latency).
  h.after(0.005);
  const e = h.refusal(b!.metadata.name ?? '');
  assert.equal(e.reason, 'TooManyRequests');
  assert.equal(e.code, 429);
  assert.equal(e.message, "Cannot evict pod as it would violate the pod's disruption budget.");
  assert.deepEqual(e.details?.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 2 currently', field: '' }]);
  assert.equal(e.details?.retryAfterSeconds, undefined, 'Retry-After 0 is not sent');
  assert.ok(h.c.api.get(PODS, 'default', b!.metadata.name ?? '').metadata.deletionTimestamp === undefined, 'the refused pod stays');
  h.after(15);
  assert.equal(h.ready('web').length, 3, 'the evicted pod was replaced');
  assert.equal(h.budget('web').status?.disruptionsAllowed, 1);
  h.evict(b!.metadata.name ?? '');
});

test('a budget whose spec the controller has not seen yet: the stale-budget 429 (Retry-After 10)', () => {
  const h = threeBehindMinAvailable2();
  h.c.api.modify(PDBS, 'default', 'web', (o) => ({ ...o, spec: { ...(o['spec'] as object), minAvailable: 1 } }));
  assert.equal(h.budget('web').metadata.generation, 2);
  const e = h.refusal(h.ready('web')[0]!.metadata.name ?? '');
  assert.equal(e.reason, 'TooManyRequests');
  assert.equal(e.details?.retryAfterSeconds, 10);
  assert.deepEqual(e.details?.causes?.map((c) => c.message), ['The disruption budget web is still being processed by the server.']);
  h.after(1);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 2);
});

test('two budgets select the pod: 500 without a reason, nothing deleted', () => {
  const h = threeBehindMinAvailable2();
  h.pdb('other', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } });
  h.after(1);
  const name = h.ready('web')[0]!.metadata.name ?? '';
  const e = h.refusal(name);
  assert.deepEqual([e.reason, e.code, e.message], ['', 500, 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.']);
  assert.equal(h.c.api.get(PODS, 'default', name).metadata.deletionTimestamp, undefined);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 1, 'nothing spent');
});

test('a Pending pod and a pod already being deleted are evicted without looking at the budget', () => {
  const h = threeBehindMinAvailable2();
  const [a, b] = h.ready('web');
  h.evict(a!.metadata.name ?? '');
  assert.equal(h.budget('web').status?.disruptionsAllowed, 0);
  // The ReplicaSet's replacement is Pending (ContainerCreating) a moment later.
  h.after(0.005);
  const pending = h.pods('web').find((p) => asPod(p).status?.phase === 'Pending');
  assert.ok(pending, 'a replacement is pending');
  h.evict(pending.metadata.name ?? '');
  assert.ok(h.c.api.tryGet(PODS, 'default', pending.metadata.name ?? '')?.metadata.deletionTimestamp ?? true);
  // The terminating pod again: no budget check (it would be refused otherwise).
  h.evict(a!.metadata.name ?? '');
  assert.equal(h.refusal(b!.metadata.name ?? '').reason, 'TooManyRequests', 'a running one is still refused');
});

test('no budget selects the pod: it is evicted; a budget with an empty selector selects nothing here', () => {
  const h = harness();
  h.deployment('web', 2);
  h.pdb('all', { minAvailable: 2, selector: {} });
  h.after(10);
  const name = h.ready('web')[0]!.metadata.name ?? '';
  h.evict(name);
  assert.ok(h.c.api.get(PODS, 'default', name).metadata.deletionTimestamp);
});

test('dry run: the answer of a real eviction, nothing written', () => {
  const h = threeBehindMinAvailable2();
  const name = h.ready('web')[0]!.metadata.name ?? '';
  const rev = h.c.api.revision();
  h.evict(name, undefined, true);
  h.evict(name, { dryRun: ['All'] });
  assert.equal(h.c.api.revision(), rev);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 1);
});

test('the body: named as the URL, and an Eviction', () => {
  const h = threeBehindMinAvailable2();
  const name = h.ready('web')[0]!.metadata.name ?? '';
  assert.throws(
    () => h.c.api.evict('default', name, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'other' } }),
    (e: unknown) => e instanceof StatusError && e.reason === 'BadRequest' && e.message === 'name in URL does not match name in Eviction object',
  );
  assert.throws(
    () => h.c.api.evict('default', 'nope', { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'nope' } }),
    (e: unknown) => e instanceof StatusError && e.reason === 'NotFound' && e.message === 'pods "nope" not found',
  );
  assert.throws(
    () => h.c.api.evict('default', name, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, deleteOptions: { gracePeriodSeconds: 'x' as never } }),
    (e: unknown) => e instanceof StatusError && e.reason === 'BadRequest' && e.message.startsWith('Eviction in version "v1" cannot be handled as a Eviction'),
  );
});

test('unready pods: IfHealthyBudget evicts one without spending while the budget is met; AlwaysAllow always', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'app' },
    spec: { repository: 'example.com/app', tags: { good: {}, stuck: { neverReady: true } } },
  });
  h.deployment('good', 3, 'example.com/app:good');
  h.deployment('stuck', 2, 'example.com/app:stuck', { httpGet: { path: '/readyz', port: 8080 }, periodSeconds: 1 });
  // One budget over both: 3 healthy of minAvailable 3, nothing to spend.
  h.c.api.create(PDBS, 'default', {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'both' },
    spec: { minAvailable: 3, selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['good', 'stuck'] }] } },
  });
  h.after(15);
  const s = h.budget('both').status;
  assert.deepEqual([s?.currentHealthy, s?.desiredHealthy, s?.disruptionsAllowed], [3, 3, 0]);
  const [unready] = h.pods('stuck');
  assert.ok(unready && asPod(unready).status?.phase === 'Running');
  h.evict(unready.metadata.name ?? '');
  assert.equal(h.budget('both').status?.disruptionsAllowed, 0, 'not spent, not refused');
  assert.equal(h.refusal(h.ready('good')[0]!.metadata.name ?? '').reason, 'TooManyRequests');

  // Below the budget (minAvailable 4 > 3 healthy): IfHealthyBudget refuses the unready pod, AlwaysAllow does not.
  h.c.api.modify(PDBS, 'default', 'both', (o) => ({ ...o, spec: { ...(o['spec'] as object), minAvailable: 4 } }));
  h.after(15);
  const other = h.pods('stuck').find((p) => !p.metadata.deletionTimestamp && asPod(p).status?.phase === 'Running');
  assert.ok(other);
  assert.equal(h.refusal(other.metadata.name ?? '').reason, 'TooManyRequests');
  h.c.api.modify(PDBS, 'default', 'both', (o) => ({ ...o, spec: { ...(o['spec'] as object), unhealthyPodEvictionPolicy: 'AlwaysAllow' } }));
  h.after(1);
  h.evict(other.metadata.name ?? '');
  assert.ok(h.c.api.get(PODS, 'default', other.metadata.name ?? '').metadata.deletionTimestamp);
});

test('budgets do not protect against direct deletes', () => {
  const h = threeBehindMinAvailable2();
  const [a, b] = h.ready('web');
  h.evict(a!.metadata.name ?? '');
  h.c.api.delete(PODS, 'default', b!.metadata.name ?? '');
  assert.ok(h.c.api.get(PODS, 'default', b!.metadata.name ?? '').metadata.deletionTimestamp);
});
