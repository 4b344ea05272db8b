import type { Keyspace } from '../storage/keyspace.js';
import { COMPACTION_INTERVAL_MS, pendingCompaction } from './compactor.js';

/**
 * Watches open in any process on the cluster file (`get -w`, `rollout status`, `etcdctl watch`),
 * kept in the file so the compactor, whichever process runs it, does not compact what they have
 * not read yet. On a real cluster a watch is a stream the server pushes to, never behind the
 * compaction; here a watcher reads the log when it looks, and another process may run many
 * minutes of cluster time between two looks (a `cluster advance 1h` while a `get -w` waits).
 *
 * A watch writes its cursor only when the next compaction would pass it (at most about once per
 * compaction interval, and never for a watch that keeps up with the head), not at every look. One that has not looked
 * for two intervals, or whose process is gone (killed before it could say it ended), protects
 * nothing more: it gets the compacted error if it ever looks again.
 */

/** meta: the open watches, by id (`<pid>-<n>`) */
const OPEN_WATCHES_KEY = 'open_watches';

interface Entry {
  /** the watch has read every write up to this revision */
  revision: number;
  pid: number;
  /** cluster time of the entry's last update */
  atMs: number;
}

type Entries = Record<string, Entry>;

function read(store: Pick<Keyspace, 'getMeta'>): Entries {
  const text = store.getMeta(OPEN_WATCHES_KEY);
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Entries) : {};
  } catch {
    return {};
  }
}

function write(store: Pick<Keyspace, 'setMeta' | 'deleteMeta'>, entries: Entries): void {
  if (Object.keys(entries).length === 0) store.deleteMeta(OPEN_WATCHES_KEY);
  else store.setMeta(OPEN_WATCHES_KEY, JSON.stringify(entries));
}

let serial = 0;

/** One open watch of this process: its cursor, as the compactor needs to know it. */
export class OpenWatch {
  private readonly id = `${process.pid}-${++serial}`;
  private registered: number | undefined;

  constructor(
    private readonly store: Keyspace,
    private readonly now: () => number,
  ) {}

  /** The watch has read the log up to `revision`. */
  readTo(revision: number): void {
    if (this.store.readOnly || revision === this.registered) return;
    // Only when the next compaction would pass what the file protects for this watch (its entry, or
    // nothing: a watch that keeps up with the head never writes).
    if ((this.registered ?? revision) >= pendingCompaction(this.store)) return;
    this.store.transaction(() => {
      const entries = read(this.store);
      entries[this.id] = { revision, pid: process.pid, atMs: this.now() };
      write(this.store, entries);
    });
    this.registered = revision;
  }

  /** The watch ended. */
  close(): void {
    if (this.registered === undefined) return;
    this.registered = undefined;
    this.store.transaction(() => {
      const entries = read(this.store);
      delete entries[this.id];
      write(this.store, entries);
    });
  }
}

/**
 * The oldest revision an open watch still needs (undefined: none), in the compactor's write
 * transaction; forgets the watches that are gone (their process ended) or stale (no look for two
 * compaction intervals of cluster time).
 */
export function oldestOpenWatch(store: Keyspace, nowMs: number, alive: (pid: number) => boolean = processAlive): number | undefined {
  const entries = read(store);
  let oldest: number | undefined;
  let dropped = false;
  for (const [id, e] of Object.entries(entries)) {
    if (!alive(e.pid) || nowMs - e.atMs > 2 * COMPACTION_INTERVAL_MS) {
      delete entries[id];
      dropped = true;
      continue;
    }
    oldest = oldest === undefined ? e.revision : Math.min(oldest, e.revision);
  }
  if (dropped) write(store, entries);
  return oldest;
}

/** Whether a process of this id runs on this machine (signal 0 only checks; EPERM: it runs, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
