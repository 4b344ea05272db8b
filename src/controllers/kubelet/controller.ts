import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, storagePrefix, type ResourceInfo } from '../../apiserver/resources.js';
import { objectJson, type KubeObject } from '../../api/meta/v1.js';
import { asPod, type Pod, type PodSpec } from '../../api/core/v1/pod.js';
import { asNode, nodeAddress, NODE_ADDRESS, type Node } from '../../api/core/v1/node.js';
import { isPodPhaseTerminal, podPhase } from '../../api/core/v1/pod-util.js';
import { objectKey, splitKey, type Controller, type ControllerContext } from '../framework/controller.js';
import type { EventSource } from '../framework/events.js';
import { containerEnvNames } from './env-names.js';
import { resolveImage, type ResolvedImage } from '../../images/registry.js';
import { drawUint32s } from '../../sim/random.js';
import { SANDBOX_MS, WORKER_RESYNC_MS, type ContainerEnv } from './lifecycle.js';
import { LEGACY_WAKE_PREFIX, newContainerMemory, withoutDue, type PodMemory } from './memory.js';
import * as msg from './messages.js';
import { allocateIp, cidrRange, intToIp, type IpamStore } from './pod-ip.js';
import { buildPodStatus, sameStatus } from './pod-status.js';
import { type PullQueueState, reservePull } from './pull-queue.js';
import { allDone, everStarted, planPodSync, startInFlight, type ContainerEvent, type PodSyncInput } from './pod-sync.js';
import { lastQuietTickMs, nextEventfulProbeMs } from './quiet-ticks.js';
import { lastQuietResyncMs } from './quiet-resyncs.js';
import { lastDroppedProbeTickMs } from './dropped-probe-ticks.js';
import { currentMachines, isRunning, machineOf } from './machines.js';
import { MACHINE_KEY_PREFIX } from './machine-power.js';
import { syncMachine } from './machine-sync.js';
import { spreadDraw, startSpread } from './spread.js';

/**
 * The simulated kubelet: one controller acting for every node. A pod bound to a node (key
 * `ns/name`) is driven through its life on cluster time — sandbox, image pull, start, probes,
 * exits and restarts, graceful deletion — by the step table of lifecycle.ts. Each sync plans
 * purely (pod-sync.ts) and then acts here: events, one status write when something changed,
 * the final delete, and a wake-up (ctx.requeueAfter) for the next due step.
 *
 * Private memory in ctx.state: `pod:<ns>/<name>` (PodMemory, with the wake-up last asked for),
 * `images:<node>` (the node's image store), `ipam:<node>:<ip>` and `ipam-last:<node>` (its pod IP
 * allocator).
 */

function must(info: ResourceInfo | undefined, what: string): ResourceInfo {
  if (!info) throw new Error(`kubelet: unknown resource ${what}`);
  return info;
}

const PODS = must(findByKind('v1', 'Pod'), 'pods');
/** where every pod is stored: a pod's key (`ns/name`) follows it */
const PODS_PREFIX = storagePrefix(PODS, undefined);
const NODES = must(findByKind('v1', 'Node'), 'nodes');
const CONFIGMAPS = must(findByKind('v1', 'ConfigMap'), 'configmaps');
const SECRETS = must(findByKind('v1', 'Secret'), 'secrets');
const IMAGE_REPOSITORIES = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'), 'imagerepositories');

/** The event source of every kubelet event. */
export const KUBELET_COMPONENT = 'kubelet';

/**
 * containerd's container IDs: 64 hex digits, each draw's 8 (big-endian, zero-padded). The 8 draws
 * are taken at once (the same numbers as 8 single draws): a seeded source then reads and writes
 * its state once, not 8 times; and the digits come from one buffer, not 8 toString(16) calls.
 */
function newContainerId(ctx: ControllerContext): string {
  const bytes = Buffer.allocUnsafe(32);
  drawUint32s(ctx.random, 8).forEach((draw, i) => bytes.writeUInt32BE(draw, 4 * i));
  return `containerd://${bytes.toString('hex')}`;
}

function nodeInternalIP(node: Node): string {
  return nodeAddress(node, NODE_ADDRESS.InternalIP) ?? '';
}

function nodePodCIDR(node: Node): string {
  return node.spec?.podCIDR ?? '';
}

export interface KubeletOptions {
  /**
   * Every probe tick is a step, as before quiet ticks were skipped (quiet-ticks.ts): for tests
   * that check the skipping changes nothing anyone can see.
   */
  everyTick?: boolean;
}

