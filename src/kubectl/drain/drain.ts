/**
 * Deleting or evicting a node's pods and waiting for them to go (staging/src/k8s.io/kubectl/pkg/
 * drain/drain.go, Helper.DeleteOrEvictPods), in cluster time.
 *
 * Upstream runs one goroutine per pod: it prints `evicting pod NS/NAME`, POSTs the Eviction, and on
 * a 429 (a PodDisruptionBudget that allows no disruption now) prints `error when evicting pods/"NAME"
 * -n "NS" (will retry after 5s): ...` on stderr, sleeps 5 s and starts over; once the eviction is
 * accepted it polls the pod every second (the first look at once) until it is gone or replaced by
 * another of the same name, and prints `pod/NAME evicted`. --timeout bounds the whole: a pod still
 * retrying when it passes fails at its next attempt with `global timeout reached: 1m30s`, one still
 * there fails at that instant with `context deadline exceeded`.
 * With --disable-eviction the pods are DELETEd one after the other (the first error ends it), then
 * all are polled together every second, `pod/NAME deleted` for each, until --timeout
 * (`context deadline exceeded`). The wording is kubectl 1.33's (test/golden/drain/runs.json).
 *
 * Here each pod is a small state machine with the cluster instant of its next action, and the
 * cluster's time passes from one such instant to the next (the controllers run in between: the
 * kubelet stops the evicted pods, the ReplicaSet controller replaces them, the disruption controller
 * gives the budget back). Pods due at the same instant act in the order of the node's pod list, so
 * the output is the same on every run; upstream's goroutines interleave differently from run to run
 * (three pods a, b, c print `evicting pod` as a, c, b in one run and c, a, b in another).
 */
import type { KubeObject } from '../../api/meta/v1.js';
import { StatusError } from '../../apiserver/errors.js';
import { goDuration } from '../../common/go-duration.js';
import { deletedLongAgo } from './filters.js';

/** What drain needs from the cluster. */
export interface DrainClient {
  /** the cluster's clock, ms */
  now(): number;
  /** lets cluster time pass until the instant (the control plane runs what falls due) */
  passUntil(ms: number): Promise<void>;
  /** GET of the pod; undefined when it is NotFound (other errors are thrown) */
  getPod(namespace: string, name: string): KubeObject | undefined;
  /** POST pods/NAME/eviction; refusals are thrown as StatusErrors */
  evict(pod: KubeObject, gracePeriodSeconds: number | undefined, serverDryRun: boolean): void;
  /** DELETE of the pod */
  deletePod(pod: KubeObject, gracePeriodSeconds: number | undefined, serverDryRun: boolean): void;
  out(text: string): void;
  err(text: string): void;
}

export interface DrainOptions {
  /** --grace-period; undefined (upstream's -1) is the pod's own */
  gracePeriodSeconds: number | undefined;
  /** --timeout in ms; 0 waits forever */
  timeoutMs: number;
  disableEviction: boolean;
  serverDryRun: boolean;
  /** --skip-wait-for-delete-timeout */
  skipWaitForDeleteTimeoutSeconds: number;
}

const RETRY_MS = 5000;
const POLL_MS = 1000;

/** context.DeadlineExceeded's text: the poll of waitForDelete ends with --timeout's context. */
const DEADLINE_EXCEEDED = 'context deadline exceeded';

const quoted = (s: string): string => JSON.stringify(s);
const nameOf = (pod: KubeObject): string => pod.metadata.name ?? '';
const namespaceOf = (pod: KubeObject): string => pod.metadata.namespace ?? '';
const isNotFound = (e: unknown): boolean => e instanceof StatusError && e.reason === 'NotFound';
const isTooManyRequests = (e: unknown): boolean => e instanceof StatusError && e.code === 429;
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** An error of drain's, as Go's fmt.Errorf would make it (printed without `error: ` in an aggregate). */
export class DrainError extends Error {}

/**
 * DeleteOrEvictPods. Resolves with the errors of the pods that failed (evictions), or rejects with
 * the error that ended it (deletions); an empty list means every pod went.
 */
export async function deleteOrEvictPods(client: DrainClient, pods: readonly KubeObject[], o: DrainOptions): Promise<Error[]> {
  if (pods.length === 0) return [];
  if (!o.disableEviction) return evictPods(client, pods, o);
  await deletePods(client, pods, o);
  return [];
}

interface PodWork {
  pod: KubeObject;
  stage: 'evict' | 'wait' | 'done';
  at: number;
}

/** The earliest instant any unfinished pod acts at, or undefined when all are done. */
function nextInstant(work: readonly PodWork[]): number | undefined {
  let next: number | undefined;
  for (const w of work) if (w.stage !== 'done' && (next === undefined || w.at < next)) next = w.at;
  return next;
}

