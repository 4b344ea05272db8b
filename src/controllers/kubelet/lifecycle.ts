import type { ResolvedImage } from '../../images/registry.js';
import { pullDecision } from '../../images/registry.js';
import { inBackoffSince, inBackoffSinceUpdate, nextBackoff } from './backoff.js';
import { withoutDue, type ContainerMemory, type ContainerPhase, type StopCause, type StopState } from './memory.js';
import * as msg from './messages.js';
import { firstProbeMs, PROBE_KINDS } from './probes.js';
import type { Container, Probe } from '../../api/core/v1/container.js';
import { planStop, preStopHook, SIGTERM_EXIT_CODE } from './termination.js';

/**
 * The container lifecycle as data (CONVENTIONS 11, after kwok's stages): for each phase, the
 * rows say what happens when the phase's time is up — the first row whose guard holds wins —
 * which events the kubelet records, what else changes (effect), and the next phase. DELAYS says
 * how long each phase lasts once entered.
 *
 * The hello pod, image on the node, created at 0, without start spread (spread.ts; with the
 * default startJitterMilliseconds 300 the sandbox is up 0 to 600 ms later, on a 100 ms grid):
 *   0     Creating           (sandbox, 1 s)                      STATUS ContainerCreating
 *   1 s   Starting → Running Pulled (already present), Created, Started
 *   5 s   startup probe passes, readiness passes → Ready          STATUS Running 1/1
 * The same with a pull: Pulling at 1 s, Pulled/Created/Started at 2 s, Ready at 6 s.
 *
 * A tag the registry lacks, first pull at 1 s (see backoff.ts for the doubling):
 *   1 s ErrImagePull, 2 s ImagePullBackOff (the sandbox's relist), 12 s ErrImagePull (back-off
 *   10 s over), 22 s ImagePullBackOff, 32 s ErrImagePull (20 s), 42 s … 72 s ErrImagePull (40 s) …
 *
 * A deletion does not stop a start under way: upstream's pod worker cancels the context of the
 * sync in progress, but the kubelet hands the runtime's SyncPod a context without cancellation
 * (kubelet.go SyncPod: context.WithoutCancel), so sandbox, pull, create and start run to their
 * end; the terminating sync that follows stops what runs (pod-sync.ts). Deleted at 0.5 s, the pod
 * above pulls (waiting for the node's pull under way, pull-queue.ts), starts and is then stopped
 * as any running container (Killing, preStop, SIGTERM). A pull that fails ends the start: no
 * back-off and no retry for a pod being deleted (it goes once its sandbox is down).
 */

/** Creating the pod sandbox (network namespace, pause container) takes this long. */
export const SANDBOX_MS = 1000;
/** PLEG relist period: the kubelet notices a container's exit (or a new sandbox) this much later. */
export const RELIST_MS = 1000;
/** A pod whose sync failed (ErrImagePull, back-offs) is synced again this much later (pod workers' backOffPeriod). */
export const WORKER_RESYNC_MS = 10_000;

/** What one container's steps depend on, gathered by the controller before it plans. */
export interface ContainerEnv {
  spec: Container;
  image: ResolvedImage;
  /** the node has the image */
  imagePresent: boolean;
  restartPolicy: string;
  /** the pod has a deletionTimestamp */
  podDeleting: boolean;
  /** format.Pod of the pod: name_namespace(uid) */
  podRef: string;
  /** the environment variables the container gets */
  envNames: readonly string[];
  /** a fresh containerd container ID */
  newContainerId: () => string;
  /**
   * Takes the node's next image-pull slot (the kubelet pulls one image at a time:
   * serializeImagePulls) for a pull that would take baseMs on its own.
   */
  reservePull: (nowMs: number, baseMs: number) => { pullMs: number; waitMs: number };
}

/** An event the kubelet records about the container. */
export interface KubeletEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

type Guard = (c: ContainerMemory, env: ContainerEnv, nowMs: number) => boolean;
type EventKey = keyof typeof EVENTS;
type EffectKey = keyof typeof EFFECTS;

export interface Step {
  from: readonly ContainerPhase[];
  when: Guard;
  events: readonly EventKey[];
  effect?: EffectKey;
  to: ContainerPhase;
}

