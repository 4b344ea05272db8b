import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod, type Pod, type PodCondition } from '../../../api/core/v1/pod.js';
import type { ContainerStatus } from '../../../api/core/v1/container-status.js';
import { POD_CONDITION, POD_CONDITION_REASON, POD_REASON_NODE_LOST } from '../../../api/core/v1/pod-conditions.js';
import { isRestartableInitContainer } from '../../../api/core/v1/container.js';
import { isPodPhaseTerminal } from '../../../api/core/v1/pod-util.js';
import { humanDuration, timestampMs, translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go podColumnDefinitions. */
export const podColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Ready', priority: 0 },
  { name: 'Status', priority: 0 },
  { name: 'Restarts', priority: 0 },
  AGE_COLUMN,
  { name: 'IP', priority: 1 },
  { name: 'Node', priority: 1 },
  { name: 'Nominated Node', priority: 1 },
  { name: 'Readiness Gates', priority: 1 },
];

/** What printPod derives from the statuses: READY, STATUS and RESTARTS. */
export interface PodSummary {
  ready: number;
  total: number;
  status: string;
  restarts: number;
  /** Latest lastState.terminated.finishedAt among the counted containers, if any. */
  lastRestartMs: number | undefined;
}

function hasCondition(conditions: PodCondition[] | undefined, type: string): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** isPodInitializedConditionTrue: the *first* Initialized condition decides. */
function initializedConditionTrue(conditions: PodCondition[] | undefined): boolean {
  const c = (conditions ?? []).find((x) => x.type === POD_CONDITION.Initialized);
  return c?.status === 'True';
}

/** Later of a running maximum and a container's last termination time (Go's Before()). */
function laterRestart(current: number | undefined, cs: ContainerStatus): number | undefined {
  const finished = timestampMs(cs.lastState?.terminated?.finishedAt);
  if (finished === undefined) return current;
  return current === undefined || current < finished ? finished : current;
}

/**
 * printPod's status algorithm, in its order:
 *
 * 1. reason = phase, overridden by status.reason (`Evicted`), then by a PodScheduled condition
 *    with reason SchedulingGated.
 * 2. Init containers in order; stop at the first unfinished one. Exit 0 → skip; a started sidecar
 *    (restartPolicy Always) → skip, counting it ready if ready; terminated non-zero →
 *    `Init:<reason>` / `Init:Signal:N` / `Init:ExitCode:N`; waiting with a reason other than
 *    PodInitializing → `Init:<reason>`; otherwise `Init:<i>/<n>`.
 * 3. Unless still initializing (an Initialized=True condition overrides), walk the containers
 *    *last to first* so the first container's reason wins; RESTARTS restarts from the sidecars'
 *    count. `Completed` with a container still running becomes `Running` (pod Ready) or `NotReady`.
 * 4. deletionTimestamp: `Unknown` if status.reason is NodeLost, else `Terminating` unless the phase
 *    is terminal.
 */
export function summarizePod(pod: Pod): PodSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const initSpecs = spec.initContainers ?? [];
  let total = (spec.containers ?? []).length;
  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestartMs: number | undefined;
  let lastSidecarRestartMs: number | undefined;

  const phase = status.phase ?? '';
  let reason = status.reason ? status.reason : phase;
  for (const c of status.conditions ?? []) {
    if (c.type === POD_CONDITION.PodScheduled && c.reason === POD_CONDITION_REASON.SchedulingGated) reason = POD_CONDITION_REASON.SchedulingGated;
  }

  // A map by name, as printPod builds it; a status whose name has no spec is not a sidecar.
  const sidecars = new Set<string>();
  for (const ic of initSpecs) {
    if (isRestartableInitContainer(ic)) {
      sidecars.add(ic.name ?? '');
      total++;
    }
  }

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i];
    if (!cs) continue;
    const isSidecar = sidecars.has(cs.name ?? '');
    restarts += cs.restartCount ?? 0;
    lastRestartMs = laterRestart(lastRestartMs, cs);
    if (isSidecar) {
      sidecarRestarts += cs.restartCount ?? 0;
      lastSidecarRestartMs = laterRestart(lastSidecarRestartMs, cs);
    }
    const terminated = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (terminated && (terminated.exitCode ?? 0) === 0) continue;
    if (isSidecar && cs.started === true) {
      if (cs.ready) ready++;
      continue;
    }
    if (terminated) {
      if (terminated.reason) reason = `Init:${terminated.reason}`;
      else if (terminated.signal) reason = `Init:Signal:${terminated.signal}`;
      else reason = `Init:ExitCode:${terminated.exitCode ?? 0}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || initializedConditionTrue(status.conditions)) {
    restarts = sidecarRestarts;
    lastRestartMs = lastSidecarRestartMs;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i];
      if (!cs) continue;
      restarts += cs.restartCount ?? 0;
      lastRestartMs = laterRestart(lastRestartMs, cs);
      const waiting = cs.state?.waiting;
      const terminated = cs.state?.terminated;
      if (waiting?.reason) {
        reason = waiting.reason;
      } else if (terminated?.reason) {
        reason = terminated.reason;
      } else if (terminated) {
        reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode ?? 0}`;
      } else if (cs.ready && cs.state?.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = hasCondition(status.conditions, POD_CONDITION.Ready) ? 'Running' : 'NotReady';
    }
  }

  if (pod.metadata.deletionTimestamp && status.reason === POD_REASON_NODE_LOST) {
    reason = 'Unknown';
  } else if (pod.metadata.deletionTimestamp && !isPodPhaseTerminal(phase)) {
    reason = 'Terminating';
  }

  return { ready, total, status: reason, restarts, lastRestartMs };
}

/** RESTARTS: `3`, or `3 (12m ago)` when a last termination time is known. */
function restartsCell(s: PodSummary, nowMs: number): string {
  if (s.restarts !== 0 && s.lastRestartMs !== undefined) {
    return `${s.restarts} (${humanDuration(nowMs - s.lastRestartMs)} ago)`;
  }
  return String(s.restarts);
}

/** READINESS GATES: `<none>`, or how many gate conditions are True out of the gates. */
function readinessGatesCell(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? [];
  if (gates.length === 0) return '<none>';
  let trueCount = 0;
  for (const gate of gates) {
    const c = (pod.status?.conditions ?? []).find((x) => x.type === gate.conditionType);
    if (c?.status === 'True') trueCount++;
  }
  return `${trueCount}/${gates.length}`;
}

/** printPod's cells: NAME READY STATUS RESTARTS AGE IP NODE NOMINATED-NODE READINESS-GATES. */
export function podRow(obj: KubeObject, nowMs: number): string[] {
  const pod = asPod(obj);
  const s = summarizePod(pod);
  return [
    pod.metadata.name ?? '',
    `${s.ready}/${s.total}`,
    s.status,
    restartsCell(s, nowMs),
    translateTimestampSince(pod.metadata.creationTimestamp, nowMs),
    pod.status?.podIPs?.[0]?.ip || '<none>',
    pod.spec?.nodeName || '<none>',
    pod.status?.nominatedNodeName || '<none>',
    readinessGatesCell(pod),
  ];
}

export const podTable: KindTable = { columns: podColumns, row: podRow };
