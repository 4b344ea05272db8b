/**
 * `kubemu node remove NAME --drain` (tools/node/scale-down.ts), the cluster autoscaler's removal,
 * on an in-memory cluster (master, k8s-node-1, k8s-node-2): the ToBeDeleted taint, the evictions
 * through pods/eviction against a PodDisruptionBudget, their 10 s retries within 2 min, the wait
 * for the pods to go, the node's deletion, the abort that untaints.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness, PODS, PDBS, EVENTS, DEPLOYMENTS, type Harness } from '../disruption/harness.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { asNode } from '../../../src/api/core/v1/node.js';
import { asPod } from '../../../src/api/core/v1/pod.js';
import { isPodReady } from '../../../src/api/core/v1/pod-util.js';
import { clusterScaleDownClient } from '../../../src/tools/node/scale-down-client.js';
import { type ScaleDownClient, ScaleDownError, podsToEvict, removeNodeWithDrain, snapshotPods } from '../../../src/tools/node/scale-down.js';

const NODES = findByKind('v1', 'Node')!;

/** What a removal printed and did, each line with its cluster instant (seconds after `t0`). */
interface Run {
  lines: string[];
  /** every eviction attempt: seconds after t0, pod, outcome */
  attempts: { at: number; pod: string; ok: boolean; allowedBefore?: number; readyElsewhere: number }[];
  /** the instant the node was deleted, and the pods still bound to it then */
  deleted?: { at: number; podsLeft: number };
  error?: string;
  t0: number;
}

function setNodeUnschedulable(h: Harness, name: string, unschedulable: boolean): void {
  const node = asNode(h.c.api.get(NODES, undefined, name));
  const { unschedulable: _u, ...spec } = node.spec ?? {};
  h.c.api.update(NODES, { ...node, spec: unschedulable ? { ...spec, unschedulable: true } : spec });
}

const onNode = (h: Harness, node: string) => h.pods('web').filter((p) => asPod(p).spec?.nodeName === node && !p.metadata.deletionTimestamp);

async function remove(h: Harness, node: string): Promise<Run> {
  const t0 = h.c.clock.now();
  const at = () => (h.c.clock.now() - t0) / 1000;
  const run: Run = { lines: [], attempts: [], t0 };
  const base = clusterScaleDownClient(h.c, { out: (t) => run.lines.push(`${at()}s out ${t.trimEnd()}`), err: (t) => run.lines.push(`${at()}s err ${t.trimEnd()}`) });
  const client: ScaleDownClient = {
    ...base,
    evict: (pod, eviction) => {
      const pdb = h.c.api.tryGet(PDBS, 'default', 'web');
      const allowedBefore = pdb ? h.budget('web').status?.disruptionsAllowed : undefined;
      const readyElsewhere = h.ready('web').filter((p) => asPod(p).spec?.nodeName !== node).length;
      try {
        base.evict(pod, eviction);
        run.attempts.push({ at: at(), pod: pod.metadata.name ?? '', ok: true, ...(allowedBefore !== undefined ? { allowedBefore } : {}), readyElsewhere });
      } catch (e) {
        run.attempts.push({ at: at(), pod: pod.metadata.name ?? '', ok: false, readyElsewhere });
        throw e;
      }
    },
    deleteNode: (name) => {
      run.deleted = { at: at(), podsLeft: h.c.api.list(PODS, undefined, (p) => asPod(p).spec?.nodeName === name).length };
      base.deleteNode(name);
    },
  };
  try {
    await removeNodeWithDrain(client, node);
  } catch (e) {
    if (!(e instanceof ScaleDownError)) throw e;
    run.error = e.message;
  }
  return run;
}

function eventsOf(h: Harness, name: string): string[] {
  return h.c.api
    .list(EVENTS, 'default', (e) => (e['involvedObject'] as { name?: string }).name === name && (e['source'] as { component?: string }).component === 'cluster-autoscaler')
    .map((e) => `${String(e['type'])} ${String(e['reason'])}: ${String(e['message'])}`);
}

