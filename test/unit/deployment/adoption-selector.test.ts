import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deploymentSelector } from '../../../src/controllers/deployment/adoption.js';
import { selectorMatches } from '../../../src/labels/selector.js';
import { helloDeployment } from './cluster-harness.js';

test('deploymentSelector: one selector text parsed once, matching as parsed; an invalid one names each Deployment', () => {
  const a = helloDeployment();
  const b = structuredClone(a);
  b.metadata.name = 'other';
  const sa = deploymentSelector(a);
  assert.equal(deploymentSelector(b), sa, 'the same text gives the remembered selector');
  assert.ok(selectorMatches(sa, { 'app.kubernetes.io/name': 'hello' }));
  assert.ok(!selectorMatches(sa, { 'app.kubernetes.io/name': 'x' }));
  const bad = (name: string) => {
    const d = structuredClone(a);
    d.metadata.name = name;
    d.metadata.namespace = 'default';
    d.spec.selector = { matchExpressions: [{ key: 'app', operator: 'Bogus', values: ['x'] }] };
    return d;
  };
  assert.throws(() => deploymentSelector(bad('one')), /^Error: deployment default\/one has invalid label selector: /);
  assert.throws(() => deploymentSelector(bad('two')), /^Error: deployment default\/two has invalid label selector: /);
});
