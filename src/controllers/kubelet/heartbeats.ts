/**
 * The kubelet's heartbeats, as instants rather than timers (issue 11: a period that cannot
 * change anything is not a step). A running kubelet renews its Lease in kube-node-lease every
 * renewInterval (10 s: a quarter of its 40 s leaseDurationSeconds, the kubelet's
 * nodeLeaseRenewIntervalFraction 0.25) and, with nothing changed, posts its node status every
 * nodeStatusReportFrequency (5 min). Neither changes anything a controller acts on while the
 * kubelet runs, so no step is spent on them: what a reader sees is computed from the boot
 * instant (live-heartbeats.ts), and only a stopped kubelet's last renewal is written down.
 *
 * Worked numbers: a kubelet started at 19:00:00 and read at 19:07:43 shows renewTime 19:07:40
 * and lastHeartbeatTime 19:05:00; stopped at 19:07:43, its lease keeps renewTime 19:07:40.
 */

/** NodeLease's leaseDurationSeconds (kubelet's nodeLeaseDurationSeconds default). */
export const NODE_LEASE_DURATION_SECONDS = 40;
/** How often the kubelet renews its lease: 0.25 × 40 s. */
export const LEASE_RENEW_INTERVAL_MS = 10_000;
/** How often an unchanged node status is posted (nodeStatusReportFrequency). */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;

/** The last instant ≤ atMs on the grid bootMs + k × periodMs (bootMs itself before it). */
export function lastTickAtOrBefore(bootMs: number, periodMs: number, atMs: number): number {
  if (atMs <= bootMs) return bootMs;
  return bootMs + Math.floor((atMs - bootMs) / periodMs) * periodMs;
}

/** The lease's renewTime as of atMs for a kubelet started at bootMs. */
export function lastRenewalMs(bootMs: number, atMs: number): number {
  return lastTickAtOrBefore(bootMs, LEASE_RENEW_INTERVAL_MS, atMs);
}

/** The node conditions' lastHeartbeatTime as of atMs for a kubelet started at bootMs. */
export function lastStatusReportMs(bootMs: number, atMs: number): number {
  return lastTickAtOrBefore(bootMs, NODE_STATUS_REPORT_MS, atMs);
}