export function kubeletController(opts: KubeletOptions = {}): Controller {
  return {
    name: KUBELET_COMPONENT,
    watches: [PODS],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      // Its own status write coming back (3,500 of a 1,000-replica rollout's 6,200 pod events):
      // known by revision, which names that one write, before the object is looked at. The key is
      // the storage key's tail: that write was made at the key of the pod the memory is kept for.
      // Only status writes and bindings of this process (sameMetadataAs) can be one; any other
      // event is not looked up twice.
      if (ev.sameMetadataAs !== undefined && ev.type === 'MODIFIED' && ev.key.startsWith(PODS_PREFIX)) {
        const own = ctx.state.peek<PodMemory>(`pod:${ev.key.slice(PODS_PREFIX.length)}`)?.writtenRv;
        if (own !== undefined && own === String(ev.revision)) return [];
      }
      const spec: PodSpec = asPod(ev.object).spec ?? {};
      if (ev.type !== 'DELETED' && !spec.nodeName) return [];
      const key = objectKey(ev.object.metadata.namespace, ev.object.metadata.name ?? '');
      // No kubelet runs there (a Node made through the API), or its machine is off: nothing
      // looks at the pod until it comes up (machine-sync.ts wakes its pods then).
      if (ev.type !== 'DELETED' && !isRunning(machineOf(currentMachines(ctx.api.store), spec.nodeName ?? ''))) return [];
      // The pod source: a pod bound here and not yet being deleted in this event is admitted
      // now, even if it is being deleted by the time the sync reads it (its start is then
      // already under way and is finished before the container is stopped).
      if (ev.type === 'DELETED') return [key];
      const known = ctx.state.peek<PodMemory>(`pod:${key}`);
      if (!ev.object.metadata.deletionTimestamp && !known) {
        const mem = admit(ctx, asPod(ev.object), ctx.clock.now());
        if (mem) ctx.state.keep(`pod:${key}`, mem);
      }
      // Its own status write coming back: the sync that wrote it already planned from this pod
      // and scheduled what is due next, so a sync now would find nothing to do.
      if (ev.type === 'MODIFIED' && known?.writtenRv !== undefined && known.writtenRv === ev.object.metadata.resourceVersion) return [];
      return [key];
    },
    sync(key: string, ctx: ControllerContext): void {
      if (key.startsWith(MACHINE_KEY_PREFIX)) syncMachine(key.slice(MACHINE_KEY_PREFIX.length), ctx);
      else syncPod(key, ctx, opts.everyTick === true);
    },
    lastQuietInstant(afterMs: number, untilMs: number, ctx: ControllerContext): number | undefined {
      return opts.everyTick ? undefined : lastQuietTick(ctx, afterMs, untilMs);
    },
  };
}

/**
 * The latest quiet probe tick or back-off resync in (afterMs, untilMs] of the pods this kubelet
 * runs (see quiet-ticks.ts, quiet-resyncs.ts): of every pod a sync would get to plan (bound to a
 * node that exists, the same pod as remembered).
 */
function lastQuietTick(ctx: ControllerContext, afterMs: number, untilMs: number): number | undefined {
  const nodes = new Map<string, Node | null>();
  const nodeNamed = (name: string): Node | null => {
    let found = nodes.get(name);
    if (found === undefined) {
      const obj = ctx.api.tryGet(NODES, undefined, name);
      nodes.set(name, (found = obj ? asNode(obj) : null));
    }
    return found;
  };
  let repos: readonly KubeObject[] | undefined;
  const machines = currentMachines(ctx.api.store);
  let last: number | undefined;
  const later = (t: number | undefined) => {
    if (t !== undefined && (last === undefined || t > last)) last = t;
  };
  for (const obj of ctx.api.list(PODS, undefined)) {
    const pod = asPod(obj);
    const nodeName = pod.spec?.nodeName;
    const mem = ctx.state.peek<PodMemory>(`pod:${objectKey(pod.metadata.namespace, pod.metadata.name ?? '')}`);
    const node = nodeName ? nodeNamed(nodeName) : null;
    if (!mem || mem.uid !== pod.metadata.uid || !node || !isRunning(machineOf(machines, node.metadata.name ?? ''))) continue;
    const specs = pod.spec?.containers ?? [];
    let envFor: ((i: number, present: ReadonlySet<string>) => ContainerEnv) | undefined;
    let writableFromMs: number | undefined;
    mem.containers.forEach((c, i) => {
      const spec = specs[i];
      const env = (): ContainerEnv => {
        envFor ??= containerEnvs(ctx, pod, node, mem, (repos ??= ctx.api.list(IMAGE_REPOSITORIES, undefined)));
        return envFor(i, new Set(ctx.state.peek<string[]>(`images:${mem.node}`) ?? []));
      };
      const writable = (): number => (writableFromMs ??= ctx.events.firstWrittenMs(kubeletSource(pod, mem)));
      if (spec && c.phase === 'Running') {
        later(lastQuietTickMs(c, spec, afterMs, untilMs));
        // Only a tick that is not quiet can be a dropped one (most pods have none in the window).
        const eventful = nextEventfulProbeMs(c, spec);
        if (eventful !== undefined && eventful <= untilMs) {
          const pc = { env: env(), podIP: mem.podIP ?? '', podGraceSeconds: pod.spec?.terminationGracePeriodSeconds ?? 30 };
          later(lastDroppedProbeTickMs(c, spec, pc, afterMs, untilMs, writable()));
        }
      }
      if (c.phase === 'CrashLoopBackOff' || c.phase === 'ImagePullBackOff') later(lastQuietResyncMs(c, env(), afterMs, untilMs, writable()));
    });
  }
  return last;
}