test('the sequence: taint with the Unix time, evictions through the subresource spending the budget, the node deleted once its pods are gone', async () => {
  const h = harness();
  h.deployment('web', 4);
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  const victims = onNode(h, 'k8s-node-1');
  assert.equal(victims.length, 2);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 2);
  // the taint as the node carries it right after the mark (the removal is async: look at the first wait)
  let taintSeen: unknown;
  const t0 = h.c.clock.now();
  const base = clusterScaleDownClient(h.c, { out: () => {}, err: () => {} });
  const disruptionTargets: unknown[] = [];
  const spent: unknown[] = [];
  const client: ScaleDownClient = {
    ...base,
    passUntil: async (ms) => {
      taintSeen ??= asNode(h.c.api.get(NODES, undefined, 'k8s-node-1')).spec?.taints;
      await base.passUntil(ms);
    },
    evict: (pod, eviction) => {
      const allowed = h.budget('web').status?.disruptionsAllowed ?? 0;
      base.evict(pod, eviction);
      const s = h.budget('web').status;
      spent.push([allowed - (s?.disruptionsAllowed ?? 0), Object.keys(s?.disruptedPods ?? {}).includes(pod.metadata.name ?? '')]);
      const after = asPod(h.c.api.get(PODS, 'default', pod.metadata.name ?? ''));
      const c = after.status?.conditions?.find((x) => x.type === 'DisruptionTarget');
      disruptionTargets.push([c?.status, c?.reason, after.metadata.deletionGracePeriodSeconds, eviction.apiVersion, eviction.deleteOptions?.gracePeriodSeconds]);
    },
  };
  await removeNodeWithDrain(client, 'k8s-node-1');
  assert.deepEqual(taintSeen, [{ key: 'ToBeDeletedByClusterAutoscaler', value: String(Math.floor(t0 / 1000)), effect: 'NoSchedule' }]);
  assert.deepEqual(disruptionTargets, [
    ['True', 'EvictionByEvictionAPI', 30, 'policy/v1beta1', 30],
    ['True', 'EvictionByEvictionAPI', 30, 'policy/v1beta1', 30],
  ]);
  assert.deepEqual(spent, [[1, true], [1, true]], 'each eviction spent one disruption and is in the budget\'s disruptedPods');
  assert.equal(h.c.api.tryGet(NODES, undefined, 'k8s-node-1'), undefined, 'the node is deleted');
  for (const p of victims) assert.deepEqual(eventsOf(h, p.metadata.name ?? ''), ['Normal ScaleDown: deleting pod for node scale down']);
  assert.deepEqual(eventsOf(h, 'k8s-node-1'), ['Normal ScaleDown: marked the node as toBeDeleted/unschedulable', 'Normal ScaleDown: nodes removed by cluster autoscaler']);
});

test('the node is deleted only after its pods are gone, 5 s after the taint the evictions start', async () => {
  const h = harness();
  h.deployment('web', 4);
  h.after(10);
  const run = await remove(h, 'k8s-node-1');
  assert.equal(run.error, undefined);
  assert.deepEqual(run.attempts.map((a) => [a.at, a.ok]), [[5, true], [5, true]], 'no budget: both at once, after --node-delete-delay-after-taint');
  assert.ok(run.deleted, 'deleted');
  assert.equal(run.deleted.podsLeft, 0, 'no pod left bound to the node when it is deleted');
  assert.ok(run.deleted.at > 5 && (run.deleted.at - 5) % 5 === 0, `deleted at a 5 s look after the evictions (${run.deleted.at}s)`);
  assert.deepEqual(run.lines.map((l) => l.replace(/web-\S+/, 'web-X').replace(/=\d+:/, '=T:')), [
    '0s out node/k8s-node-1 tainted ToBeDeletedByClusterAutoscaler=T:NoSchedule',
    '5s out pod/web-X evicted',
    '5s out pod/web-X evicted',
    `${run.deleted.at}s out node/k8s-node-1 removed`,
  ]);
});

test('a budget that allows 1 at a time and 3 pods on the node: each eviction waits for the last replacement to be Ready elsewhere', async () => {
  const h = harness();
  setNodeUnschedulable(h, 'k8s-node-2', true);
  h.deployment('web', 3);
  h.after(10);
  assert.equal(onNode(h, 'k8s-node-1').length, 3);
  setNodeUnschedulable(h, 'k8s-node-2', false);
  h.pdb('web', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } });
  h.after(2);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 1);
  const run = await remove(h, 'k8s-node-1');
  assert.equal(run.error, undefined);
  const accepted = run.attempts.filter((a) => a.ok);
  assert.equal(accepted.length, 3);
  assert.ok(run.attempts.some((a) => !a.ok), 'some were refused (429) and retried');
  // refusals come every 10 s per pod, from 5 s on
  for (const a of run.attempts) assert.equal((a.at - 5) % 10, 0, `attempt at ${a.at}s`);
  // each accepted eviction spent the one disruption the budget allowed, and the k-th came once k-1 replacements were Ready on k8s-node-2
  accepted.forEach((a, k) => {
    assert.equal(a.allowedBefore, 1);
    assert.ok(a.readyElsewhere >= k, `eviction ${k + 1} at ${a.at}s with ${a.readyElsewhere} ready elsewhere`);
  });
  assert.ok(accepted[1]!.at > accepted[0]!.at && accepted[2]!.at > accepted[1]!.at, 'one at a time');
  assert.equal(h.c.api.tryGet(NODES, undefined, 'k8s-node-1'), undefined);
  assert.equal(h.ready('web').filter((p) => asPod(p).spec?.nodeName === 'k8s-node-2').length, 3);
});

