/**
 * `kubemu node remove NAME --drain`: a node removed the way the cluster autoscaler's scale-down
 * actuation removes one it has picked (cluster-autoscaler/core/scaledown/actuation: actuator.go,
 * group_deletion_scheduler.go, drain.go, delete_in_batch.go; utils/taints/taints.go), with its
 * default flags, in cluster time:
 *
 *  1. taint the node `ToBeDeletedByClusterAutoscaler=<Unix seconds>:NoSchedule` (an Update of
 *     the Node; kept when it is already there), event `ScaleDown` "marked the node as
 *     toBeDeleted/unschedulable";
 *  2. wait --node-delete-delay-after-taint (5 s), then look at the node's pods: the scheduled,
 *     non-terminal ones (AllPodLister leaves Succeeded and Failed out) of priority >= -10
 *     (--expendable-pods-priority-cutoff), without the mirror pods. GetPodsToMove's PDB rule
 *     refuses the node at once when a pod's budget allows no disruption now;
 *  3. evict them all at once through pods/eviction (a policy/v1beta1 Eviction whose grace period
 *     is the pod's terminationGracePeriodSeconds, 30 by default, at most
 *     --max-graceful-termination-sec 600), each pod's event `ScaleDown` "deleting pod for node
 *     scale down"; a refused eviction (any error but NotFound) is tried again every 10 s
 *     (EvictionRetryTime) while --max-pod-eviction-time (2 min) has not passed since the first;
 *     a pod still refused then gets `ScaleDownFailed` "failed to delete pod for ScaleDown" and
 *     fails the drain. DaemonSet pods (controller DaemonSet, or the
 *     `cluster-autoscaler.kubernetes.io/daemonset-pod: "true"` annotation) are evicted too, best
 *     effort (--daemonset-eviction-for-occupied-nodes, unless their
 *     `cluster-autoscaler.kubernetes.io/enable-ds-eviction` annotation says otherwise): their
 *     refusals fail nothing and they are not waited for;
 *  4. wait, looking every 5 s, until each evicted pod is gone (NotFound, or a pod of that name on
 *     another node) for at most 600 s + 30 s (PodEvictionHeadroom), else the drain fails;
 *  5. if the node carries `delay-deletion.cluster-autoscaler.kubernetes.io/...` annotations, wait
 *     (looking every 5 s) for them to be removed, at most 2 min (--node-deletion-delay-timeout);
 *  6. delete the node (here: its machine goes and the Node is deleted) and record `ScaleDown`
 *     "nodes removed by cluster autoscaler".
 *
 * A failure aborts: the node's event `ScaleDownFailed` "failed to drain and delete node: ..." with
 * upstream's error, the taint removed (CleanToBeDeleted); the pods already evicted stay evicted,
 * as the autoscaler leaves them. Events are the autoscaler's (source `cluster-autoscaler`).
 *
 * Upstream runs one goroutine per pod; here each pod is a small state machine with the instant of
 * its next attempt, and cluster time passes from one instant to the next (as `kubectl drain`'s
 * loop, kubectl/drain/drain.ts), pods due at one instant acting in the order of the node's pod
 * list. GetPodsToMove's other drainability rules (pods with no controller, kube-system pods, local
 * storage, the not-safe-to-evict annotation) mostly decide which node the planner picks; here the
 * user picks it, and only the PDB rule (with the rules that let pods through before it) is applied.
 */
import type { KubeObject } from '../../api/meta/v1.js';
import { asNode, type Node } from '../../api/core/v1/node.js';
import { asPod } from '../../api/core/v1/pod.js';
import type { Taint } from '../../api/core/v1/taint.js';
import { asPodDisruptionBudget } from '../../api/policy/v1/pod-disruption-budget.js';
import type { Eviction } from '../../api/policy/v1/eviction.js';
import { StatusError, notFound } from '../../apiserver/errors.js';
import { goDuration } from '../../common/go-duration.js';
import { compileLabelSelector } from '../../labels/metav1-label-selector.js';
import { finished, hasDaemonSetController, isMirrorPod } from '../../kubectl/drain/filters.js';
import type { DrainClient } from '../../kubectl/drain/drain.js';