/** The source and object of the kubelet's events about a pod (one spam-filter bucket). */
function kubeletSource(pod: Pod, mem: PodMemory): EventSource {
  return { involved: pod, component: KUBELET_COMPONENT, host: mem.node };
}

/** The recorder's firstWrittenMs for the source, asked once and only when a step wants it. */
function writableFrom(ctx: ControllerContext, source: EventSource): () => number {
  let ms: number | undefined;
  return () => (ms ??= ctx.events.firstWrittenMs(source));
}

/** What each container's steps depend on (lifecycle.ts's ContainerEnv), built when a step asks. */
function containerEnvs(ctx: ControllerContext, pod: Pod, node: Node, mem: PodMemory, repos: readonly KubeObject[]): (i: number, present: ReadonlySet<string>) => ContainerEnv {
  const spec = pod.spec ?? {};
  const specs = spec.containers ?? [];
  const namespace = pod.metadata.namespace;
  const podRef = msg.formatPod(pod.metadata.name ?? '', namespace ?? 'default', mem.uid);
  const lookup = (kind: 'ConfigMap' | 'Secret', n: string) => ctx.api.tryGet(kind === 'ConfigMap' ? CONFIGMAPS : SECRETS, namespace, n);
  const deleting = Boolean(pod.metadata.deletionTimestamp);
  // One sync asks many times (each step, each folded resync): the same answer while the image is as present as it was.
  // By container index: [without the image, with it].
  const made: [ContainerEnv | undefined, ContainerEnv | undefined][] = [];
  const resolved = new Map<number, ResolvedImage>();
  return (i: number, present: ReadonlySet<string>): ContainerEnv => {
    const c = specs[i] ?? { name: '', image: '' };
    let image = resolved.get(i);
    if (!image) resolved.set(i, (image = resolveImage(c.image, repos)));
    // An image the repository says the node held from the start (presentOn) is in its store too.
    const has = present.has(image.name) || (image.behavior.presentOn?.includes(node.metadata.name ?? '') ?? false);
    const envs = (made[i] ??= [undefined, undefined]);
    const known = envs[has ? 1 : 0];
    if (known) return known;
    const env: ContainerEnv = {
      spec: c,
      image,
      imagePresent: has,
      restartPolicy: spec.restartPolicy ?? 'Always',
      podDeleting: deleting,
      podRef,
      envNames: containerEnvNames(c, lookup),
      newContainerId: () => newContainerId(ctx),
      reservePull: (nowMs, baseMs) => {
        const key = `pulls:${node.metadata.name ?? ''}`;
        const jitter = image.behavior.pullJitterPercent ?? 0;
        // The pull's draw (spread.ts): the pod's, of this container's pull at this instant.
        const r = reservePull(ctx.state.get<PullQueueState>(key), image.name, nowMs, baseMs, jitter, () => spreadDraw(`${mem.uid}/${c.name}/pull/${nowMs}`));
        ctx.state.set(key, r.state);
        return { pullMs: r.pullMs, waitMs: r.waitMs };
      },
    };
    envs[has ? 1 : 0] = env;
    return env;
  };
}

