import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { Deployment } from '../../../src/api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../../src/api/apps/v1/replica-set.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { viewHistory } from '../../../src/kubectl/cmd/rollout/history-view.js';
import { equalIgnoreHash } from '../../../src/kubectl/cmd/rollout/replica-sets.js';
import { formatRfc3339Local, restartPatch } from '../../../src/kubectl/cmd/rollout/restart.js';
import { pausePatch } from '../../../src/kubectl/cmd/rollout/pause.js';
import { resumePatch } from '../../../src/kubectl/cmd/rollout/resume.js';
import { planUndo, replicaSetForRevision } from '../../../src/kubectl/cmd/rollout/undo-plan.js';

const DEPLOYMENT = findByKind('apps/v1', 'Deployment')!;
const POD = findByKind('v1', 'Pod')!;

function rs(name: string, revision: string | undefined, cause?: string, image = 'hello:1.0'): ReplicaSet {
  const annotations: Record<string, string> = {};
  if (revision !== undefined) annotations['deployment.kubernetes.io/revision'] = revision;
  if (cause !== undefined) annotations['kubernetes.io/change-cause'] = cause;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, annotations },
    spec: { template: { metadata: { labels: { app: 'hello', 'pod-template-hash': name } }, spec: { containers: [{ name: 'hello', image }] } } },
  };
}

test('history table: revisions ascending, <none> without a change-cause, tabwriter 0/8/2, unparseable skipped', () => {
  const text = viewHistory([rs('c', '10', 'ten'), rs('a', '2'), rs('x', 'abc', 'bad'), rs('b', '9', 'nine')], 0);
  assert.equal(text, 'REVISION  CHANGE-CAUSE\n2         <none>\n9         nine\n10        ten\n');
});

test('history: a later ReplicaSet with the same revision replaces the earlier one; none → No rollout history found.', () => {
  assert.equal(viewHistory([rs('a', '1', 'first'), rs('b', '1', 'second')], 0), 'REVISION  CHANGE-CAUSE\n1         second\n');
  assert.equal(viewHistory([], 0), 'No rollout history found.');
  assert.throws(() => viewHistory([rs('a', '1')], 2), /^CliError: unable to find the specified revision$/);
});

test('history --revision: the template with literal tabs and the change-cause injected', () => {
  const text = viewHistory([rs('a', '1', 'hello 1.0')], 1);
  assert.match(text, /^Pod Template:\n  Labels:\tapp=hello\n\tpod-template-hash=a\n  Annotations:\tkubernetes.io\/change-cause: hello 1.0\n  Containers:\n   hello:\n    Image:\thello:1.0\n/);
});

test('undo picks the second-highest revision, in any visiting order; revision 0 counts', () => {
  assert.equal(replicaSetForRevision('hello', [rs('a', '1'), rs('c', '3'), rs('b', '2')], 0).metadata.name, 'b');
  assert.equal(replicaSetForRevision('hello', [rs('c', '3'), rs('a', '1')], 0).metadata.name, 'a');
  assert.equal(replicaSetForRevision('hello', [rs('n', undefined), rs('c', '3')], 0).metadata.name, 'n');
  assert.equal(replicaSetForRevision('hello', [rs('c', '3'), rs('a', '1')], 1).metadata.name, 'a');
  assert.throws(() => replicaSetForRevision('hello', [rs('c', '3')], 0), /^CliError: no rollout history found for deployment "hello"$/);
  assert.throws(() => replicaSetForRevision('hello', [rs('c', '3')], 4), /^CliError: unable to find specified revision 4 in history$/);
});

test('undo: a negative revision fails before anything else', () => {
  const d: Deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'hello' }, spec: {} };
  assert.throws(() => planUndo({ deployment: d, replicaSets: [], toRevision: -1, clientDryRun: false }), /unable to find specified revision -1 in history/);
});

test('equalIgnoreHash ignores only the pod-template-hash label', () => {
  const a = { metadata: { labels: { app: 'x', 'pod-template-hash': '1' } }, spec: { containers: [] } };
  assert.equal(equalIgnoreHash(a, { metadata: { labels: { app: 'x' } }, spec: { containers: [] } }), true);
  assert.equal(equalIgnoreHash(a, { metadata: { labels: { app: 'y' } }, spec: { containers: [] } }), false);
});

function target(spec: Record<string, unknown>, info = DEPLOYMENT) {
  return { info, object: { apiVersion: 'apps/v1', kind: info.kind, metadata: { name: 'hello' }, spec } as KubeObject };
}

test('pause/resume patches and their errors', () => {
  assert.deepEqual(pausePatch(target({})), { patch: { spec: { paused: true } } });
  assert.deepEqual(pausePatch(target({ paused: true })), { error: 'is already paused' });
  assert.deepEqual(pausePatch(target({}, POD)), { error: 'pausing is not supported' });
  assert.deepEqual(resumePatch(target({ paused: true })), { patch: { spec: { paused: null } } });
  assert.deepEqual(resumePatch(target({ paused: false })), { error: 'is not paused' });
  assert.deepEqual(resumePatch(target({}, POD)), { error: 'resuming is not supported' });
});

test('restart sets restartedAt; the same second again is an empty patch; paused refuses', () => {
  const now = '2026-10-26T19:00:12Z';
  assert.deepEqual(restartPatch(target({ template: {} }), now), { patch: { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': now } } } } } });
  assert.deepEqual(restartPatch(target({ template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': now } } } }), now), { patch: {} });
  assert.deepEqual(restartPatch(target({ paused: true }), now), { error: "can't restart paused deployment (run rollout resume first)" });
});

test('RFC 3339 in the local zone: Z at UTC, the offset elsewhere, seconds truncated', () => {
  const ms = Date.UTC(2026, 9, 26, 19, 17, 39, 900);
  const saved = process.env['TZ'];
  try {
    process.env['TZ'] = 'UTC';
    assert.equal(formatRfc3339Local(ms), '2026-10-26T19:17:39Z');
    process.env['TZ'] = 'Europe/Moscow';
    assert.equal(formatRfc3339Local(ms), '2026-10-26T22:17:39+03:00');
    process.env['TZ'] = 'America/St_Johns';
    assert.equal(formatRfc3339Local(ms), '2026-10-26T16:47:39-02:30');
  } finally {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  }
});