const always: Guard = () => true;
const GUARDS = {
  /** the pod is being deleted: no more pulls or pull back-offs */
  podDeleting: ((c, env) => env.podDeleting) as Guard,
  /** imagePullPolicy Never, and the node lacks the image */
  neverPullMissing: ((c, env) => pullDecision(policyOf(env), env.imagePresent) === 'never-missing') as Guard,
  /** no pull needed: the node has the image and the policy is not Always */
  imageUsable: ((c, env) => pullDecision(policyOf(env), env.imagePresent) === 'present') as Guard,
  tagExists: ((c, env) => env.image.exists) as Guard,
  /** IsInBackOffSinceUpdate on the pull back-off */
  inPullBackoff: ((c, _env, now) => inBackoffSinceUpdate(c.pullBackoff, now)) as Guard,
  /** the container stays down: the pod is going away, or the restart policy says so */
  noRestart: ((c, env) => !shouldRestart(c, env)) as Guard,
  /** the stop's preStop hook has failed by now and FailedPreStopHook is yet to be recorded */
  preStopFailed: ((c, _env, now) => c.stopping?.hookFailsAtMs !== undefined && c.stopping.hookFailsAtMs <= now) as Guard,
  /** IsInBackOffSince(finishedAt) on the restart back-off */
  inCrashBackoff: ((c, _env, now) => inBackoffSince(c.crashBackoff, c.terminated?.finishedMs ?? now, now)) as Guard,
};

/** The table. Rows for one phase are tried in order. */
export const STEPS: readonly Step[] = [
  { from: ['Creating'], when: always, events: [], to: 'Starting' },
  { from: ['Starting'], when: GUARDS.neverPullMissing, events: ['neverPull', 'errorNeverPull'], to: 'ErrImageNeverPull' },
  { from: ['Starting'], when: GUARDS.imageUsable, events: ['pulledPresent', 'created', 'started'], effect: 'start', to: 'Running' },
  { from: ['Starting'], when: always, events: ['pulling'], effect: 'startPull', to: 'Pulling' },
  { from: ['Pulling'], when: GUARDS.tagExists, events: ['pulled', 'created', 'started'], effect: 'pulledAndStart', to: 'Running' },
  { from: ['Pulling'], when: always, events: ['failedPull', 'errorErrImagePull'], effect: 'pullFailed', to: 'ErrImagePull' },
  { from: ['ErrImagePull', 'ImagePullBackOff'], when: GUARDS.podDeleting, events: [], to: 'Done' },
  {
    from: ['ErrImagePull', 'ImagePullBackOff'],
    when: GUARDS.inPullBackoff,
    events: ['backOffPull', 'errorImagePullBackOff'],
    effect: 'pullBackOff',
    to: 'ImagePullBackOff',
  },
  { from: ['ErrImagePull', 'ImagePullBackOff'], when: always, events: [], to: 'Starting' },
  { from: ['Stopping'], when: GUARDS.preStopFailed, events: ['failedPreStop'], effect: 'preStopFailed', to: 'Stopping' },
  { from: ['Running', 'Stopping'], when: always, events: [], effect: 'exit', to: 'Exited' },
  { from: ['Exited', 'CrashLoopBackOff'], when: GUARDS.noRestart, events: [], to: 'Done' },
  { from: ['Exited', 'CrashLoopBackOff'], when: GUARDS.inCrashBackoff, events: ['backOffRestart'], effect: 'crashBackOff', to: 'CrashLoopBackOff' },
  { from: ['Exited', 'CrashLoopBackOff'], when: always, events: [], effect: 'restart', to: 'Starting' },
];