/** The node's pod IP allocator, one kubelet-memory entry per address in use. */
function ipamStore(ctx: ControllerContext, node: string): IpamStore {
  const key = (ip: string) => `ipam:${node}:${ip}`;
  return {
    last: () => ctx.state.get<string>(`ipam-last:${node}`),
    owner: (ip) => ctx.state.get<string>(key(ip)),
    take: (ip, uid) => {
      ctx.state.set(key(ip), uid);
      ctx.state.set(`ipam-last:${node}`, ip);
    },
    release: (ip) => ctx.state.delete(key(ip)),
  };
}

function releasePodIp(ctx: ControllerContext, mem: PodMemory): void {
  if (mem.podIP) ipamStore(ctx, mem.node).release(mem.podIP);
}

/** Drops everything the kubelet remembers about a pod. */
function forget(ctx: ControllerContext, key: string, mem: PodMemory): void {
  releasePodIp(ctx, mem);
  ctx.state.delete(`pod:${key}`);
  forgetLegacyWake(ctx, key, mem);
}

/** Drops the wake-up entry of a memory an older kubemu kept (see PodMemory.wakeMs). */
function forgetLegacyWake(ctx: ControllerContext, key: string, mem: PodMemory): void {
  if (mem.wakeMs === undefined) ctx.state.delete(`${LEGACY_WAKE_PREFIX}${key}`);
}

/** The memory of a pod admitted again after its machine's boot (see syncPod); undefined for a finished pod. */
function afterReboot(ctx: ControllerContext, key: string, pod: Pod, was: PodMemory, now: number): PodMemory | undefined {
  forget(ctx, key, was);
  const fresh = admit(ctx, pod, now);
  if (!fresh) return undefined;
  const containers = fresh.containers.map((c, i) => {
    const before = was.containers[i];
    return before && before.name === c.name ? { ...c, restartCount: before.restartCount + (before.instance ? 1 : 0) } : c;
  });
  return { ...fresh, containers };
}

/**
 * A new pod for this node: its memory, with every container waiting for the sandbox. Finished pods
 * are not started. Its start spread (spread.ts, the largest startJitterMilliseconds of its images):
 * the sandbox is up SANDBOX_MS after now, plus the worker's delay and the sandbox's own part.
 */
function admit(ctx: ControllerContext, pod: Pod, now: number): PodMemory | undefined {
  const spec = pod.spec ?? {};
  if (isPodPhaseTerminal(podPhase(pod)) || !spec.nodeName) return undefined;
  const uid = pod.metadata.uid ?? '';
  const spread = startSpread(uid, startJitterMs(ctx, spec));
  const sandboxDueMs = now + spread.workerDelayMs + SANDBOX_MS + spread.sandboxExtraMs;
  return {
    uid,
    node: spec.nodeName,
    firstSeenMs: now,
    sandboxDueMs,
    sandboxReady: false,
    deleting: false,
    containers: (spec.containers ?? []).map((c) => newContainerMemory(c.name, sandboxDueMs)),
    wakeMs: null,
  };
}

/** The pod's start jitter: the largest of its containers' images'. */
function startJitterMs(ctx: ControllerContext, spec: PodSpec): number {
  const containers = spec.containers ?? [];
  if (containers.length === 0) return 0;
  const repos = ctx.api.listShared(IMAGE_REPOSITORIES, undefined);
  let most = 0;
  for (const c of containers) most = Math.max(most, resolveImage(c.image ?? '', repos).behavior.startJitterMilliseconds ?? 0);
  return most;
}