/** utils/taints: the taint that keeps new pods off a node being removed. */
export const TO_BE_DELETED_TAINT = 'ToBeDeletedByClusterAutoscaler';
/** utils/pod: a pod marked as a DaemonSet's without being owned by one. */
export const DAEMON_SET_POD_ANNOTATION = 'cluster-autoscaler.kubernetes.io/daemonset-pod';
/** actuation/delay.go: annotations (any key with this prefix) that hold the node's deletion back. */
export const DELAY_DELETION_ANNOTATION_PREFIX = 'delay-deletion.cluster-autoscaler.kubernetes.io/';
/** utils/drain: a pod the planner may move whatever its budget says ("true"). */
export const SAFE_TO_EVICT_ANNOTATION = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
/** utils/daemonset: whether a DaemonSet pod is evicted ("true") or not. */
export const ENABLE_DS_EVICTION_ANNOTATION = 'cluster-autoscaler.kubernetes.io/enable-ds-eviction';

/** The autoscaler's flags, at their defaults. */
export const SCALE_DOWN_DEFAULTS = {
  /** --node-delete-delay-after-taint */
  nodeDeleteDelayAfterTaintMs: 5_000,
  /** --max-pod-eviction-time */
  maxPodEvictionTimeMs: 120_000,
  /** drain.go DefaultEvictionRetryTime */
  evictionRetryMs: 10_000,
  /** --max-graceful-termination-sec */
  maxGracefulTerminationSec: 600,
  /** drain.go DefaultPodEvictionHeadroom */
  podEvictionHeadroomMs: 30_000,
  /** waitPodsToDisappear's sleep between two looks */
  waitPollMs: 5_000,
  /** --node-deletion-delay-timeout */
  nodeDeletionDelayTimeoutMs: 120_000,
  /** --expendable-pods-priority-cutoff */
  expendablePodsPriorityCutoff: -10,
} as const;

/** v1.DefaultTerminationGracePeriodSeconds */
const DEFAULT_TERMINATION_GRACE_SECONDS = 30;

/** The source of the autoscaler's events (utils/kubernetes/factory.go). */
export const AUTOSCALER_COMPONENT = 'cluster-autoscaler';

/** What the removal needs from the cluster (the pod-facing part is kubectl drain's DrainClient). */
export interface ScaleDownClient extends Pick<DrainClient, 'now' | 'passUntil' | 'getPod' | 'out' | 'err'> {
  /** GET of the node; undefined when it is NotFound */
  getNode(name: string): KubeObject | undefined;
  /** PUT of the node; errors are thrown */
  updateNode(node: KubeObject): KubeObject;
  /** the pods bound to the node, in list order */
  nodePods(node: string): KubeObject[];
  /** the budgets of a namespace */
  budgets(namespace: string): KubeObject[];
  /** POST pods/NAME/eviction; refusals are thrown as StatusErrors */
  evict(pod: KubeObject, eviction: Eviction): void;
  /** the cloud provider's DeleteNodes: the machine goes, and its Node */
  deleteNode(name: string): void;
  /** records an event of the autoscaler's about the object */
  event(involved: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
}

/** Why the node was not removed (printed as `error: ...`); the node is left untainted. */
export class ScaleDownError extends Error {}

const nameOf = (o: KubeObject): string => o.metadata.name ?? '';
const nsName = (pod: KubeObject): string => `${pod.metadata.namespace ?? ''}/${nameOf(pod)}`;
const isNotFound = (e: unknown): boolean => e instanceof StatusError && e.reason === 'NotFound';
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** An API error's message with the causes it carries (a 429's names the budget). */
function withCauses(e: unknown): string {
  const causes = e instanceof StatusError ? (e.details?.causes ?? []).map((c) => c.message).filter((m) => m) : [];
  return causes.length ? `${messageOf(e)} (${causes.join('; ')})` : messageOf(e);
}

/** MarkToBeDeleted: the taint added by an Update of the node as it is now, unless it has one. */
function markToBeDeleted(client: ScaleDownClient, name: string): Taint | undefined {
  const node = asNode(client.getNode(name) ?? missingNode(name));
  const taints = node.spec?.taints ?? [];
  const present = taints.find((t) => t.key === TO_BE_DELETED_TAINT);
  if (present) return undefined;
  const taint: Taint = { key: TO_BE_DELETED_TAINT, value: String(Math.floor(client.now() / 1000)), effect: 'NoSchedule' };
  client.updateNode({ ...node, spec: { ...node.spec, taints: [...taints, taint] } });
  return taint;
}

function missingNode(name: string): never {
  throw notFound('nodes', '', name);
}