/** How long a phase lasts once entered (ms from now); undefined: until something else happens. */
export const DELAYS: Record<ContainerPhase, (c: ContainerMemory, env: ContainerEnv, nowMs: number) => number | undefined> = {
  Creating: () => SANDBOX_MS,
  Starting: () => 0,
  // A missing tag fails as soon as the registry answers.
  Pulling: (c, env) => (env.image.exists ? (c.pull ? c.pull.waitMs + c.pull.pullMs : env.image.behavior.pullSeconds * 1000) : 0),
  // The first failure is looked at again when the relist sees the new sandbox; later ones at the
  // worker's resync. For a pod being deleted the failed start ends the sync and the terminating
  // one, already waiting, follows at once.
  ErrImagePull: (c, env) => (env.podDeleting ? 0 : c.pullFailures === 1 ? RELIST_MS : WORKER_RESYNC_MS),
  ImagePullBackOff: () => WORKER_RESYNC_MS,
  ErrImageNeverPull: () => undefined,
  Running: (c, _env, now) => (c.instance?.exitAtMs === undefined ? undefined : Math.max(0, c.instance.exitAtMs - now)),
  // Set by kill() from the stop plan (the hook's failure, else the exit), and by preStopFailed.
  Stopping: (c, _env, now) => (c.dueMs === undefined ? undefined : Math.max(0, c.dueMs - now)),
  // Stopped for a deletion: the pod worker waited for it, nothing to relist.
  Exited: (_c, env) => (env.podDeleting ? 0 : RELIST_MS),
  // BackOff is recorded again at every resync until the back-off is over.
  CrashLoopBackOff: (c, _env, now) => {
    const restartAt = (c.terminated?.finishedMs ?? now) + (c.crashBackoff?.delayMs ?? 0);
    return Math.max(0, Math.min(restartAt - now, WORKER_RESYNC_MS));
  },
  Done: () => undefined,
};

function policyOf(env: ContainerEnv): string {
  return env.spec.imagePullPolicy ?? 'IfNotPresent';
}

function shouldRestart(c: ContainerMemory, env: ContainerEnv): boolean {
  if (env.podDeleting) return false;
  if (env.restartPolicy === 'Never') return false;
  if (env.restartPolicy === 'OnFailure') {
    // A container killed for a failed probe is restarted under OnFailure whatever its exit code.
    return (c.terminated?.exitCode ?? 0) !== 0 || c.stopping?.cause === 'liveness' || c.stopping?.cause === 'startup';
  }
  return true;
}

