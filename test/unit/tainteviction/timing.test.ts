import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Taint, Toleration } from '../../../src/api/core/v1/taint.js';
import { matchingTolerations } from '../../../src/api/core/v1/toleration.js';
import { decideEviction, minTolerationMs, noExecuteTaints } from '../../../src/controllers/tainteviction/timing.js';

const UNREACHABLE: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-10-26T19:10:00Z' };
const MAINTENANCE: Taint = { key: 'maintenance', value: 'true', effect: 'NoExecute' };
/** The tolerations DefaultTolerationSeconds admission adds to every pod. */
const DEFAULTS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];
const T0 = Date.UTC(2026, 9, 26, 19, 10, 0);

test('only NoExecute taints count', () => {
  assert.deepEqual(noExecuteTaints([{ key: 'a', effect: 'NoSchedule' }, MAINTENANCE, { key: 'b', effect: 'PreferNoSchedule' }]), [MAINTENANCE]);
  assert.deepEqual(noExecuteTaints(undefined), []);
});

test('getMinTolerationTime: the shortest tolerationSeconds; none → forever (-1); ≤ 0 → at once', () => {
  const cases: [Toleration[], number][] = [
    [[{ tolerationSeconds: 300 }, {}, { tolerationSeconds: 60 }], 60_000],
    [[{}], -1],
    [[{ tolerationSeconds: 300 }, { tolerationSeconds: 0 }], 0],
    [[{ tolerationSeconds: -5 }], 0],
    [[], 0],
  ];
  for (const [used, ms] of cases) assert.equal(minTolerationMs(used), ms, JSON.stringify(used));
});

test('GetMatchingTolerations: the first toleration of each taint is used', () => {
  const later: Toleration = { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 };
  const first: Toleration = { operator: 'Exists', tolerationSeconds: 600 };
  assert.deepEqual(matchingTolerations([MAINTENANCE], [first, later]), { allTolerated: true, used: [first] });
  assert.deepEqual(matchingTolerations([MAINTENANCE, UNREACHABLE], DEFAULTS), { allTolerated: false, used: [] });
  assert.deepEqual(matchingTolerations([MAINTENANCE], [{ key: 'maintenance', value: 'false', effect: 'NoExecute' }]).allTolerated, false);
  assert.deepEqual(matchingTolerations([MAINTENANCE], [{ key: 'maintenance', value: 'true' }]).allTolerated, true);
});

test('processPodOnNode: untolerated → at once; default tolerations of unreachable → 300 s after it was seen', () => {
  assert.deepEqual(decideEviction([MAINTENANCE], DEFAULTS, undefined, T0), { cancel: true, add: { createdAtMs: T0, fireAtMs: T0 } });
  // counted from when the controller sees the pod on the tainted node, not from timeAdded
  assert.deepEqual(decideEviction([UNREACHABLE], DEFAULTS, undefined, T0 + 7_000), { cancel: false, add: { createdAtMs: T0 + 7_000, fireAtMs: T0 + 307_000 } });
});

test('processPodOnNode: a scheduled eviction stays; a second untolerated taint replaces it by one at once', () => {
  const scheduled = { createdAtMs: T0, fireAtMs: T0 + 300_000 };
  assert.deepEqual(decideEviction([UNREACHABLE], DEFAULTS, scheduled, T0 + 120_000), { cancel: false });
  assert.deepEqual(decideEviction([UNREACHABLE, MAINTENANCE], DEFAULTS, scheduled, T0 + 120_000), { cancel: true, add: { createdAtMs: T0 + 120_000, fireAtMs: T0 + 120_000 } });
});

test('processPodOnNode: a toleration without tolerationSeconds tolerates forever, cancelling what was scheduled', () => {
  const forever: Toleration[] = [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute' }];
  assert.deepEqual(decideEviction([MAINTENANCE], forever, { createdAtMs: T0, fireAtMs: T0 + 60_000 }, T0 + 1_000), { cancel: true });
  assert.deepEqual(decideEviction([MAINTENANCE], forever, undefined, T0), { cancel: true });
});

test('processPodOnNode: an eviction already carried out is not repeated while the pod still tolerates the taints', () => {
  assert.deepEqual(decideEviction([UNREACHABLE], DEFAULTS, { doneAtMs: T0 }, T0 + 5_000), { cancel: false });
  // not tolerated any more: cleared and carried out again (upstream's cancel + AddWork)
  assert.deepEqual(decideEviction([MAINTENANCE], DEFAULTS, { doneAtMs: T0 }, T0 + 5_000), { cancel: true, add: { createdAtMs: T0 + 5_000, fireAtMs: T0 + 5_000 } });
});
