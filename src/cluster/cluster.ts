import { SqliteKeyspace } from '../storage/sqlite-keyspace.js';
import type { Keyspace } from '../storage/keyspace.js';
import { ClusterClock, type ClockSettings } from '../sim/clock.js';
import { CryptoRandom, type RandomSource, SeededRandom } from '../sim/random.js';
import { ApiServer } from '../apiserver/server.js';
import { bootstrapCluster } from './bootstrap.js';
import { SqliteTimers } from '../storage/sqlite-timers.js';
import type { TimerQueue } from '../storage/timers.js';
import { ControlPlane } from '../controllers/control-plane.js';
import { type ClockRequest, SettingsError, clockSettingsFrom } from './settings.js';
import { CorruptClusterFile, clusterFileError } from '../storage/cluster-file-errors.js';
import { type CatchUpProgress, type ProgressOutput, catchUpProgress } from './progress.js';
import type { ClusterLayout } from './layout.js';
import { KUBERNETES_VERSION } from '../controllers/kubelet/node-registration.js';
import { liveHeartbeats } from '../controllers/kubelet/live-heartbeats.js';

const SETTINGS_KEY = 'clock_settings';
/** meta: the Kubernetes version a cluster made with `cluster create --version` reports (absent: KUBERNETES_VERSION) */
const VERSION_KEY = 'kubernetes_version';
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;
const DEFAULT_CATCH_UP_MS = 3_000;

/** One open cluster: the keyspace file, its clock and randomness, and the API server over them. */
export interface Cluster {
  readonly path: string;
  readonly store: Keyspace;
  readonly clock: ClusterClock;
  readonly random: RandomSource;
  readonly api: ApiServer;
  readonly timers: TimerQueue;
  readonly controlPlane: ControlPlane;
  /**
   * Wall clock: the most real time one catch-up spends replaying what fell due for others
   * (KUBEMU_CATCH_UP_MS, default 3 s); the rest stays due for the next command.
   */
  readonly catchUpBudgetMs: number;
  /** A catch-up stopped `ms` behind the clock: one warning on stderr per command. */
  behind(ms: number): void;
  /** What a catch-up from `fromMs` to `targetMs` says while it runs (progress.ts); undefined: nothing. */
  progress(fromMs: number, targetMs: number): CatchUpProgress | undefined;
  /** the file cannot be written: commands read it as it is, and a write fails (ReadOnlyClusterFile) */
  readonly readOnly: boolean;
  close(): void;
}

export interface OpenOptions {
  env: NodeJS.ProcessEnv;
  /** settings for a cluster created by this call (`cluster create`); else from the environment */
  create?: ClockRequest;
  /** the nodes of a cluster created by this call (layout.ts); else the default three */
  layout?: ClusterLayout;
  realNow?: () => number;
  /** where a warning line goes (the command's stderr); none: dropped */
  warn?: (line: string) => void;
  /** where a long catch-up's progress goes (the command's stderr, when it is a terminal); none: nowhere */
  progress?: ProgressOutput;
}

/** Opens the cluster at path, creating a default cluster when the file is new or empty. */
export function openCluster(path: string, opts: OpenOptions): Cluster {
  const realNow = opts.realNow ?? Date.now;
  const store = new SqliteKeyspace(path);
  try {
    // How long a command waits for another process's write lock before it gives up.
    store.setLockTimeout(msFrom(opts.env, 'KUBEMU_LOCK_TIMEOUT_MS', DEFAULT_LOCK_TIMEOUT_MS));
    // A plain read first: opening an existing cluster takes no write lock, so a reader never
    // waits behind a writer (WAL readers see the last commit) and a file it cannot write opens.
    const saved = store.getMeta(SETTINGS_KEY);
    let settings: ClockSettings | undefined = saved === undefined ? undefined : parseSettings(path, saved);
    if (settings === undefined) {
      store.transaction(() => {
        // Another process may have created the cluster since the read.
        const again = store.getMeta(SETTINGS_KEY);
        if (again !== undefined) {
          settings = parseSettings(path, again);
          return;
        }
        settings = clockSettingsFrom(opts.create ?? {}, opts.env, realNow());
        store.setMeta(SETTINGS_KEY, JSON.stringify(settings));
        const cluster = assemble(path, store, settings, opts);
        if (opts.layout && opts.layout.version !== KUBERNETES_VERSION) store.setMeta(VERSION_KEY, opts.layout.version);
        bootstrapCluster(cluster.api, opts.layout);
      });
    }
    return assemble(path, store, settings!, opts);
  } catch (e) {
    store.close();
    throw clusterFileError(e, path);
  }
}

