import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { DEPLOY, Harness, POD, helloDeployment, setImage } from './cluster-harness.js';

/** Counts the pod selections the API server answers from now on. */
function countPodSelections(api: ApiServer): { n: number } {
  const count = { n: 0 };
  const listSelected = api.listSelected.bind(api);
  api.listSelected = (info, namespace, selector) => {
    if (info === POD) count.n++;
    return listSelected(info, namespace, selector);
  };
  return count;
}

test('a RollingUpdate Deployment is created and rolled out without listing its pods (only Recreate reads the pod map)', () => {
  const h = new Harness();
  const selections = countPodSelections(h.c.api);
  h.c.api.create(DEPLOY, 'default', helloDeployment());
  h.settleReady();
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.1'));
  h.settleReady();
  assert.equal(h.rsByImage('ghcr.io/example/hello:1.1')?.spec.replicas, 4, 'the rollout went through');
  assert.equal(selections.n, 0);
});

test('a Recreate Deployment still reads its pods before creating the new ReplicaSet', () => {
  const h = new Harness();
  const d = helloDeployment();
  d.spec.strategy = { type: 'Recreate' };
  h.c.api.create(DEPLOY, 'default', d);
  h.settleReady();
  const selections = countPodSelections(h.c.api);
  h.editDeployment((o) => setImage(o, 'ghcr.io/example/hello:1.1'));
  h.settleReady();
  assert.ok(selections.n > 0);
  assert.equal(h.rsByImage('ghcr.io/example/hello:1.1')?.spec.replicas, 4);
});