async function evictPods(client: DrainClient, pods: readonly KubeObject[], o: DrainOptions): Promise<Error[]> {
  const started = client.now();
  const deadline = o.timeoutMs > 0 ? started + o.timeoutMs : Infinity;
  const timeoutText = goDuration(o.timeoutMs);
  const work: PodWork[] = pods.map((pod) => ({ pod, stage: 'evict', at: started }));
  const errors: Error[] = [];
  for (let at = nextInstant(work); at !== undefined; at = nextInstant(work)) {
    if (at > client.now()) await client.passUntil(at);
    const now = client.now();
    for (const w of work) {
      if (w.stage === 'done' || w.at > now) continue;
      const failure = w.stage === 'evict' ? evictOnce(client, w, now, deadline, timeoutText, o) : waitOnce(client, w, now, deadline, o);
      if (failure) errors.push(failure);
    }
  }
  return errors;
}

/** One attempt of a pod's eviction loop. */
function evictOnce(client: DrainClient, w: PodWork, now: number, deadline: number, timeoutText: string, o: DrainOptions): Error | undefined {
  const name = nameOf(w.pod);
  const ns = namespaceOf(w.pod);
  client.out(`evicting pod ${ns}/${name}${o.serverDryRun ? ' (server dry run)' : ''}\n`);
  if (now >= deadline) {
    w.stage = 'done';
    return new DrainError(`error when evicting pods/${quoted(name)} -n ${quoted(ns)}: global timeout reached: ${timeoutText}`);
  }
  try {
    client.evict(w.pod, o.gracePeriodSeconds, o.serverDryRun);
  } catch (e) {
    if (isNotFound(e)) {
      w.stage = 'done';
      return undefined;
    }
    if (isTooManyRequests(e)) {
      client.err(`error when evicting pods/${quoted(name)} -n ${quoted(ns)} (will retry after 5s): ${messageOf(e)}\n`);
      w.at = now + RETRY_MS;
      return undefined;
    }
    w.stage = 'done';
    return new DrainError(`error when evicting pods/${quoted(name)} -n ${quoted(ns)}: ${messageOf(e)}`);
  }
  if (o.serverDryRun) {
    w.stage = 'done';
    return undefined;
  }
  w.stage = 'wait';
  return waitOnce(client, w, now, deadline, o);
}

/**
 * One look of waitForDelete at an evicted pod: at once, then every second; the poll ends at the
 * --timeout instant itself (its context is done), not at the next second.
 */
function waitOnce(client: DrainClient, w: PodWork, now: number, deadline: number, o: DrainOptions): Error | undefined {
  const name = nameOf(w.pod);
  const ns = namespaceOf(w.pod);
  if (now >= deadline) {
    w.stage = 'done';
    return new DrainError(`error when waiting for pod ${quoted(name)} in namespace ${quoted(ns)} to terminate: ${DEADLINE_EXCEEDED}`);
  }
  let current: KubeObject | undefined;
  try {
    current = client.getPod(ns, name);
  } catch (e) {
    w.stage = 'done';
    client.out(`pod/${name} eviction failed\n`);
    return new DrainError(`error when waiting for pod ${quoted(name)} in namespace ${quoted(ns)} to terminate: ${messageOf(e)}`);
  }
  if (!current || current.metadata.uid !== w.pod.metadata.uid) {
    client.out(`pod/${name} evicted\n`);
    w.stage = 'done';
    return undefined;
  }
  if (deletedLongAgo(current, o.skipWaitForDeleteTimeoutSeconds, now)) {
    client.out(`pod ${quoted(name)} has DeletionTimestamp older than ${o.skipWaitForDeleteTimeoutSeconds} seconds, skipping\n`);
    w.stage = 'done';
    return undefined;
  }
  w.at = Math.min(now + POLL_MS, deadline);
  return undefined;
}

async function deletePods(client: DrainClient, pods: readonly KubeObject[], o: DrainOptions): Promise<void> {
  for (const pod of pods) {
    try {
      client.deletePod(pod, o.gracePeriodSeconds, o.serverDryRun);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
  // PollImmediate(1s, timeout): a look at once, then one a second until the timeout passes.
  const started = client.now();
  let pending = [...pods];
  for (let at = started; ; ) {
    if (at > client.now()) await client.passUntil(at);
    const now = client.now();
    const left: KubeObject[] = [];
    for (const pod of pending) {
      const current = client.getPod(namespaceOf(pod), nameOf(pod));
      if (!current || current.metadata.uid !== pod.metadata.uid) {
        client.out(`pod/${nameOf(pod)} deleted\n`);
        continue;
      }
      if (deletedLongAgo(current, o.skipWaitForDeleteTimeoutSeconds, now)) {
        client.out(`pod ${quoted(nameOf(pod))} has DeletionTimestamp older than ${o.skipWaitForDeleteTimeoutSeconds} seconds, skipping\n`);
        continue;
      }
      left.push(pod);
    }
    pending = left;
    if (pending.length === 0) return;
    at += POLL_MS;
    if (o.timeoutMs > 0 && at - started >= o.timeoutMs) {
      await client.passUntil(started + o.timeoutMs);
      throw new DrainError(DEADLINE_EXCEEDED);
    }
  }
}
