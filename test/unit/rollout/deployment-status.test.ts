import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { deploymentStatus } from '../../../src/kubectl/cmd/rollout/deployment-status.js';

interface Row {
  name: string;
  generation: number;
  observed?: number;
  spec?: number;
  replicas?: number;
  updated?: number;
  available?: number;
  progressingReason?: string;
  revisionAnnotation?: string;
  want?: number;
  line?: string;
  done?: boolean;
  error?: string;
}

function deployment(r: Row): KubeObject {
  const status: Record<string, unknown> = {};
  if (r.observed !== undefined) status['observedGeneration'] = r.observed;
  if (r.replicas !== undefined) status['replicas'] = r.replicas;
  if (r.updated !== undefined) status['updatedReplicas'] = r.updated;
  if (r.available !== undefined) status['availableReplicas'] = r.available;
  if (r.progressingReason) status['conditions'] = [{ type: 'Available', reason: 'MinimumReplicasAvailable' }, { type: 'Progressing', reason: r.progressingReason }];
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'hello',
      generation: r.generation,
      ...(r.revisionAnnotation !== undefined ? { annotations: { 'deployment.kubernetes.io/revision': r.revisionAnnotation } } : {}),
    },
    spec: r.spec === undefined ? {} : { replicas: r.spec },
    status,
  } as KubeObject;
}

const W = 'Waiting for deployment "hello" rollout to finish: ';

// The article's first rollout (4 replicas, maxSurge 1, maxUnavailable 0), event by event, then
// the 1.0 → 1.1 rollout's middle and end, the stuck 1.2 rollout, and --revision.
const ROWS: Row[] = [
  { name: 'just created: no status yet', generation: 1, spec: 4, line: 'Waiting for deployment spec update to be observed...\n' },
  { name: 'new generation not observed yet', generation: 2, observed: 1, spec: 4, replicas: 4, updated: 4, available: 4, line: 'Waiting for deployment spec update to be observed...\n' },
  { name: 'observed, nothing created', generation: 1, observed: 1, spec: 4, line: `${W}0 out of 4 new replicas have been updated...\n` },
  { name: 'observed generation ahead counts as observed', generation: 1, observed: 2, spec: 4, replicas: 4, updated: 4, available: 4, line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: 'four created, none available', generation: 1, observed: 1, spec: 4, replicas: 4, updated: 4, available: 0, line: `${W}0 of 4 updated replicas are available...\n` },
  { name: 'three available', generation: 1, observed: 1, spec: 4, replicas: 4, updated: 4, available: 3, line: `${W}3 of 4 updated replicas are available...\n` },
  { name: 'rolling: 1 new of 4 (surge pod)', generation: 2, observed: 2, spec: 4, replicas: 5, updated: 1, available: 4, line: `${W}1 out of 4 new replicas have been updated...\n` },
  { name: 'all updated, one old pod left: 5 - 4', generation: 2, observed: 2, spec: 4, replicas: 5, updated: 4, available: 4, line: `${W}1 old replicas are pending termination...\n` },
  { name: 'old pods pending before availability', generation: 2, observed: 2, spec: 4, replicas: 6, updated: 4, available: 2, line: `${W}2 old replicas are pending termination...\n` },
  { name: 'done', generation: 2, observed: 2, spec: 4, replicas: 4, updated: 4, available: 4, line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: 'more available than updated is done', generation: 2, observed: 2, spec: 4, replicas: 4, updated: 4, available: 5, line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: 'scaled to zero', generation: 3, observed: 3, spec: 0, line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: 'progress deadline beats everything once observed', generation: 3, observed: 3, spec: 4, replicas: 5, updated: 1, available: 4, progressingReason: 'ProgressDeadlineExceeded', error: 'deployment "hello" exceeded its progress deadline' },
  { name: 'progress deadline ignored before observation', generation: 4, observed: 3, spec: 4, progressingReason: 'ProgressDeadlineExceeded', line: 'Waiting for deployment spec update to be observed...\n' },
  { name: 'other Progressing reasons do not fail', generation: 3, observed: 3, spec: 4, replicas: 4, updated: 4, available: 4, progressingReason: 'NewReplicaSetAvailable', line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: '--revision matches', generation: 3, observed: 3, spec: 4, replicas: 4, updated: 4, available: 4, revisionAnnotation: '5', want: 5, line: 'deployment "hello" successfully rolled out\n', done: true },
  { name: '--revision differs', generation: 3, observed: 3, spec: 4, revisionAnnotation: '4', want: 5, error: 'desired revision (5) is different from the running revision (4)' },
  { name: '--revision without annotation is revision 0', generation: 1, want: 1, error: 'desired revision (1) is different from the running revision (0)' },
  { name: '--revision checked before observation', generation: 2, observed: 1, revisionAnnotation: 'x', want: 1, error: 'cannot get the revision of deployment "hello": strconv.ParseInt: parsing "x": invalid syntax' },
];

for (const r of ROWS) {
  test(`rollout status line: ${r.name}`, () => {
    const obj = deployment(r);
    if (r.error !== undefined) {
      assert.throws(() => deploymentStatus(obj, r.want ?? 0), (e: Error) => e.message === r.error);
      return;
    }
    assert.deepEqual(deploymentStatus(obj, r.want ?? 0), { message: r.line, done: r.done ?? false });
  });
}
