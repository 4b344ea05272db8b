import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonEqual, type JsonObject } from '../../../src/common/json.js';
import { sameStatus } from '../../../src/controllers/kubelet/pod-status.js';

const running: JsonObject = {
  conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }],
  containerStatuses: [{ name: 'app', restartCount: 0, state: { running: { startedAt: '2026-01-01T00:00:00Z' } } }],
  hostIP: '10.0.0.1',
  phase: 'Running',
};

/** The statuses sameStatus is asked about, each against `running`: it answers as jsonEqual does. */
const cases: [string, JsonObject | undefined][] = [
  ['the same', structuredClone(running)],
  ['no status yet', undefined],
  ['a restart', { ...running, containerStatuses: [{ name: 'app', restartCount: 1, state: { running: { startedAt: '2026-01-01T00:00:00Z' } } }] }],
  ['another condition', { ...running, conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: '2026-01-01T00:00:00Z' }] }],
  ['a field more', { ...running, podIP: '10.244.0.2' }],
  ['a field less', { conditions: running['conditions']!, containerStatuses: running['containerStatuses']!, phase: 'Running' }],
  ['a field swapped for another', { conditions: running['conditions']!, containerStatuses: running['containerStatuses']!, podIP: '10.0.0.1', phase: 'Running' }],
  ['no container statuses', { conditions: running['conditions']!, hostIP: '10.0.0.1', phase: 'Running', startTime: 'x' }],
  ['the same fields in another order', { phase: 'Running', hostIP: '10.0.0.1', containerStatuses: running['containerStatuses']!, conditions: running['conditions']! }],
];

for (const [what, old] of cases) {
  test(`sameStatus: ${what}`, () => {
    assert.equal(sameStatus(running, old), jsonEqual(running, old));
    if (old) assert.equal(sameStatus(old, running), jsonEqual(old, running));
  });
}