test('a replacement that cannot be scheduled: the refused eviction is retried every 10 s for 2 min, then the drain fails and the taint goes', async () => {
  const h = harness();
  setNodeUnschedulable(h, 'k8s-node-2', true);
  h.deployment('web', 2);
  h.pdb('web', { minAvailable: 1, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  assert.equal(onNode(h, 'k8s-node-1').length, 2);
  assert.equal(h.budget('web').status?.disruptionsAllowed, 1);
  const run = await remove(h, 'k8s-node-1');
  const [first, ...rest] = run.attempts;
  assert.deepEqual([first?.at, first?.ok], [5, true]);
  const blocked = rest.map((a) => a.pod);
  assert.ok(blocked.every((p) => p === blocked[0]));
  assert.deepEqual(
    rest.map((a) => [a.at, a.ok]),
    [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115].map((t) => [t, false]),
    'attempts while less than 2 min has passed since the first',
  );
  assert.equal(run.deleted, undefined, 'the node is not deleted');
  assert.equal(h.c.clock.now() - run.t0, 125_000, 'given up after the sleep that passed the 2 min');
  assert.match(
    run.error ?? '',
    /^node\/k8s-node-1 not removed: pod default\/web-\S+ not evicted within 2m0s: Cannot evict pod as it would violate the pod's disruption budget\. \(The disruption budget web needs 1 healthy pods and has 1 currently\)$/,
  );
  const node = asNode(h.c.api.get(NODES, undefined, 'k8s-node-1'));
  assert.equal(node.spec?.taints, undefined, 'the taint is removed (no empty list left)');
  assert.deepEqual(eventsOf(h, 'k8s-node-1'), [
    'Normal ScaleDown: marked the node as toBeDeleted/unschedulable',
    `Warning ScaleDownFailed: failed to drain and delete node: Failed to drain node /k8s-node-1, due to following errors: [failed to evict pod default/${blocked[0]} within allowed timeout (last error: Cannot evict pod as it would violate the pod's disruption budget.)]`,
  ]);
  assert.deepEqual(eventsOf(h, blocked[0]!), ['Normal ScaleDown: deleting pod for node scale down', 'Warning ScaleDownFailed: failed to delete pod for ScaleDown']);
  assert.equal(run.lines.filter((l) => l.includes(' err ')).length, 2, 'a refusal is said when its text changes, not at every retry');
  assert.ok(run.lines.at(-1)?.endsWith('out node/k8s-node-1 untainted'));
});

test('a budget that allows no disruption now refuses the node before any eviction (GetPodsToMove)', async () => {
  const h = harness();
  h.deployment('web', 2);
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  const run = await remove(h, 'k8s-node-1');
  assert.deepEqual(run.attempts, []);
  assert.match(run.error ?? '', /^node\/k8s-node-1 not removed: not enough pod disruption budget to move default\/web-\S+: the disruption budget web allows 0 disruptions \(it needs 2 healthy pods and has 2 currently\)$/);
  assert.equal(h.c.clock.now() - run.t0, 5_000);
  assert.ok(h.c.api.tryGet(NODES, undefined, 'k8s-node-1'));
  assert.match(eventsOf(h, 'k8s-node-1')[1] ?? '', /^Warning ScaleDownFailed: failed to drain and delete node: GetPodsToMove for "k8s-node-1" returned error: not enough pod disruption budget to move default\/web-/);
  assert.ok(isPodReady(h.pods('web')[0]!));
});

test('which pods: terminal and expendable ones are not in the snapshot, mirror pods are skipped, DaemonSet pods are evicted best effort', () => {
  const pod = (name: string, extra: { phase?: string; priority?: number; annotations?: Record<string, string>; owner?: string } = {}): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      ...(extra.annotations ? { annotations: extra.annotations } : {}),
      ...(extra.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: extra.owner, name: 'x', uid: 'u', controller: true }] } : {}),
    },
    spec: { nodeName: 'n', containers: [], ...(extra.priority !== undefined ? { priority: extra.priority } : {}) },
    status: { phase: extra.phase ?? 'Running' },
  });
  const all = [
    pod('app', { owner: 'ReplicaSet' }),
    pod('bare'),
    pod('done', { phase: 'Succeeded' }),
    pod('failed', { phase: 'Failed' }),
    pod('expendable', { priority: -11 }),
    pod('cutoff', { priority: -10 }),
    pod('mirror', { annotations: { 'kubernetes.io/config.mirror': 'abc' } }),
    pod('ds', { owner: 'DaemonSet' }),
    pod('ds-annotated', { annotations: { 'cluster-autoscaler.kubernetes.io/daemonset-pod': 'true' } }),
    pod('ds-kept', { owner: 'DaemonSet', annotations: { 'cluster-autoscaler.kubernetes.io/enable-ds-eviction': 'false' } }),
  ];
  const names = (ps: KubeObject[]) => ps.map((p) => p.metadata.name);
  const { daemonSet, others } = podsToEvict(snapshotPods(all));
  assert.deepEqual(names(others), ['app', 'bare', 'cutoff']);
  assert.deepEqual(names(daemonSet), ['ds', 'ds-annotated']);
});