/** CleanToBeDeleted: the taint taken off again (the node as it is now); whether there was one. */
function cleanToBeDeleted(client: ScaleDownClient, name: string): boolean {
  const current = client.getNode(name);
  if (!current) return false;
  const node = asNode(current);
  const taints = node.spec?.taints ?? [];
  const kept = taints.filter((t) => t.key !== TO_BE_DELETED_TAINT);
  if (kept.length === taints.length) return false;
  // Go's omitempty: an empty list of taints is not written at all.
  const { taints: _all, ...spec } = node.spec ?? {};
  client.updateNode({ ...node, spec: kept.length ? { ...spec, taints: kept } : spec });
  return true;
}

function priorityOf(pod: KubeObject): number | undefined {
  const p = asPod(pod).spec?.priority;
  return typeof p === 'number' ? p : undefined;
}

function isDaemonSetPod(pod: KubeObject): boolean {
  return hasDaemonSetController(pod) || pod.metadata.annotations?.[DAEMON_SET_POD_ANNOTATION] === 'true';
}

/**
 * The node's pods in the autoscaler's snapshot: scheduled (they are the node's), not terminal
 * (AllPodLister), not expendable (priority below the cutoff).
 */
export function snapshotPods(pods: readonly KubeObject[]): KubeObject[] {
  return pods.filter((pod) => {
    if (finished(pod)) return false;
    const priority = priorityOf(pod);
    return priority === undefined || priority >= SCALE_DOWN_DEFAULTS.expendablePodsPriorityCutoff;
  });
}

/** podsToEvict: the snapshot's pods split into DaemonSet pods (those to evict) and the others; mirror pods left out. */
export function podsToEvict(pods: readonly KubeObject[]): { daemonSet: KubeObject[]; others: KubeObject[] } {
  const daemonSet: KubeObject[] = [];
  const others: KubeObject[] = [];
  for (const pod of pods) {
    if (isMirrorPod(pod)) continue;
    if (isDaemonSetPod(pod)) {
      const enabled = pod.metadata.annotations?.[ENABLE_DS_EVICTION_ANNOTATION];
      if (enabled === undefined || enabled === 'true') daemonSet.push(pod);
    } else others.push(pod);
  }
  return { daemonSet, others };
}

/**
 * GetPodsToMove's PDB rule: the first pod of the snapshot whose budget allows no disruption now
 * refuses the node before any eviction. The rules before it let mirror pods, DaemonSet pods and
 * pods annotated `cluster-autoscaler.kubernetes.io/safe-to-evict: "true"` through first.
 */
function blockedOn(client: ScaleDownClient, name: string, pods: readonly KubeObject[]): Failure | undefined {
  for (const pod of pods) {
    if (isMirrorPod(pod) || isDaemonSetPod(pod) || pod.metadata.annotations?.[SAFE_TO_EVICT_ANNOTATION] === 'true') continue;
    for (const o of client.budgets(pod.metadata.namespace ?? '')) {
      const pdb = asPodDisruptionBudget(o);
      const sel = compileLabelSelector(pdb.spec?.selector);
      if (!sel || sel.empty || !sel.matches(pod.metadata.labels)) continue;
      const s = pdb.status;
      if ((s?.disruptionsAllowed ?? 0) >= 1) continue;
      const upstream = `not enough pod disruption budget to move ${nsName(pod)}`;
      return {
        upstream: `GetPodsToMove for ${JSON.stringify(name)} returned error: ${upstream}`,
        said: `${upstream}: the disruption budget ${nameOf(pdb)} allows ${s?.disruptionsAllowed ?? 0} disruptions (it needs ${s?.desiredHealthy ?? 0} healthy pods and has ${s?.currentHealthy ?? 0} currently)`,
      };
    }
  }
  return undefined;
}

interface EvictionWork {
  pod: KubeObject;
  /** a full-eviction pod (not a DaemonSet's best-effort one) */
  full: boolean;
  grace: number;
  at: number;
  stage: 'evict' | 'failed' | 'done';
  lastError?: unknown;
  /** the refusal text last printed */
  shown?: string;
}

/** A failed step: upstream's error (the node's ScaleDownFailed event) and kubemu's own words. */
interface Failure {
  upstream: string;
  said: string;
}

/**
 * The whole removal. Resolves once the node is deleted; throws ScaleDownError (the node left in
 * place, untainted) when a pod cannot be evicted or does not go in time.
 */
