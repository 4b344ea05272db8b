import type { ContainerMemory, PodMemory } from './memory.js';
import { enter, kill, runStep, type ContainerEnv, type KubeletEvent } from './lifecycle.js';
import { nextProbeMs, runDueProbe } from './probing.js';
import { nextEventfulProbeMs, skipQuietTicks } from './quiet-ticks.js';
import { eventfulDueMs, foldQuietResyncsEach, mayFoldResyncs } from './quiet-resyncs.js';
import { eventfulProbeTickMs, foldDroppedProbeTick } from './dropped-probe-ticks.js';

/**
 * One kubelet sync of a pod, as a pure plan: brings every container's memory up to `now` (each
 * due lifecycle step and probe tick in time order) and says what the kubelet must do about it —
 * events to record and images the node now has. The controller then acts: records the events,
 * writes the status, finishes a deletion.
 */

export interface ContainerEvent extends KubeletEvent {
  container: string;
  /**
   * A folded resync's or dropped probe tick's event (quiet-resyncs.ts, dropped-probe-ticks.ts),
   * recorded late: once at each of these times, in order (the same event folded again and again
   * is one entry: a crash-looping pod folds ~30 BackOff resyncs per restart). Undefined: once, now.
   */
  atMs?: number[];
}

/**
 * Adds a late event at atMs: to the last entry when that is the same event of the same container
 * (the sequence of events stays exactly what one entry per time would be), else as a new one.
 */
function pushLate(events: ContainerEvent[], e: KubeletEvent, container: string, atMs: number): void {
  const last = events[events.length - 1];
  if (last?.atMs && last.container === container && last.reason === e.reason && last.message === e.message && last.type === e.type) last.atMs.push(atMs);
  else events.push({ type: e.type, reason: e.reason, message: e.message, container, atMs: [atMs] });
}

export interface PodSyncInput {
  mem: PodMemory;
  /** builds a container's environment; imagePresent reflects pulls finished earlier in this sync */
  envFor: (index: number, images: ReadonlySet<string>) => ContainerEnv;
  /** images on the node before the sync */
  images: ReadonlySet<string>;
  podIP: string;
  /** spec.terminationGracePeriodSeconds, the grace of probe kills */
  podGraceSeconds: number;
  /** metadata.deletionGracePeriodSeconds once the pod is being deleted */
  deletionGraceSeconds?: number;
  nowMs: number;
  /** every probe tick is a step, quiet or not (the stepping quiet-ticks.ts replaces, kept to check against) */
  everyTick?: boolean;
  /**
   * Every kubelet event about the pod recorded before this instant is dropped by the spam filter
   * (EventRecorder.firstWrittenMs): the back-off resyncs before it are folded (quiet-resyncs.ts).
   * Undefined: every resync is a step. Asked only when a back-off resync or a probe tick needs
   * it (memoized by the caller): a pod whose containers run without probes never does (most of
   * 10,000 pods starting), and the recorder's memory of the pod is then not read for it.
   */
  writableFromMs?: () => number;
}

export interface PodSyncPlan {
  mem: PodMemory;
  events: ContainerEvent[];
  /** images pulled during this sync */
  pulled: string[];
  /** the next moment something is due, if anything is */
  nextDueMs?: number;
}

/** A guard against a step table that would loop without time passing. */
const MAX_STEPS_PER_SYNC = 1000;

/**
 * Phases in which the pod worker is in the middle of starting a container: a deletion waits
 * for the start to finish — the sandbox, the pull (also one waiting for the node's pull under
 * way), the create and start — then stops the container like any running one (upstream: the
 * runtime's SyncPod runs without cancellation, see lifecycle.ts; the article's stray pod is
 * still Terminating seconds after its ReplicaSet deleted it). A failed pull is not retried: such
 * a pod goes once its sandbox is down, with no more events.
 */
const IN_FLIGHT: ReadonlySet<ContainerMemory['phase']> = new Set(['Creating', 'Starting', 'Pulling']);

/** Whether some container is being started right now. */
export function startInFlight(mem: PodMemory): boolean {
  return mem.containers.some((c) => IN_FLIGHT.has(c.phase));
}

function stopForDeletion(c: ContainerMemory, input: PodSyncInput, env: ContainerEnv, now: number, events: ContainerEvent[]): ContainerMemory {
  const r = kill(c, 'deletion', input.deletionGraceSeconds ?? input.podGraceSeconds, env, now);
  for (const e of r.events) events.push({ ...e, container: c.name });
  return r.c;
}

/**
 * The first time the pod is being deleted: running containers are stopped, containers being
 * started are stopped once they run, the rest are done.
 */
function startDeletion(input: PodSyncInput, images: ReadonlySet<string>, events: ContainerEvent[]): PodMemory {
  const containers = input.mem.containers.map((c, i): ContainerMemory => {
    const env = input.envFor(i, images);
    if (c.phase === 'Running') return stopForDeletion(c, input, env, input.nowMs, events);
    if (c.phase === 'Stopping' || IN_FLIGHT.has(c.phase)) return c;
    return enter(c, 'Done', env, input.nowMs);
  });
  return { ...input.mem, deleting: true, containers };
}