function syncPod(key: string, ctx: ControllerContext, everyTick: boolean): void {
  const { namespace, name } = splitKey(key);
  const stateKey = `pod:${key}`;
  const found = ctx.api.tryGet(PODS, namespace, name);
  const pod = found && asPod(found);
  // Peeked: the kubelet's steps copy the memory and set what they change (lifecycle.ts), never change it.
  let mem: PodMemory | undefined = ctx.state.peek<PodMemory>(stateKey);
  if (mem && (!pod || pod.metadata.uid !== mem.uid)) {
    forget(ctx, key, mem);
    mem = undefined;
  }
  if (!pod) return;
  const spec = pod.spec ?? {};
  if (!spec.nodeName) return;
  const foundNode = ctx.api.tryGet(NODES, undefined, spec.nodeName);
  if (!foundNode) return; // no kubelet runs for a node that does not exist
  const machine = machineOf(currentMachines(ctx.api.store), spec.nodeName);
  // A Node made through the API has no kubelet; a machine that is off drives nothing (its
  // containers' progress stops; a deleted pod stays Terminating) until it comes up.
  if (!machine || !isRunning(machine)) return;
  const node = asNode(foundNode);
  const now = ctx.clock.now();
  // Admitted before the machine's last boot: its containers died with the machine. The
  // kubelet starts the pod over from its sandbox, each container that had run counting a restart.
  if (mem && mem.firstSeenMs < machine.bootMs) mem = afterReboot(ctx, key, pod, mem, now);
  const deleting = Boolean(pod.metadata.deletionTimestamp);
  const specs = spec.containers ?? [];

  if (!mem) {
    // Nothing to stop: a pod that never started here, or one that has finished, goes at once.
    if (deleting) {
      ctx.api.finishDeletion(PODS, namespace, name);
      return;
    }
    mem = admit(ctx, pod, now);
    if (!mem) return;
  }
  if (deleting && !mem.deleting && !everStarted(mem) && !startInFlight(mem)) {
    forget(ctx, key, mem);
    ctx.api.finishDeletion(PODS, namespace, name);
    return;
  }

  // The sandbox: its network comes up with the pod IP (also when the pod is being deleted while
  // its start, which began with the sandbox, is still under way).
  if (!mem.sandboxReady && (!deleting || startInFlight(mem)) && now >= (mem.sandboxDueMs ?? mem.firstSeenMs + SANDBOX_MS)) {
    const ip = allocateIp(nodePodCIDR(node), ipamStore(ctx, mem.node), mem.uid);
    if (ip) mem = { ...mem, sandboxReady: true, podIP: ip };
    else if (mem.containers.some((c) => c.phase === 'Creating')) mem = sandboxFailed(ctx, pod, node, mem, deleting, now);
  }

  const imagesKey = `images:${mem.node}`;
  const images = new Set(ctx.state.peek<string[]>(imagesKey) ?? []);
  const envFor = containerEnvs(ctx, pod, node, mem, ctx.api.listShared(IMAGE_REPOSITORIES, undefined));
  const input: PodSyncInput = {
    mem,
    envFor,
    images,
    podIP: mem.podIP ?? '',
    podGraceSeconds: spec.terminationGracePeriodSeconds ?? 30,
    nowMs: now,
    everyTick,
  };
  if (!everyTick) input.writableFromMs = writableFrom(ctx, kubeletSource(pod, mem));
  if (pod.metadata.deletionGracePeriodSeconds !== undefined) input.deletionGraceSeconds = pod.metadata.deletionGracePeriodSeconds;
  const plan = planPodSync(input, deleting);
  mem = plan.mem;

  // Act: events (folded resyncs' first, at their own times), the node's image store, the status, the final delete.
  const host = mem.node;
  ctx.events.recordAll(
    inTimeOrder(plan.events, now).map((e) => ({
      event: {
        involved: pod,
        fieldPath: `spec.containers{${e.container}}`,
        type: e.type,
        reason: e.reason,
        message: e.message,
        component: KUBELET_COMPONENT,
        host,
      },
      ...(e.atMs === undefined ? {} : { atMs: e.atMs }),
    })),
  );
  if (plan.pulled.length) ctx.state.set(imagesKey, [...images, ...plan.pulled].sort());

  const finished = allDone(mem);
  // A pod that is done for good gives its sandbox (and IP) back; the status keeps showing the IP.
  if (finished && mem.sandboxReady) mem = { ...mem, sandboxReady: false };
  const status = buildPodStatus(pod, mem, specs, nodeInternalIP(node), spec.restartPolicy ?? 'Always', now);
  // The revision of this sync's status write, remembered in the memory kept (PodMemory.writtenRv).
  let writtenRv: string | undefined;
  if (!sameStatus(status, pod.status && objectJson(pod.status))) {
    // Built for this write (buildPodStatus): the server keeps it as the stored pod's status.
    writtenRv = ctx.api.updateStatus(PODS, { ...pod, status }, { builtForWrite: true }).metadata.resourceVersion;
  }
  if (finished) {
    // The sandbox is gone: its IP goes back to the node (the status keeps showing it).
    releasePodIp(ctx, mem);
    if (deleting) {
      ctx.state.delete(stateKey);
      forgetLegacyWake(ctx, key, mem);
      ctx.api.finishDeletion(PODS, namespace, name);
    } else {
      ctx.state.keep(stateKey, withWritten(mem, writtenRv));
    }
    return;
  }
  ctx.state.keep(stateKey, wakeAt(ctx, key, mem, plan.nextDueMs, now, writtenRv));
}

