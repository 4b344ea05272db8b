import type { WatchEvent } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { asNode } from '../../api/core/v1/node.js';
import { WHEN_UNSATISFIABLE } from '../../api/core/v1/affinity.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { MAX_UNSCHEDULABLE_MS, type PendingPod } from './backoff.js';
import { SchedulerCache } from './cache.js';
import { PlacementIndex } from './placements.js';
import { informerCursor } from '../framework/informer.js';
import { NODE, POD, SCHEDULER_NAME, type SchedulingMemo, applyDecision, podFingerprint, schedulePod, wantsScheduling } from './schedule-one.js';
import { NodeEvaluations } from './node-evals.js';
import { hasAllTopologyKeys, hasHardConstraints, podConstraints } from './topology-spread.js';
import { SpreadSelectors } from './spread-selectors.js';

/** State key listing the pods waiting in the unschedulable pool. */
const PENDING_INDEX = 'pending-index';
/**
 * State key listing those of them with DoNotSchedule topology spread constraints: a pod bound or
 * relabelled elsewhere can change their domains' counts, so they are retried then too
 * (PodTopologySpread registers every assigned pod's change; a status write is none).
 */
const PENDING_SPREAD_INDEX = 'pending-spread-index';

/**
 * kube-scheduler, reduced to the default profile's observable behaviour: it places pods whose
 * schedulerName is default-scheduler and that have no node, one at a time, through the
 * filters, scores and binding of schedule-one.ts. Keys are `namespace/name` of pods.
 *
 * A pod that fits nowhere waits until something might let it in — a node added or changed
 * (labels, taints, cordon, allocatable), a node with its spread constraints' topology keys deleted,
 * a bound pod deleted or finished, a change of the pod's own spec or labels — and is retried then if its backoff has passed, else when it has; and
 * after 5 minutes regardless.
 */
export function schedulerController(): Controller {
  const placements = new PlacementIndex();
  const cache = new SchedulerCache(placements, (api) => informerCursor(api.store, SCHEDULER_NAME));
  const memo: SchedulingMemo = { selectors: new SpreadSelectors(), evaluations: new NodeEvaluations() };
  return {
    name: SCHEDULER_NAME,
    watches: [POD, NODE],
    keysFor(ev: WatchEvent, ctx: ControllerContext): readonly string[] {
      if (ev.object.kind === 'Node') return nodeEvent(ev, ctx);
      cache.seen(ctx.api, ctx.state, ev);
      const counted = ev.type === 'DELETED' ? (cache.remove(ev.object.metadata.uid ?? '', ev.revision), false) : cache.upsert(ev.object);
      return podEvent(ev, ctx, counted);
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace, name } = splitKey(key);
      const pod = ctx.api.tryGet(POD, namespace, name);
      const previous = pendingOf(ctx, key);
      if (!pod || !wantsScheduling(pod)) {
        forget(ctx, key, previous);
        return;
      }
      // A retry due to an event comes early; the backoff still applies.
      if (previous && previous.uid === pod.metadata.uid && ctx.clock.now() < previous.backoffUntilMs) {
        ctx.requeueAfter(key, previous.backoffUntilMs - ctx.clock.now());
        return;
      }
      const decision = schedulePod(
        ctx,
        pod,
        () => cache.nodePods(ctx.api, ctx.state),
        (key, ns, matches, required) => cache.spreadCounter(ctx.api, ctx.state, key, ns, matches, required),
        memo,
      );
      const next = applyDecision(ctx, pod, decision, previous);
      // Assume the pod on its node at once: the informer reports the binding only later.
      if (decision.kind === 'bind') {
        const bound = ctx.api.tryGet(POD, namespace, name);
        if (bound) cache.upsert(bound);
      }
      if (!next) {
        forget(ctx, key, previous);
        return;
      }
      ctx.state.set(`pending:${key}`, next);
      if (!pendingSet(ctx).has(key)) ctx.state.set(PENDING_INDEX, [...pendingKeys(ctx), key]);
      if (hasHardConstraints(pod) && !spreadKeys(ctx).includes(key)) ctx.state.set(PENDING_SPREAD_INDEX, [...spreadKeys(ctx), key]);
      ctx.requeueAfter(key, MAX_UNSCHEDULABLE_MS);
    },
    endStep(ctx: ControllerContext): void {
      placements.flush(ctx.state);
    },
    relisted(ctx: ControllerContext): void {
      cache.beforeRelist(ctx.api, ctx.state);
      placements.drop(ctx.api, ctx.state);
    },
  };
}

/** `previous`: the pod's pending record (pendingOf), if any. */
function forget(ctx: ControllerContext, key: string, previous: Readonly<PendingPod> | undefined): void {
  if (previous === undefined) return;
  ctx.state.delete(`pending:${key}`);
  ctx.state.set(
    PENDING_INDEX,
    pendingKeys(ctx).filter((k) => k !== key),
  );
  const spread = spreadKeys(ctx);
  if (spread.includes(key)) ctx.state.set(PENDING_SPREAD_INDEX, spread.filter((k) => k !== key));
}