export async function removeNodeWithDrain(client: ScaleDownClient, name: string): Promise<void> {
  const taint = markToBeDeleted(client, name);
  const marked = asNode(client.getNode(name) ?? missingNode(name));
  client.event(marked, 'Normal', 'ScaleDown', 'marked the node as toBeDeleted/unschedulable');
  if (taint) client.out(`node/${name} tainted ${taint.key}=${taint.value}:${taint.effect}\n`);

  await client.passUntil(client.now() + SCALE_DOWN_DEFAULTS.nodeDeleteDelayAfterTaintMs);
  const node = asNode(client.getNode(name) ?? missingNode(name));
  const pods = snapshotPods(client.nodePods(name));
  const failure = blockedOn(client, name, pods) ?? (await drain(client, node, pods));
  if (failure) {
    client.event(node, 'Warning', 'ScaleDownFailed', `failed to drain and delete node: ${failure.upstream}`);
    if (cleanToBeDeleted(client, name)) client.out(`node/${name} untainted\n`);
    throw new ScaleDownError(`node/${name} not removed: ${failure.said}`);
  }
  await waitForDelayDeletion(client, node);
  client.deleteNode(name);
  client.event(node, 'Normal', 'ScaleDown', 'nodes removed by cluster autoscaler');
  client.out(`node/${name} removed\n`);
}

/** drainNodeWithPodsBasedOnPodPriority with the one default group: evictions, then the wait. */
async function drain(client: ScaleDownClient, node: Node, pods: readonly KubeObject[]): Promise<Failure | undefined> {
  const { daemonSet, others } = podsToEvict(pods);
  const evictionFailure = await initiateEviction(client, node, others, daemonSet);
  if (evictionFailure) return evictionFailure;
  return waitPodsToDisappear(client, node, others);
}

function graceOf(pod: KubeObject): number {
  const own = asPod(pod).spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_SECONDS;
  const max = SCALE_DOWN_DEFAULTS.maxGracefulTerminationSec;
  return max > 0 && own > max ? max : own;
}

/** The Eviction evictPod posts (client-go's Pods().Evict: policy/v1beta1). */
function evictionOf(pod: KubeObject, grace: number): Eviction {
  return {
    apiVersion: 'policy/v1beta1',
    kind: 'Eviction',
    metadata: { name: nameOf(pod), namespace: pod.metadata.namespace ?? '' },
    deleteOptions: { gracePeriodSeconds: grace },
  };
}

async function initiateEviction(client: ScaleDownClient, node: Node, full: readonly KubeObject[], bestEffort: readonly KubeObject[]): Promise<Failure | undefined> {
  const started = client.now();
  const retryUntil = started + SCALE_DOWN_DEFAULTS.maxPodEvictionTimeMs;
  const work: EvictionWork[] = [
    ...full.map((pod): EvictionWork => ({ pod, full: true, grace: graceOf(pod), at: started, stage: 'evict' })),
    ...bestEffort.map((pod): EvictionWork => ({ pod, full: false, grace: graceOf(pod), at: started, stage: 'evict' })),
  ];
  // Each goroutine records its pod's event before its first attempt.
  for (const w of work) client.event(w.pod, 'Normal', 'ScaleDown', 'deleting pod for node scale down');
  for (let at = nextInstant(work); at !== undefined; at = nextInstant(work)) {
    if (at > client.now()) await client.passUntil(at);
    const now = client.now();
    for (const w of work) {
      if (w.stage === 'done' || w.at > now) continue;
      if (w.stage === 'failed') {
        // The sleep after the last attempt ended past retryUntil: the pod is given up.
        if (w.full) client.event(w.pod, 'Warning', 'ScaleDownFailed', 'failed to delete pod for ScaleDown');
        w.stage = 'done';
        w.at = Infinity;
        continue;
      }
      attempt(client, w, now, retryUntil);
    }
  }
  const failed = work.filter((w) => w.full && w.lastError !== undefined);
  if (failed.length === 0) return undefined;
  const within = goDuration(SCALE_DOWN_DEFAULTS.maxPodEvictionTimeMs);
  const upstreamErrors = failed.map((w) => `failed to evict pod ${nsName(w.pod)} within allowed timeout (last error: ${messageOf(w.lastError)})`);
  return {
    upstream: `Failed to drain node ${node.metadata.namespace ?? ''}/${nameOf(node)}, due to following errors: [${upstreamErrors.join(' ')}]`,
    said: failed.map((w) => `pod ${nsName(w.pod)} not evicted within ${within}: ${withCauses(w.lastError)}`).join('; '),
  };
}