function parseSettings(path: string, saved: string): ClockSettings {
  let s: Partial<ClockSettings> | undefined;
  try {
    s = JSON.parse(saved) as Partial<ClockSettings>;
  } catch {
    s = undefined;
  }
  if (!s || typeof s !== 'object' || (s.mode !== 'wall' && s.mode !== 'virtual') || typeof s.epochMs !== 'number') {
    throw new CorruptClusterFile(path, 'its clock settings do not parse');
  }
  return s as ClockSettings;
}

/**
 * Checks the environment's settings for opening a cluster (KUBEMU_LOCK_TIMEOUT_MS,
 * KUBEMU_CATCH_UP_MS) without opening one: `cluster create --force` asks before it removes a file.
 */
export function checkOpenSettings(env: NodeJS.ProcessEnv): void {
  msFrom(env, 'KUBEMU_LOCK_TIMEOUT_MS', DEFAULT_LOCK_TIMEOUT_MS);
  msFrom(env, 'KUBEMU_CATCH_UP_MS', DEFAULT_CATCH_UP_MS);
}

/** A whole number of milliseconds from the environment, else the default. */
function msFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0) throw new SettingsError(`invalid ${name} "${text}": must be a whole number of milliseconds`);
  return ms;
}

function assemble(path: string, store: SqliteKeyspace, settings: ClockSettings, opts: OpenOptions): Cluster {
  const clock = new ClusterClock(settings, store, opts.realNow ?? Date.now);
  store.setTimeSource(() => clock.now());
  const random = settings.seed !== undefined ? new SeededRandom(store, settings.seed) : new CryptoRandom();
  const api = new ApiServer(store, clock, random);
  // Running kubelets' lease renewals and status reports, filled in where they are read.
  api.setLiveStatus(liveHeartbeats(store));
  const timers = new SqliteTimers(store.db);
  const controlPlane = new ControlPlane({ api, store, clock, random, timers });
  const catchUpBudgetMs = msFrom(opts.env, 'KUBEMU_CATCH_UP_MS', DEFAULT_CATCH_UP_MS);
  let warned = false;
  const behind = (ms: number): void => {
    if (warned) return;
    warned = true;
    opts.warn?.(
      `warning: the cluster in ${path} is ${behindText(ms)} behind its clock: more falls due than kubemu can replay ` +
        `(speed ${settings.speed}); the rest runs at the next command\n`,
    );
  };
  const out = opts.progress;
  const progress = (fromMs: number, targetMs: number) => (out ? catchUpProgress(out, () => clock.realMs(), fromMs, targetMs) : undefined);
  return {
    path,
    store,
    clock,
    random,
    api,
    timers,
    controlPlane,
    readOnly: store.readOnly,
    catchUpBudgetMs,
    behind,
    progress,
    close: () => store.close(),
  };
}

/** Whole seconds, as Go prints a duration (`3m20s`). */
function behindText(ms: number): string {
  let s = Math.floor(ms / 1000);
  if (s < 1) return 'less than a second';
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return h ? `${h}h${m}m${s}s` : m ? `${m}m${s}s` : `${s}s`;
}

/** The Kubernetes version the cluster reports (`kubectl version`, its kubelets). */
export function kubernetesVersion(c: Pick<Cluster, 'store'>): string {
  return c.store.getMeta(VERSION_KEY) ?? KUBERNETES_VERSION;
}