const EVENTS = {
  pulledPresent: (_c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({ type: 'Normal', reason: msg.REASON.Pulled, message: msg.imagePresent(env.spec.image) }),
  pulling: (_c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({ type: 'Normal', reason: msg.REASON.Pulling, message: msg.pullingImage(env.spec.image) }),
  pulled: (c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({
    type: 'Normal',
    reason: msg.REASON.Pulled,
    message: msg.pulledImage(
      env.spec.image,
      c.pull?.pullMs ?? env.image.behavior.pullSeconds * 1000,
      (c.pull?.pullMs ?? env.image.behavior.pullSeconds * 1000) + (c.pull?.waitMs ?? 0),
      env.image.sizeBytes,
    ),
  }),
  failedPull: (_c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({
    type: 'Warning',
    reason: msg.REASON.Failed,
    message: msg.failedToPull(env.spec.image, msg.notFoundError(env.spec.image)),
  }),
  errorErrImagePull: (): KubeletEvent => ({ type: 'Warning', reason: msg.REASON.Failed, message: msg.startError('ErrImagePull') }),
  backOffPull: (_c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({ type: 'Normal', reason: msg.REASON.BackOff, message: msg.backOffPulling(env.spec.image) }),
  errorImagePullBackOff: (): KubeletEvent => ({ type: 'Warning', reason: msg.REASON.Failed, message: msg.startError('ImagePullBackOff') }),
  neverPull: (_c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({
    type: 'Warning',
    reason: msg.REASON.ErrImageNeverPull,
    message: msg.imageNeverPull(env.spec.image),
  }),
  errorNeverPull: (): KubeletEvent => ({ type: 'Warning', reason: msg.REASON.Failed, message: msg.startError('ErrImageNeverPull') }),
  created: (c: ContainerMemory): KubeletEvent => ({ type: 'Normal', reason: msg.REASON.Created, message: msg.createdContainer(c.name) }),
  started: (c: ContainerMemory): KubeletEvent => ({ type: 'Normal', reason: msg.REASON.Started, message: msg.startedContainer(c.name) }),
  failedPreStop: (): KubeletEvent => ({ type: 'Warning', reason: msg.REASON.FailedPreStopHook, message: msg.PRESTOP_HOOK_FAILED }),
  backOffRestart: (c: ContainerMemory, env: ContainerEnv): KubeletEvent => ({
    type: 'Warning',
    reason: msg.REASON.BackOff,
    message: msg.backOffRestarting(c.name, env.podRef),
  }),
};

/** The variables the app needs but does not get. */
export function missingEnv(required: readonly string[], given: readonly string[]): string[] {
  const have = new Set(given);
  return required.filter((n) => !have.has(n));
}

function start(c: ContainerMemory, env: ContainerEnv, now: number): ContainerMemory {
  const b = env.image.behavior;
  let exitAtMs: number | undefined;
  let exitCode = b.exitCode;
  const missing = missingEnv(b.requiredEnv, env.envNames);
  if (missing.length) {
    // The app refuses to start without its configuration: exit 1 at once.
    exitAtMs = now;
    exitCode = 1;
  } else if (b.exitAfterSeconds > 0) {
    exitAtMs = now + b.exitAfterSeconds * 1000;
  } else if (b.exitCode !== 0) {
    exitAtMs = now;
  }
  const probes: ContainerMemory['probes'] = {};
  for (const kind of PROBE_KINDS) {
    const p = probeSpec(env.spec, kind);
    if (p) probes[kind] = { nextMs: firstProbeMs(now, p), run: 0 };
  }
  const started = !env.spec.startupProbe;
  // The last run's leftovers go (left out of the copy rather than deleted: see memory.ts, withoutDue).
  const { waitingMessage: _waiting, terminated: _terminated, stopping: _stopping, ...rest } = c;
  return {
    ...rest,
    instance: {
      containerId: env.newContainerId(),
      image: env.image.name,
      imageId: env.image.imageId,
      startedMs: now,
      behavior: b,
      exitCode,
      ...(exitAtMs === undefined ? {} : { exitAtMs }),
      ...(missing.length ? { missingEnv: missing } : {}),
    },
    started,
    ready: started && !env.spec.readinessProbe,
    probes,
  };
}

const EFFECTS = {
  start,
  startPull: (c: ContainerMemory, env: ContainerEnv, now: number): ContainerMemory =>
    env.image.exists ? { ...c, pull: env.reservePull(now, env.image.behavior.pullSeconds * 1000) } : c,
  pulledAndStart: (c: ContainerMemory, env: ContainerEnv, now: number): ContainerMemory => start({ ...c, pullFailures: 0 }, env, now),
  pullFailed: (c: ContainerMemory, env: ContainerEnv, now: number): ContainerMemory => ({
    ...c,
    pullBackoff: nextBackoff(c.pullBackoff, now, now),
    pullFailures: c.pullFailures + 1,
    waitingMessage: msg.notFoundError(env.spec.image),
  }),
  pullBackOff: (c: ContainerMemory, env: ContainerEnv): ContainerMemory => ({ ...c, waitingMessage: msg.backOffPulling(env.spec.image) }),
  exit: (c: ContainerMemory, _env: ContainerEnv, now: number): ContainerMemory => {
    const inst = c.instance;
    const exitCode = c.stopping?.exitCode ?? inst?.exitCode ?? 0;
    return {
      ...c,
      terminated: {
        exitCode,
        reason: exitCode === 0 ? 'Completed' : 'Error',
        startedMs: inst?.startedMs ?? now,
        finishedMs: now,
        containerId: inst?.containerId ?? '',
        ...(c.stopping?.sigtermMs === undefined ? {} : { sigtermMs: c.stopping.sigtermMs }),
      },
      started: false,
      ready: false,
      probes: {},
    };
  },
  // FailedPreStopHook is recorded: the stop goes on to the exit (hookFailsAtMs left out of the copy, see memory.ts, withoutDue).
  preStopFailed: (c: ContainerMemory): ContainerMemory => {
    if (!c.stopping) return c;
    const { hookFailsAtMs: _recorded, ...stopping } = c.stopping;
    return stopping.exitAtMs === undefined ? { ...c, stopping } : { ...c, stopping, dueMs: stopping.exitAtMs };
  },
  crashBackOff: (c: ContainerMemory, env: ContainerEnv): ContainerMemory => ({
    ...c,
    waitingMessage: msg.crashLoopMessage(c.crashBackoff?.delayMs ?? 0, c.name, env.podRef),
  }),
  restart: (c: ContainerMemory, _env: ContainerEnv, now: number): ContainerMemory => {
    // The exit becomes lastState (left out of the copy rather than deleted: see memory.ts, withoutDue).
    const { terminated, stopping: _stopping, waitingMessage: _waiting, ...rest } = c;
    const next: ContainerMemory = {
      ...rest,
      crashBackoff: nextBackoff(c.crashBackoff, terminated?.finishedMs ?? now, now),
      restartCount: c.restartCount + 1,
    };
    if (terminated) next.last = terminated;
    // The run that ended, for `logs --previous`: only when its image prints anything (the memory is
    // written at every step of a crash loop; an image without `logs:` has nothing to show).
    if (terminated && c.instance?.behavior.logs !== undefined) next.lastInstance = c.instance;
    else if (next.lastInstance) {
      const { lastInstance: _gone, ...without } = next;
      return without;
    }
    return next;
  },
};

export function probeSpec(spec: Container, kind: 'startup' | 'readiness' | 'liveness'): Probe | undefined {
  return kind === 'startup' ? spec.startupProbe : kind === 'readiness' ? spec.readinessProbe : spec.livenessProbe;
}

/** Puts a container into a phase, with that phase's due time. */
export function enter(c: ContainerMemory, phase: ContainerPhase, env: ContainerEnv, now: number): ContainerMemory {
  const next: ContainerMemory = { ...c, phase };
  const delay = DELAYS[phase](next, env, now);
  if (delay === undefined) return withoutDue(next);
  next.dueMs = now + delay;
  return next;
}

export interface StepResult {
  c: ContainerMemory;
  events: KubeletEvent[];
  /** an image the node now has */
  pulledImage?: string;
}

/** The table's rows by the phase they start from, in table order (a sync asks for a row many times: each folded resync). */
const ROWS_FROM = new Map<ContainerPhase, readonly Step[]>();
for (const step of STEPS) for (const phase of step.from) ROWS_FROM.set(phase, [...(ROWS_FROM.get(phase) ?? []), step]);

/** The row of the step that is due for the container's phase at now (the first whose guard holds). */
export function stepFor(c: ContainerMemory, env: ContainerEnv, now: number): Step | undefined {
  const rows = ROWS_FROM.get(c.phase);
  if (!rows) return undefined;
  for (const s of rows) if (s.when(c, env, now)) return s;
  return undefined;
}

/** Runs the step that is due for the container's phase (the first row whose guard holds). */
export function runStep(c: ContainerMemory, env: ContainerEnv, now: number): StepResult {
  const step = stepFor(c, env, now);
  if (!step) return { c: withoutDue(c), events: [] };
  const events = step.events.map((k) => EVENTS[k](c, env));
  const changed = step.effect ? EFFECTS[step.effect](c, env, now) : c;
  const result: StepResult = { c: enter(changed, step.to, env, now), events };
  if (step.effect === 'pulledAndStart') result.pulledImage = env.image.name;
  return result;
}

/**
 * Stops a running container (pod deletion, failed liveness or startup probe): Killing event,
 * then the stop plan of termination.ts decides when the preStop hook fails, if it does, and
 * when the container exits and with which code. Those are the only instants due: SIGTERM and
 * SIGKILL change nothing anyone sees until the exit.
 */
export function kill(
  c: ContainerMemory,
  cause: StopCause,
  graceSeconds: number,
  env: ContainerEnv,
  now: number,
): StepResult {
  const inst = c.instance;
  const b = inst?.behavior;
  // (A container an older kubemu started keeps the behavior of then, without sigtermExitCode.)
  const sigtermExitCode = b?.sigtermExitCode ?? SIGTERM_EXIT_CODE;
  const own = inst?.exitAtMs === undefined ? undefined : { afterMs: inst.exitAtMs - now, exitCode: inst.exitCode };
  const plan = planStop(graceSeconds, preStopHook(env.spec.lifecycle), b?.stopSeconds ?? 0, sigtermExitCode, own);
  const message = cause === 'deletion' ? msg.stoppingContainer(c.name) : msg.failedProbeRestart(c.name, cause);
  const exitAtMs = now + plan.exitAfterMs;
  const stopping: StopState = { cause, exitCode: plan.exitCode, exitAtMs };
  if (plan.hookFailsAfterMs !== undefined) stopping.hookFailsAtMs = now + plan.hookFailsAfterMs;
  // SIGTERM reaches the app only if it still runs when the hook is done (an app exiting by itself
  // first never gets it: its log ends with its crash lines, not its stop lines).
  if (plan.exitAfterMs >= plan.sigtermAfterMs) stopping.sigtermMs = now + plan.sigtermAfterMs;
  const next: ContainerMemory = {
    ...c,
    phase: 'Stopping',
    dueMs: stopping.hookFailsAtMs ?? exitAtMs,
    stopping,
    probes: {},
  };
  return { c: next, events: [{ type: 'Normal', reason: msg.REASON.Killing, message }] };
}