export function planPodSync(input: PodSyncInput, deleting: boolean): PodSyncPlan {
  const now = input.nowMs;
  const events: ContainerEvent[] = [];
  const pulled: string[] = [];
  // The node's images as of this sync's pulls: the input's own set until a pull adds one (then a
  // copy: the input is never changed), not a copy at every sync.
  let images: ReadonlySet<string> = input.images;
  let mem = input.mem;
  if (deleting && !mem.deleting) mem = startDeletion({ ...input, mem }, images, events);

  const containers = mem.containers.map((start, i) => {
    let c = start;
    // The container's environment as of the images the node has: asked again only when a pull
    // of this sync added one (images only grows), not at each of its steps.
    let known: ContainerEnv | undefined;
    let knownWith = -1;
    for (let n = 0; n < MAX_STEPS_PER_SYNC; n++) {
      const stepDue = c.dueMs !== undefined && c.dueMs <= now ? c.dueMs : undefined;
      const probeDue = nextProbeMs(c);
      if (known === undefined || knownWith !== images.size) {
        known = input.envFor(i, images);
        knownWith = images.size;
      }
      const env = known;
      if (stepDue !== undefined && (probeDue === undefined || stepDue <= probeDue)) {
        if (input.writableFromMs !== undefined && mayFoldResyncs(c)) {
          const name = c.name;
          const folded = foldQuietResyncsEach(c, env, now, input.writableFromMs(), (resync, atMs) => {
            for (const e of resync) pushLate(events, e, name, atMs);
          });
          if (folded !== c) {
            c = folded;
            continue;
          }
        }
        const r = runStep(c, env, now);
        for (const e of r.events) events.push({ ...e, container: c.name });
        if (r.pulledImage && !images.has(r.pulledImage)) {
          const more = new Set(images);
          more.add(r.pulledImage);
          images = more;
          pulled.push(r.pulledImage);
        }
        c = r.c;
        // A start that was under way when the deletion came: the container is stopped as soon
        // as it runs, and the kubelet never reports it ready.
        if (mem.deleting && c.phase === 'Running') c = { ...stopForDeletion(c, input, input.envFor(i, images), now, events), ready: false };
        continue;
      }
      if (probeDue !== undefined && probeDue <= now) {
        // Quiet ticks first (quiet-ticks.ts), all at once, up to the step due next (a step at
        // the same instant as a tick runs first).
        const skipped = input.everyTick ? c : skipQuietTicks(c, env.spec, stepDue === undefined ? now : stepDue - 1);
        if (skipped !== c) {
          c = skipped;
          continue;
        }
        const pc = { env, podIP: input.podIP, podGraceSeconds: input.podGraceSeconds };
        // Then a tick whose events the spam filter drops and that changes only the probe (dropped-probe-ticks.ts), at its own time.
        const dropped = input.writableFromMs === undefined ? undefined : foldDroppedProbeTick(c, pc, probeDue, input.writableFromMs());
        if (dropped) {
          for (const e of dropped.folded) pushLate(events, e, c.name, e.atMs);
          c = dropped.c;
          continue;
        }
        const r = runDueProbe(c, pc, now);
        if (!r) break;
        for (const e of r.events) events.push({ ...e, container: c.name });
        c = r.c;
        continue;
      }
      break;
    }
    return c;
  });
  mem = { ...mem, containers };
  let nextDueMs: number | undefined;
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i]!;
    // Woken for the ticks that may change something, not for the quiet ones.
    const env = input.envFor(i, images);
    const wf = input.writableFromMs;
    // (A container with no eventful tick ahead has no dropped one to walk past: eventfulProbeTickMs
    // would say undefined without asking wf.)
    const eventful = c.phase !== 'Running' || input.everyTick ? undefined : nextEventfulProbeMs(c, env.spec);
    const probeDue =
      c.phase !== 'Running'
        ? undefined
        : input.everyTick
          ? nextProbeMs(c)
          : wf === undefined || eventful === undefined
            ? eventful
            : eventfulProbeTickMs(c, env.spec, { env, podIP: input.podIP, podGraceSeconds: input.podGraceSeconds }, wf());
    // Nor for the back-off resyncs that will be quiet.
    const stepDue = wf === undefined || !mayFoldResyncs(c) ? c.dueMs : eventfulDueMs(c, env, wf());
    if (stepDue !== undefined && stepDue > now && (nextDueMs === undefined || stepDue < nextDueMs)) nextDueMs = stepDue;
    if (probeDue !== undefined && probeDue > now && (nextDueMs === undefined || probeDue < nextDueMs)) nextDueMs = probeDue;
  }
  const plan: PodSyncPlan = { mem, events, pulled };
  if (nextDueMs !== undefined) plan.nextDueMs = nextDueMs;
  return plan;
}

/** Every container is finished for good. */
export function allDone(mem: PodMemory): boolean {
  return mem.containers.every((c) => c.phase === 'Done');
}

/** Some container has run at least once (a pod that never started goes away at once). */
export function everStarted(mem: PodMemory): boolean {
  return mem.containers.some((c) => c.instance !== undefined);
}
