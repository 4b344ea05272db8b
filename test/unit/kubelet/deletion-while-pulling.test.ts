import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findByKind } from '../../../src/apiserver/resources.js';
import { rfc3339 } from '../../../src/sim/clock.js';
import { harness, plainPod, EVENTS, IMAGE_REPOSITORIES, PODS } from './harness.js';

/**
 * Issue 9, defect 11: a pod deleted while its image cannot be pulled must not keep pulling and
 * backing off; the kubelet finishes the deletion well within the grace period, and after the
 * deletion records only what a real kubelet would (Killing, and only if a container ran).
 */

const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

function nginxRegistry(h: ReturnType<typeof harness>): void {
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'nginx' },
    spec: { repository: 'nginx', tags: { latest: {} } },
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

test('a pod deleted while its sandbox is set up, with a tag the registry lacks: gone without a pull', () => {
  const h = harness();
  nginxRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('bad', 'nginx:sometag'));
  h.at(0.5);
  assert.equal(h.row('bad'), '0/1 ContainerCreating 0');
  const deletedAt = h.c.clock.now();
  h.c.api.delete(PODS, 'default', 'bad');
  // The sandbox that was being set up is torn down; no pull starts for a pod going away.
  h.at(1.5);
  assert.equal(h.row('bad'), '<gone>');
  assert.deepEqual(reasonsAfter(h, 'bad', deletedAt), []);
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

test('a pod being deleted whose image exists but is not on the node: no pull either, gone once the sandbox is down', () => {
  const h = harness();
  nginxRegistry(h);
  h.c.api.create(PODS, 'default', plainPod('fresh', 'nginx:latest'));
  const deletedAt = h.c.clock.now();
  h.c.api.delete(PODS, 'default', 'fresh');
  h.at(2);
  assert.equal(h.row('fresh'), '<gone>');
  assert.deepEqual(reasonsAfter(h, 'fresh', deletedAt), []);
  h.c.close();
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