/** The memory with the revision of the sync's status write, if it wrote one. */
function withWritten(mem: PodMemory, writtenRv: string | undefined): PodMemory {
  return writtenRv === undefined ? mem : { ...mem, writtenRv };
}

/**
 * The plan's events in time order (an event without times is now; ties keep the plan's order).
 * Mostly in order already (the folded resyncs of one container, then its step): sorted only when
 * not, one entry per time then.
 */
function inTimeOrder(events: readonly ContainerEvent[], now: number): readonly ContainerEvent[] {
  if (isInTimeOrder(events, now)) return events;
  const single = events.flatMap((e) => (e.atMs ? e.atMs.map((t) => ({ ...e, atMs: [t] })) : [e]));
  const at = (e: ContainerEvent) => e.atMs?.[0] ?? now;
  return single.map((e, i) => ({ e, i })).sort((a, b) => at(a.e) - at(b.e) || a.i - b.i).map(({ e }) => e);
}

function isInTimeOrder(events: readonly ContainerEvent[], now: number): boolean {
  let last = -Infinity;
  for (const e of events) {
    if (e.atMs === undefined) {
      if (now < last) return false;
      last = now;
      continue;
    }
    for (const t of e.atMs) {
      if (t < last) return false;
      last = t;
    }
  }
  return true;
}

/**
 * The sandbox's network could not be set up (no address to give: the node has no valid
 * podCIDR, or every address of it is in use). As a kubelet does, the pod stays
 * ContainerCreating with a FailedCreatePodSandBox warning and the sandbox is tried again at the
 * pod worker's next resync; a pod being deleted meanwhile has nothing to stop and is done.
 */
function sandboxFailed(ctx: ControllerContext, pod: Pod, node: Node, mem: PodMemory, deleting: boolean, now: number): PodMemory {
  if (deleting) {
    return { ...mem, containers: mem.containers.map((c) => (c.phase === 'Creating' ? withoutDue({ ...c, phase: 'Done' }) : c)) };
  }
  const cidr = nodePodCIDR(node);
  const range = cidrRange(cidr);
  const cause = range ? msg.noAddressesInRange(intToIp(range.first), intToIp(range.last)) : msg.noPodCidr(node.metadata.name ?? '', cidr);
  ctx.events.record({
    involved: pod,
    type: 'Warning',
    reason: msg.REASON.FailedCreatePodSandBox,
    message: msg.failedCreateSandbox(newContainerId(ctx).slice('containerd://'.length), cause),
    component: KUBELET_COMPONENT,
    host: mem.node,
  });
  return {
    ...mem,
    containers: mem.containers.map((c) => (c.phase === 'Creating' ? { ...c, dueMs: now + WORKER_RESYNC_MS } : c)),
  };
}

/**
 * Schedules the next sync, once per due time: syncs caused by watch events would otherwise
 * leave a timer each for the same instant. Returns the memory to keep, which remembers the due
 * time asked for (no entry of its own to read and write at every sync: 10,000 starting pods),
 * and the revision of the sync's status write if it wrote one.
 */
function wakeAt(ctx: ControllerContext, key: string, mem: PodMemory, dueMs: number | undefined, now: number, writtenRv: string | undefined): PodMemory {
  if (dueMs === undefined) return withWritten(mem, writtenRv);
  const legacy = mem.wakeMs === undefined ? legacyWakeMs(ctx, key) : undefined;
  const asked = mem.wakeMs ?? legacy ?? null;
  if (asked !== dueMs) ctx.requeueAfter(key, dueMs - now);
  // A memory an older kubemu kept takes its wake-up over now (what it asked for, when it was this one).
  if (mem.wakeMs === undefined && legacy !== undefined) ctx.state.delete(`${LEGACY_WAKE_PREFIX}${key}`);
  if (mem.wakeMs === dueMs) return withWritten(mem, writtenRv);
  // One copy with both (the members and their order of a copy with writtenRv, then one with
  // wakeMs): a copy of a memory costs a microsecond, its shapes being many.
  return writtenRv === undefined ? { ...mem, wakeMs: dueMs } : { ...mem, writtenRv, wakeMs: dueMs };
}

/** The wake-up an older kubemu kept for the pod in an entry of its own (its JSON: a number), if any. */
function legacyWakeMs(ctx: ControllerContext, key: string): number | undefined {
  const text = ctx.state.text(`${LEGACY_WAKE_PREFIX}${key}`);
  return text === undefined ? undefined : Number(text);
}
