/**
 * drain's eviction and deletion loops (kubectl/drain/drain.ts) against a scripted cluster: the
 * 5 s retry after a 429, the 1 s polls, --timeout, and what is printed when.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { type DrainClient, type DrainOptions, deleteOrEvictPods } from '../../../src/kubectl/drain/drain.js';

const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}` } });

/**
 * A cluster where each pod's eviction is refused until `allowAt` (ms after start) and the pod is
 * gone `goneAfter` ms after it was evicted. Every line printed is prefixed with the instant.
 */
function scripted(script: Record<string, { allowAt?: number; goneAfter: number; evictError?: StatusError }>) {
  let now = 0;
  const evictedAt = new Map<string, number>();
  const lines: string[] = [];
  const client: DrainClient = {
    now: () => now,
    passUntil: async (ms) => {
      assert.ok(ms >= now, 'time only moves forward');
      now = ms;
    },
    getPod: (_ns, name) => {
      const at = evictedAt.get(name);
      return at !== undefined && now >= at + script[name]!.goneAfter ? undefined : pod(name);
    },
    evict: (p) => {
      const s = script[p.metadata.name ?? '']!;
      if (s.evictError) throw s.evictError;
      if (now < (s.allowAt ?? 0)) throw new StatusError('TooManyRequests', 429, "Cannot evict pod as it would violate the pod's disruption budget.");
      evictedAt.set(p.metadata.name ?? '', now);
    },
    deletePod: (p) => {
      evictedAt.set(p.metadata.name ?? '', now);
    },
    out: (t) => lines.push(`${now / 1000}s out ${t.trimEnd()}`),
    err: (t) => lines.push(`${now / 1000}s err ${t.trimEnd()}`),
  };
  return { client, lines };
}

const OPTS: DrainOptions = { gracePeriodSeconds: undefined, timeoutMs: 0, disableEviction: false, serverDryRun: false, skipWaitForDeleteTimeoutSeconds: 0 };

test('a refused eviction is retried every 5 s; an accepted one is polled every second until the pod is gone', async () => {
  const { client, lines } = scripted({ a: { goneAfter: 2500 }, b: { allowAt: 9000, goneAfter: 0 } });
  const errors = await deleteOrEvictPods(client, [pod('a'), pod('b')], OPTS);
  assert.deepEqual(errors, []);
  assert.deepEqual(lines, [
    '0s out evicting pod default/a',
    '0s out evicting pod default/b',
    `0s err error when evicting pods/"b" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    // a: evicted at 0, looked at 0, 1, 2 (still there), 3 (gone: 2.5 s)
    '3s out pod/a evicted',
    '5s out evicting pod default/b',
    `5s err error when evicting pods/"b" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    '10s out evicting pod default/b',
    '10s out pod/b evicted',
  ]);
});

test('--timeout: a pod still refused at the deadline fails with `global timeout reached`', async () => {
  const { client, lines } = scripted({ a: { allowAt: 60_000, goneAfter: 0 } });
  const errors = await deleteOrEvictPods(client, [pod('a')], { ...OPTS, timeoutMs: 12_000 });
  assert.deepEqual(errors.map((e) => e.message), ['error when evicting pods/"a" -n "default": global timeout reached: 12s']);
  assert.equal(lines.at(-1), '15s out evicting pod default/a', 'the retry after the deadline prints its line, then fails');
});

test('--timeout: a pod evicted but not gone by the deadline fails at the deadline itself', async () => {
  const { client } = scripted({ a: { goneAfter: 600_000 }, b: { allowAt: 500, goneAfter: 600_000 } });
  const errors = await deleteOrEvictPods(client, [pod('a'), pod('b')], { ...OPTS, timeoutMs: 7_500 });
  assert.deepEqual(errors.map((e) => e.message), [
    'error when waiting for pod "a" in namespace "default" to terminate: context deadline exceeded',
    // b: refused at 0, evicted at 5 s, polled at 5, 6, 7, failed at 7.5
    'error when waiting for pod "b" in namespace "default" to terminate: context deadline exceeded',
  ]);
  assert.equal(client.now(), 7_500);
});

test('an error other than 429 or NotFound ends that pod; a NotFound eviction counts as done', async () => {
  const { client, lines } = scripted({
    a: { goneAfter: 0, evictError: new StatusError('Forbidden', 403, 'pods "a" is forbidden: nope') },
    b: { goneAfter: 0, evictError: new StatusError('NotFound', 404, 'pods "b" not found') },
  });
  const errors = await deleteOrEvictPods(client, [pod('a'), pod('b')], OPTS);
  assert.deepEqual(errors.map((e) => e.message), ['error when evicting pods/"a" -n "default": pods "a" is forbidden: nope']);
  assert.deepEqual(lines, ['0s out evicting pod default/a', '0s out evicting pod default/b']);
});

test('--disable-eviction: all deleted at once, polled together, `context deadline exceeded`', async () => {
  const { client, lines } = scripted({ a: { goneAfter: 1500 }, b: { goneAfter: 4000 } });
  await deleteOrEvictPods(client, [pod('a'), pod('b')], { ...OPTS, disableEviction: true });
  assert.deepEqual(lines, ['2s out pod/a deleted', '4s out pod/b deleted']);
  const slow = scripted({ a: { goneAfter: 30_000 } });
  await assert.rejects(deleteOrEvictPods(slow.client, [pod('a')], { ...OPTS, disableEviction: true, timeoutMs: 10_000 }), /^Error: context deadline exceeded$/);
  assert.equal(slow.client.now(), 10_000);
});

test('a server dry run evicts without waiting', async () => {
  const { client, lines } = scripted({ a: { goneAfter: 99_000 } });
  assert.deepEqual(await deleteOrEvictPods(client, [pod('a')], { ...OPTS, serverDryRun: true }), []);
  assert.deepEqual(lines, ['0s out evicting pod default/a (server dry run)']);
});
