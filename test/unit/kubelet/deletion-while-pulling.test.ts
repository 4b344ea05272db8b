import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findByKind } from '../../../src/apiserver/resources.js';
import { rfc3339 } from '../../../src/sim/clock.js';
import { harness, plainPod, EVENTS, IMAGE_REPOSITORIES, NO_SPREAD, PODS } from './harness.js';

/**
 * Issue 9, defect 11: a pod deleted while its image cannot be pulled must not keep pulling and
 * backing off; the kubelet finishes the deletion well within the grace period. Issue 14: a start
 * under way when the deletion comes (sandbox, pull, also one waiting for the node's pull) runs to
 * its end, as upstream's runtime SyncPod is not cancelled; then the pod is stopped as usual.
 */

const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

function nginxRegistry(h: ReturnType<typeof harness>): void {
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'nginx' },
    spec: { repository: 'nginx', behavior: NO_SPREAD, tags: { latest: {} } },
  });
}

/** `Reason` of every event about the pod last seen after `afterMs`. */
function reasonsAfter(h: ReturnType<typeof harness>, pod: string, afterMs: number): string[] {
  const after = rfc3339(afterMs);
  return h.c.api
    .list(EVENTS, 'default', (e) => (e['involvedObject'] as { name?: string }).name === pod)
    .filter((e) => String(e['lastTimestamp']) > after)
    .map((e) => String(e['reason']));
}

test('a pod deleted while its sandbox is set up, with a tag the registry lacks: its start tries the pull, then the pod goes', () => {
  const h = harness();
  nginxRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('bad', 'nginx:sometag'));
  h.at(0.5);
  assert.equal(h.row('bad'), '0/1 ContainerCreating 0');
  const deletedAt = h.c.clock.now();
  h.c.api.delete(PODS, 'default', 'bad');
  // The runtime's SyncPod under way is not cancelled (upstream kubelet.go: context.WithoutCancel):
  // the sandbox comes up at 1 s and the pull is tried and fails; the terminating sync then finds
  // nothing running. No back-off, no second pull.
  h.at(0.9);
  assert.equal(h.row('bad'), '0/1 Terminating 0');
  h.at(1.5);
  assert.equal(h.row('bad'), '<gone>');
  assert.deepEqual(reasonsAfter(h, 'bad', deletedAt), ['Pulling', 'Failed', 'Failed']);
  h.c.close();
});

test('a pod deleted in ImagePullBackOff or ErrImagePull goes at once, with no pull or back-off after', () => {
  for (const at of [1.5, 2.5, 12.5, 30]) {
    const h = harness();
    nginxRegistry(h);
    h.c.api.create(PODS, 'default', plainPod('bad', 'nginx:sometag'));
    h.at(at);
    assert.match(h.row('bad'), /ErrImagePull|ImagePullBackOff/, `at ${at}`);
    const deletedAt = h.c.clock.now();
    h.c.api.delete(PODS, 'default', 'bad');
    h.at(at + 0.01);
    assert.equal(h.row('bad'), '<gone>', `deleted at ${at}`);
    h.at(at + 180);
    assert.deepEqual(reasonsAfter(h, 'bad', deletedAt), [], `deleted at ${at}`);
    h.c.close();
  }
});

test('a pod being deleted whose image exists but is not on the node: the start under way pulls and starts, then the usual stop', () => {
  const h = harness();
  nginxRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('fresh', 'nginx:latest'));
  const deletedAt = h.c.clock.now();
  h.c.api.delete(PODS, 'default', 'fresh');
  // Sandbox until 1 s, pull until 2 s, then started and stopped at once: SIGTERM, 2 s to exit.
  h.at(1.5);
  assert.equal(h.row('fresh'), '0/1 Terminating 0');
  h.at(3.9);
  assert.equal(h.row('fresh'), '0/1 Terminating 0');
  h.at(4.1);
  assert.equal(h.row('fresh'), '<gone>');
  assert.deepEqual(reasonsAfter(h, 'fresh', deletedAt), ['Pulling', 'Pulled', 'Created', 'Started', 'Killing']);
  h.c.close();
});

test("a pod deleted while it waits for the node's pull under way stays Terminating until that pull ends", () => {
  // Each row: when the second pod is deleted; it waits for the first pod's 10 s pull (1 s to 11 s),
  // joins it, starts at 11 s and is stopped at once: SIGTERM, 2 s to exit.
  for (const deleteAt of [0.5, 3, 10.5]) {
    const h = harness();
    h.c.api.create(IMAGE_REPOSITORIES, undefined, {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'big' },
      spec: { repository: 'example/big', behavior: { ...NO_SPREAD, pullSeconds: 10 }, tags: { '1': {} } },
    });
    h.c.api.create(PODS, 'default', plainPod('first', 'example/big:1'));
    h.c.api.create(PODS, 'default', plainPod('second', 'example/big:1'));
    h.at(deleteAt);
    h.c.api.delete(PODS, 'default', 'second');
    h.at(10.9);
    assert.equal(h.row('second'), '0/1 Terminating 0', `deleted at ${deleteAt}`);
    h.at(12.9);
    assert.equal(h.row('second'), '0/1 Terminating 0', `deleted at ${deleteAt}`);
    h.at(13.1);
    assert.equal(h.row('second'), '<gone>', `deleted at ${deleteAt}`);
    assert.equal(h.row('first'), '1/1 Running 0', `deleted at ${deleteAt}`);
    h.c.close();
  }
});

test('foreground deletion of a Deployment whose new pods cannot pull completes', () => {
  for (const at of [0, 0.5, 5, 60]) {
    const h = harness();
    nginxRegistry(h);
    h.c.api.create(DEPLOYMENTS, 'default', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', namespace: 'default' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'd' } },
        template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:sometag' }] } },
      },
    });
    h.at(at);
    h.c.api.delete(DEPLOYMENTS, 'default', 'd', { propagationPolicy: 'Foreground' });
    // Well within the pods' 30 s grace period.
    h.at(at + 5);
    assert.equal(h.c.api.tryGet(DEPLOYMENTS, 'default', 'd'), undefined, `deleted at ${at}`);
    assert.deepEqual(h.c.api.list(PODS, 'default').map((p) => p.metadata.name), [], `deleted at ${at}`);
    h.c.close();
  }
});
