import { SqliteKeyspace } from '../storage/sqlite-keyspace.js';
import type { Keyspace } from '../storage/keyspace.js';
import { ClusterClock, type ClockSettings } from '../sim/clock.js';
import { CryptoRandom, type RandomSource, SeededRandom } from '../sim/random.js';
import { ApiServer } from '../apiserver/server.js';
import { bootstrapCluster } from './bootstrap.js';
import { SqliteTimers } from '../storage/sqlite-timers.js';
import type { TimerQueue } from '../storage/timers.js';
import { ControlPlane } from '../controllers/control-plane.js';
import { type ClockRequest, clockSettingsFrom } from './settings.js';
import { CorruptClusterFile, clusterFileError } from '../storage/cluster-file-errors.js';

const SETTINGS_KEY = 'clock_settings';

/** One open cluster: the keyspace file, its clock and randomness, and the API server over them. */
export interface Cluster {
  readonly path: string;
  readonly store: Keyspace;
  readonly clock: ClusterClock;
  readonly random: RandomSource;
  readonly api: ApiServer;
  readonly timers: TimerQueue;
  readonly controlPlane: ControlPlane;
  /** the file cannot be written: commands read it as it is, and a write fails (ReadOnlyClusterFile) */
  readonly readOnly: boolean;
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
    let settings: ClockSettings | undefined;
    store.transaction(() => {
      const saved = store.getMeta(SETTINGS_KEY);
      if (saved !== undefined) {
        settings = parseSettings(path, saved);
        return;
      }
      settings = clockSettingsFrom(opts.create ?? {}, opts.env, realNow());
      store.setMeta(SETTINGS_KEY, JSON.stringify(settings));
      const cluster = assemble(path, store, settings, realNow);
      bootstrapCluster(cluster.api);
    });
    return assemble(path, store, settings!, realNow);
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

function assemble(path: string, store: SqliteKeyspace, settings: ClockSettings, realNow: () => number): Cluster {
  const clock = new ClusterClock(settings, store, realNow);
  store.setTimeSource(() => clock.now());
  const random = settings.seed !== undefined ? new SeededRandom(store, settings.seed) : new CryptoRandom();
  const api = new ApiServer(store, clock, random);
  const timers = new SqliteTimers(store.db);
  const controlPlane = new ControlPlane({ api, store, clock, random, timers });
  return { path, store, clock, random, api, timers, controlPlane, readOnly: store.readOnly, close: () => store.close() };
}