test('safe-to-evict pods pass the PDB rule: their evictions are tried (and refused) for 2 min instead', async () => {
  const h = harness();
  h.c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' }, annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' } },
        spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
      },
    },
  });
  h.pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } });
  h.after(10);
  const run = await remove(h, 'k8s-node-1');
  assert.equal(run.attempts.length, 12);
  assert.ok(run.attempts.every((a) => !a.ok));
  assert.match(run.error ?? '', /not evicted within 2m0s: .*needs 2 healthy pods and has 2 currently\)$/);
});

test('delay-deletion annotations hold the deletion back until removed, at most 2 min', async () => {
  for (const removedAfter of [12, undefined]) {
    const h = harness();
    const node = asNode(h.c.api.get(NODES, undefined, 'k8s-node-1'));
    h.c.api.update(NODES, { ...node, metadata: { ...node.metadata, annotations: { ...node.metadata.annotations, 'delay-deletion.cluster-autoscaler.kubernetes.io/volumes': 'true' } } });
    h.after(1);
    const t0 = h.c.clock.now();
    const lines: string[] = [];
    let podsGoneAt: number | undefined;
    let deletedAt: number | undefined;
    const base = clusterScaleDownClient(h.c, { out: (t) => lines.push(t), err: (t) => lines.push(`err ${t}`) });
    const client: ScaleDownClient = {
      ...base,
      passUntil: async (ms) => {
        await base.passUntil(ms);
        podsGoneAt ??= lines.length ? h.c.clock.now() : undefined;
        if (removedAfter !== undefined && podsGoneAt !== undefined && h.c.clock.now() - podsGoneAt >= removedAfter * 1000) {
          const n = asNode(h.c.api.get(NODES, undefined, 'k8s-node-1'));
          const { ['delay-deletion.cluster-autoscaler.kubernetes.io/volumes']: _gone, ...rest } = n.metadata.annotations ?? {};
          if (_gone !== undefined) h.c.api.update(NODES, { ...n, metadata: { ...n.metadata, annotations: rest } });
        }
      },
      deleteNode: (name) => {
        deletedAt = h.c.clock.now();
        base.deleteNode(name);
      },
    };
    await removeNodeWithDrain(client, 'k8s-node-1');
    // no pods: the taint at 0, the look at the pods at 5 s, then the polls of the annotations from 10 s
    assert.equal(podsGoneAt, t0 + 5_000);
    if (removedAfter !== undefined) {
      assert.equal(deletedAt! - t0, 5_000 + 15_000, 'seen gone at the next 5 s look');
      assert.ok(!lines.some((l) => l.startsWith('err ')));
    } else {
      assert.equal(deletedAt! - t0, 5_000 + 120_000);
      assert.ok(lines.some((l) => l.startsWith('err node/k8s-node-1: its delay-deletion.cluster-autoscaler.kubernetes.io/ annotations were not removed within 2m0s')));
    }
  }
});
