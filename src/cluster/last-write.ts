/**
 * The last command that wrote on a virtual clock, as the watching commands after it need it
 * (time.ts settleAfterWrites records it): the revision of its last own write, the instant it
 * made it, and the instant its own requests ended (CLIENT_ROUND_TRIPS_MS later), by which the
 * controllers had reacted.
 *
 * A watching command (`rollout status`, `get -w`) started while the clock still reads that end
 * (nothing has moved it since) begins its watch at the writer's revision instead of the head: it
 * started watching before the controllers reacted, as it would on a real cluster, so it sees the
 * object as the write left it, then each reaction as an event of its own.
 */
import { StatusError } from '../apiserver/errors.js';
import type { Cluster } from './cluster.js';

/** meta: the last writing command's revision and instants (virtual clock) */
const LAST_WRITE_KEY = 'last_write';

export interface LastWrite {
  /** the store's revision after the command's own writes, before any reaction */
  revision: number;
  /** the instant of the writes */
  writtenMs: number;
  /** the instant the command's requests ended (the clock after its round trips) */
  endMs: number;
}

export function recordLastWrite(cluster: Cluster, w: LastWrite): void {
  cluster.store.setMeta(LAST_WRITE_KEY, `${w.revision} ${w.writtenMs} ${w.endMs}`);
}

/**
 * Where a watch begins: the last writer's revision and instant when the clock is virtual and
 * still reads that writer's end; undefined (the head, now) otherwise.
 */
export function watchFromLastWrite(cluster: Cluster): { revision: number; atMs: number } | undefined {
  if (cluster.clock.settings.mode !== 'virtual') return undefined;
  const saved = cluster.store.getMeta(LAST_WRITE_KEY);
  if (saved === undefined) return undefined;
  const [revision, writtenMs, endMs] = saved.split(' ').map(Number) as [number, number, number];
  if (endMs !== cluster.clock.now() || !(revision < cluster.store.revision())) return undefined;
  return { revision, atMs: writtenMs };
}

/**
 * What a watch started right after a write reads there: `read` at the writer's revision
 * (the server's getAt/listAt), with that revision and instant. Undefined (start at the head)
 * when no write just ended, when `read` finds nothing then (a named object that did not exist),
 * or when the log cannot say what was (410 Expired: a value a compaction dropped).
 */
export function readAtLastWrite<T>(cluster: Cluster, read: (revision: number) => T | undefined): { revision: number; atMs: number; value: T } | undefined {
  const from = watchFromLastWrite(cluster);
  if (!from) return undefined;
  try {
    const value = read(from.revision);
    return value === undefined ? undefined : { ...from, value };
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'Expired') return undefined;
    throw e;
  }
}
