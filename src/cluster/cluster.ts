import { existsSync } from 'node:fs';
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

const SETTINGS_KEY = 'clock_settings';
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** One open cluster: the keyspace file, its clock and randomness, and the API server over them. */
export interface Cluster {
  readonly path: string;
  readonly store: Keyspace;
  readonly clock: ClusterClock;
  readonly random: RandomSource;
  readonly api: ApiServer;
  readonly timers: TimerQueue;
  readonly controlPlane: ControlPlane;
  close(): void;
}

export interface OpenOptions {
  env: NodeJS.ProcessEnv;
  /** settings for a cluster created by this call (`cluster create`); else from the environment */
  create?: ClockRequest;
  realNow?: () => number;
}

/** Opens the cluster at path, creating a default cluster when the file is new or empty. */
export function openCluster(path: string, opts: OpenOptions): Cluster {
  const realNow = opts.realNow ?? Date.now;
  const store = new SqliteKeyspace(path);
  try {
    store.setLockTimeout(lockTimeoutFrom(opts.env));
    // A plain read first: opening an existing cluster takes no write lock, so a reader never
    // waits behind a writer (WAL readers see the last commit) and a file it cannot write opens.
    const saved = store.getMeta(SETTINGS_KEY);
    let settings: ClockSettings | undefined = saved === undefined ? undefined : (JSON.parse(saved) as ClockSettings);
    if (settings === undefined) {
      store.transaction(() => {
        // Another process may have created the cluster since the read.
        const again = store.getMeta(SETTINGS_KEY);
        if (again !== undefined) {
          settings = JSON.parse(again) as ClockSettings;
          return;
        }
        settings = clockSettingsFrom(opts.create ?? {}, opts.env, realNow());
        store.setMeta(SETTINGS_KEY, JSON.stringify(settings));
        const cluster = assemble(path, store, settings, realNow);
        bootstrapCluster(cluster.api);
      });
    }
    return assemble(path, store, settings!, realNow);
  } catch (e) {
    store.close();
    throw e;
  }
}

/** How long a command waits for another process's write lock: KUBEMU_LOCK_TIMEOUT_MS, else 30 s. */
function lockTimeoutFrom(env: NodeJS.ProcessEnv): number {
  const text = env['KUBEMU_LOCK_TIMEOUT_MS'];
  if (text === undefined || text === '') return DEFAULT_LOCK_TIMEOUT_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0) throw new SettingsError(`invalid KUBEMU_LOCK_TIMEOUT_MS "${text}": must be a whole number of milliseconds`);
  return ms;
}

function assemble(path: string, store: SqliteKeyspace, settings: ClockSettings, realNow: () => number): Cluster {
  const clock = new ClusterClock(settings, store, realNow);
  store.setTimeSource(() => clock.now());
  const random = settings.seed !== undefined ? new SeededRandom(store, settings.seed) : new CryptoRandom();
  const api = new ApiServer(store, clock, random);
  const timers = new SqliteTimers(store.db);
  const controlPlane = new ControlPlane({ api, store, clock, random, timers });
  return { path, store, clock, random, api, timers, controlPlane, close: () => store.close() };
}
