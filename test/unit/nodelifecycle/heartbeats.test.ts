import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastRenewalMs, lastStatusReportMs } from '../../../src/controllers/kubelet/heartbeats.js';
import { microTime } from '../../../src/api/coordination/v1/lease.js';

/** The lease model: renewals every 10 s and status reports every 5 min from the kubelet's boot, as instants. */

const at = (hms: string): number => Date.parse(`2026-10-26T${hms}Z`);

test('renewTime is the last 10 s renewal since boot; lastHeartbeatTime the last 5 min report', () => {
  const boot = at('19:00:00');
  assert.equal(microTime(lastRenewalMs(boot, at('19:07:43'))), '2026-10-26T19:07:40.000000Z');
  assert.equal(microTime(lastRenewalMs(boot, at('19:07:40'))), '2026-10-26T19:07:40.000000Z', 'a renewal at the instant read counts');
  assert.equal(new Date(lastStatusReportMs(boot, at('19:07:43'))).toISOString(), '2026-10-26T19:05:00.000Z');
  assert.equal(lastRenewalMs(boot, boot - 1000), boot, 'never before the boot');
  // a kubelet booted off the grid keeps its own phase
  const late = at('19:00:03.500');
  assert.equal(microTime(lastRenewalMs(late, at('19:01:00'))), '2026-10-26T19:00:53.500000Z');
});