function nextInstant(work: readonly EvictionWork[]): number | undefined {
  let next: number | undefined;
  for (const w of work) if (w.stage !== 'done' && (next === undefined || w.at < next)) next = w.at;
  return next;
}

/** One pass of evictPod's loop: the eviction, then (refused) the sleep before the next one. */
function attempt(client: ScaleDownClient, w: EvictionWork, now: number, retryUntil: number): void {
  try {
    client.evict(w.pod, evictionOf(w.pod, w.grace));
  } catch (e) {
    if (!isNotFound(e)) {
      w.lastError = e;
      const said = withCauses(e);
      if (said !== w.shown) {
        client.err(`pod ${nsName(w.pod)}: eviction refused (retrying every ${goDuration(SCALE_DOWN_DEFAULTS.evictionRetryMs)} for up to ${goDuration(SCALE_DOWN_DEFAULTS.maxPodEvictionTimeMs)}): ${said}\n`);
        w.shown = said;
      }
      w.at = now + SCALE_DOWN_DEFAULTS.evictionRetryMs;
      // `for ...; time.Now().Before(retryUntil); time.Sleep(EvictionRetryTime)`: after the sleep.
      if (!(w.at < retryUntil)) w.stage = 'failed';
      return;
    }
  }
  w.lastError = undefined;
  w.stage = 'done';
  w.at = Infinity;
  client.out(`pod/${nameOf(w.pod)} evicted\n`);
}

/** waitPodsToDisappear: a look at once, then every 5 s, for the grace maximum plus the headroom. */
async function waitPodsToDisappear(client: ScaleDownClient, node: Node, pods: readonly KubeObject[]): Promise<Failure | undefined> {
  const limit = SCALE_DOWN_DEFAULTS.maxGracefulTerminationSec * 1000 + SCALE_DOWN_DEFAULTS.podEvictionHeadroomMs;
  const start = client.now();
  const remaining = (): KubeObject[] =>
    pods.filter((pod) => {
      const current = client.getPod(pod.metadata.namespace ?? '', nameOf(pod));
      return current !== undefined && asPod(current).spec?.nodeName === nameOf(node);
    });
  for (let at = start; at - start < limit; at += SCALE_DOWN_DEFAULTS.waitPollMs) {
    if (at > client.now()) await client.passUntil(at);
    if (remaining().length === 0) return undefined;
  }
  // The sleep after the last look ends the loop: the drain fails, whatever that sleep saw go.
  await client.passUntil(start + limit);
  const left = remaining();
  return {
    upstream: `Failed to drain node ${node.metadata.namespace ?? ''}/${nameOf(node)}: pods remaining after timeout`,
    said: `pods remaining after ${goDuration(limit)}${left.length ? `: ${left.map(nsName).join(', ')}` : ''}`,
  };
}

const hasDelayDeletion = (node: KubeObject | undefined): boolean =>
  Object.keys(node?.metadata.annotations ?? {}).some((k) => k.startsWith(DELAY_DELETION_ANNOTATION_PREFIX));

/**
 * WaitForDelayDeletion: a node (as the snapshot saw it) with a delay-deletion annotation is looked
 * at every 5 s (wait.Poll: the first look after 5 s) until none is left, for at most
 * --node-deletion-delay-timeout (2 min); past it the node is deleted all the same.
 */
async function waitForDelayDeletion(client: ScaleDownClient, node: Node): Promise<void> {
  if (!hasDelayDeletion(node)) return;
  const start = client.now();
  for (let at = start + SCALE_DOWN_DEFAULTS.waitPollMs; at <= start + SCALE_DOWN_DEFAULTS.nodeDeletionDelayTimeoutMs; at += SCALE_DOWN_DEFAULTS.waitPollMs) {
    await client.passUntil(at);
    const fresh = client.getNode(nameOf(node));
    if (!fresh || !hasDelayDeletion(fresh)) return;
  }
  client.err(`node/${nameOf(node)}: its ${DELAY_DELETION_ANNOTATION_PREFIX} annotations were not removed within ${goDuration(SCALE_DOWN_DEFAULTS.nodeDeletionDelayTimeoutMs)}: deleting it all the same\n`);
}