/** The waiting pods with DoNotSchedule spread constraints (a subset of the pending index). */
function spreadKeys(ctx: ControllerContext): readonly string[] {
  return ctx.state.peek<string[]>(PENDING_SPREAD_INDEX) ?? NO_KEYS;
}

/** Every waiting pod, to be retried (the sync holds back those still in backoff): a copy, the caller's. */
function pendingKeys(ctx: ControllerContext): string[] {
  return [...(ctx.state.peek<string[]>(PENDING_INDEX) ?? [])];
}

/**
 * Every waiting pod, to be retried: one frozen list per stored index (peek shares its parse while
 * its text stays), so the control plane adds it once per step however many events hand it.
 */
const frozenPending = new WeakMap<readonly string[], readonly string[]>();
const NO_KEYS: readonly string[] = Object.freeze([]);

function pendingKeysShared(ctx: ControllerContext): readonly string[] {
  const index = ctx.state.peek<string[]>(PENDING_INDEX);
  if (!index) return NO_KEYS;
  let keys = frozenPending.get(index);
  if (!keys) frozenPending.set(index, (keys = Object.freeze([...index])));
  return keys;
}

/** The pending index as a set, made once per stored index (peek shares its parse while its text stays). */
const pendingSets = new WeakMap<readonly string[], ReadonlySet<string>>();
const NO_PENDING: ReadonlySet<string> = new Set();

function pendingSet(ctx: ControllerContext): ReadonlySet<string> {
  const index = ctx.state.peek<string[]>(PENDING_INDEX);
  if (!index) return NO_PENDING;
  let set = pendingSets.get(index);
  if (!set) pendingSets.set(index, (set = new Set(index)));
  return set;
}

/**
 * The pod's pending record. A record is set and deleted with the pod's key in the pending index
 * (sync, forget), so a key not in the index has none: told without asking the file, where every
 * new pod of an apply missed (an SQLite query each, twice: at its ADDED event and its sync).
 */
function pendingOf(ctx: ControllerContext, key: string): Readonly<PendingPod> | undefined {
  // peek: a waiting pod is synced at each bound pod that goes (210 of them, step after step of a
  // rollout), its record parsed once per text.
  return pendingSet(ctx).has(key) ? ctx.state.peek<PendingPod>(`pending:${key}`) : undefined;
}

/** counted: the cache's answer for the event (SchedulerCache.upsert): the pod counts where it did not. */
function podEvent(ev: WatchEvent, ctx: ControllerContext, counted: boolean): readonly string[] {
  const pod = ev.object;
  const bound = !!asPod(pod).spec?.nodeName;
  if (bound) {
    // A bound pod that goes away or finishes frees room on its node.
    if (ev.type === 'DELETED' || isPodPhaseTerminal(asPod(pod).status?.phase)) return pendingKeysShared(ctx);
    return counted ? spreadKeys(ctx) : NO_KEYS;
  }
  const key = objectKey(pod.metadata.namespace, pod.metadata.name ?? '');
  if (ev.type === 'DELETED' || !wantsScheduling(pod)) return [key];
  const pending = pendingOf(ctx, key);
  // Our own PodScheduled=False write (a status change) is no reason to try again.
  if (pending && pending.uid === pod.metadata.uid && pending.fingerprint === podFingerprint(pod)) return [];
  return [key];
}

/** What about a node can change a filter's verdict. */
function nodeFingerprint(node: KubeObject): string {
  const n = asNode(node);
  const spec = n.spec ?? {};
  const allocatable = n.status?.allocatable ?? null;
  return JSON.stringify([node.metadata.labels ?? null, spec.unschedulable ?? false, spec.taints ?? null, allocatable]);
}

function nodeEvent(ev: WatchEvent, ctx: ControllerContext): readonly string[] {
  const name = ev.object.metadata.name ?? '';
  if (ev.type === 'DELETED') {
    ctx.state.delete(`node:${name}`);
    return afterNodeDeleted(ev.object, ctx);
  }
  const fp = nodeFingerprint(ev.object);
  if (ctx.state.get<string>(`node:${name}`) === fp) return [];
  ctx.state.set(`node:${name}`, fp);
  return pendingKeysShared(ctx);
}

/**
 * PodTopologySpread's queueing hint for a deleted node (isSchedulableAfterNodeChange, Node/Delete):
 * a pod waiting on DoNotSchedule constraints is retried when the node had every topology key of
 * them, since its domain may be gone with it (a lost zone no longer holds the global minimum at 0).
 * No other plugin of the default profile registers node deletion.
 */
function afterNodeDeleted(node: KubeObject, ctx: ControllerContext): readonly string[] {
  const waiting = spreadKeys(ctx);
  if (waiting.length === 0) return NO_KEYS;
  return waiting.filter((key) => {
    const { namespace, name } = splitKey(key);
    const pod = ctx.api.tryGet(POD, namespace, name);
    return pod !== undefined && hasAllTopologyKeys(node, podConstraints(pod, WHEN_UNSATISFIABLE.DoNotSchedule));
  });
}
