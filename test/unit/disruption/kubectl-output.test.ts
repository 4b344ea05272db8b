/** `get pdb` rows (printers.go printPodDisruptionBudget) and `describe pdb` (describe.go), from stored budgets. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { podDisruptionBudgetRow } from '../../../src/kubectl/printers/table/pod-disruption-budget.js';
import { describePodDisruptionBudgetText } from '../../../src/kubectl/describe/pod-disruption-budget.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const NOW = Date.parse('2026-10-26T19:05:00Z');

function budget(spec: Record<string, unknown>, allowed = 1): KubeObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'default', creationTimestamp: '2026-10-26T19:00:00Z' },
    spec,
    status: { disruptionsAllowed: allowed, currentHealthy: 3, desiredHealthy: 2, expectedPods: 3 },
  };
}

test('get pdb: the count not set is N/A; percentages as written', () => {
  assert.deepEqual(podDisruptionBudgetRow(budget({ minAvailable: 2 }), NOW), ['web', '2', 'N/A', '1', '5m']);
  assert.deepEqual(podDisruptionBudgetRow(budget({ maxUnavailable: '25%' }, 0), NOW), ['web', 'N/A', '25%', '0', '5m']);
  assert.deepEqual(podDisruptionBudgetRow(budget({}), NOW), ['web', 'N/A', 'N/A', '1', '5m']);
});

test('describe pdb: the count that is set, the selector (<unset> when nil), the status', () => {
  assert.equal(
    describePodDisruptionBudgetText(budget({ maxUnavailable: '25%', selector: { matchLabels: { app: 'web' } } }), undefined, NOW),
    [
      'Name:             web',
      'Namespace:        default',
      'Max unavailable:  25%',
      'Selector:         app=web',
      'Status:',
      '    Allowed disruptions:  1',
      '    Current:              3',
      '    Desired:              2',
      '    Total:                3',
      '',
    ].join('\n'),
  );
  assert.match(describePodDisruptionBudgetText(budget({ minAvailable: 1 }), [], NOW), /^Min available:  1\nSelector:       <unset>\n/m);
  assert.match(describePodDisruptionBudgetText(budget({ minAvailable: 1 }), [], NOW), /Events:\s+<none>\n$/);
});
