import type { IndexHints } from './index-hints.js';
import type { RolloutHistoryStore } from './rollout-history.js';

/**
 * The etcd-like keyspace the API server stores objects in. Keys follow kube-apiserver's
 * layout (`/registry/deployments/default/hello`); values are the object's JSON.
 *
 * Like etcd (and kine), there is one global revision: every write takes the next one, and a
 * log of PUT/DELETE events by revision lets a reader list what changed since a revision.
 */

export interface KeyValue {
  key: string;
  value: string;
  /** revision of the write that created this key */
  createRevision: number;
  /** revision of the last write to this key */
  modRevision: number;
}

export type EventType = 'PUT' | 'DELETE';

export interface KeyEvent {
  type: EventType;
  /** cluster time of the write, ms since the Unix epoch (0 when no time source was set) */
  timeMs: number;
  /** the key after the event; for DELETE, value is empty and modRevision is the delete's revision */
  kv: KeyValue;
  /** the modRevision the key had before the event (absent: the key was created) */
  prevModRevision?: number;
  /** DELETE only: the value the key held when it was deleted */
  deletedValue?: string;
}

/** Thrown when a write's precondition on the key's modRevision does not hold. */
export class RevisionMismatch extends Error {
  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`key ${key}: expected modRevision ${expected}, found ${actual}`);
    this.name = 'RevisionMismatch';
  }
}

/** Thrown when reading changes from a revision that compaction already removed. */
export class RevisionCompacted extends Error {
  constructor(
    readonly requested: number,
    readonly compacted: number,
  ) {
    super(`mvcc: required revision has been compacted`);
    this.name = 'RevisionCompacted';
  }
}

/**
 * Thrown when a write transaction could not start because another process kept the file's write
 * lock for longer than the lock timeout (SQLite's SQLITE_BUSY after its busy timeout).
 */
export class KeyspaceLocked extends Error {
  constructor(
    readonly path: string,
    readonly waitedMs: number,
  ) {
    super(
      `the cluster file ${path} is locked: another kubemu process holds its write lock (it is writing or running the ` +
        `control plane) and did not release it within ${waitText(waitedMs)}; try again, or wait longer with KUBEMU_LOCK_TIMEOUT_MS`,
    );
    this.name = 'KeyspaceLocked';
  }
}

function waitText(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

export interface Keyspace {
  /** where the keyspace is kept (the cluster file), for messages about it */
  readonly path: string;
  get(key: string): KeyValue | undefined;
  /** the key's modRevision without its value (0 when absent): cheap freshness checks */
  modRevision(key: string): number;
  /** keys starting with prefix, in key order */
  list(prefix: string): KeyValue[];
  /**
   * list(prefix) one row at a time, for a caller that keeps only what it makes of each value
   * (10,000 pods' JSON never held at once); the callback must not use the keyspace.
   */
  scan(prefix: string, each: (kv: KeyValue) => void): void;
  /**
   * The entries under prefix whose value, read as JSON, carries the label `name` with the string
   * `value` (metadata.labels), in key order: the store picks a few of many values without anyone
   * decoding the rest.
   */
  listLabelled(prefix: string, name: string, value: string): KeyValue[];
  /**
   * How many entries listLabelled would give, without reading them; undefined when the store
   * cannot tell without reading the values (no label index).
   */
  countLabelled?(prefix: string, name: string, value: string): number | undefined;
  /**
   * The entries under prefix whose controller (the first ownerReference with `controller: true`)
   * has this UID, in key order; undefined when the store cannot tell without reading every value
   * (it indexes pods and ReplicaSets only).
   */
  listControlled(prefix: string, uid: string): KeyValue[] | undefined;
  /** the keys under prefix with their modRevision only (no values), in key order */
  listRevisions(prefix: string): { key: string; modRevision: number }[];
  /**
   * Counts transactions that were rolled back: revision numbers written inside one are used
   * again, so a cache keyed by (key, modRevision) must be dropped when this changes.
   */
  rollbackEpoch(): number;
  /**
   * Writes key. With expectedModRevision, the write happens only if the key's current
   * modRevision equals it (0: the key must not exist); otherwise RevisionMismatch.
   * Returns the new revision. `hints`: what the indexes keep of the value (index-hints.ts), from a
   * caller that has the object the value encodes; without them the store reads the value.
   * `unread`: the writer expects nobody in this process to read the value back soon (an Event):
   * the store need not keep it in memory for its readers, who then read it from the file.
   */
  put(key: string, value: string, expectedModRevision?: number, hints?: IndexHints, unread?: boolean): number;
  /** Deletes key (precondition as for put). Returns the new revision, or undefined if absent. */
  delete(key: string, expectedModRevision?: number): number | undefined;
  /** the current (latest) revision */
  revision(): number;
  /** the oldest revision that changesSince can still start after */
  compactedRevision(): number;
  /**
   * events with revision > afterRevision for keys under prefix, in revision order; with
   * untilTimeMs, only those before the first write (of any key) made after that cluster time, so
   * a reader that moves its cursor to the last event it got never passes one it did not get.
   * (The log's time never decreases with revision, so this is "written by untilTimeMs"; a file
   * written by an older kubemu may hold rows out of time order.)
   */
  changesSince(afterRevision: number, prefix?: string, limit?: number, untilTimeMs?: number): KeyEvent[];
  /** the value a key was written with at a revision still in the log */
  valueAt(key: string, revision: number): string | undefined;
  /**
   * the last revision in the log written at or before a cluster time (the log's time never
   * decreases with revision), or the compacted revision when none is; reads only the rows it passes
   */
  revisionAt(timeMs: number): number;
  /** drops log entries at or below revision (and returns the pages they held to the file system) */
  compact(revision: number): void;
  /** rewrites the file without free pages (etcd's defrag); not inside a transaction */
  defragment(): void;
  /** the cluster file could not be written when it was opened: every write fails */
  readonly readOnly: boolean;
  /** the revision and cluster time of the first write after afterRevision under one of the prefixes */
  firstChangeAfter(afterRevision: number, prefixes: readonly string[]): { revision: number; timeMs: number } | undefined;
  /** where log entries get their time from (the cluster clock) */
  setTimeSource(now: () => number): void;
  /** runs fn in one write transaction (BEGIN IMMEDIATE); nested calls join the outer one */
  transaction<T>(fn: () => T): T;
  /**
   * transaction(fn), except that inside another transaction fn is a savepoint of its own: when it
   * throws, what it wrote is undone (and rollbackEpoch moves) while the outer transaction goes on.
   * For a command that runs what used to be several transactions inside one (time.ts runBatched).
   */
  atomically<T>(fn: () => T): T;
  /**
   * the rollout history kept beside the log and never compacted with it (rollout-history.ts); its
   * writes belong in the write transaction of the change they record
   */
  readonly history: RolloutHistoryStore;
  /** small key/value store for cluster settings (clock, random state), outside the keyspace */
  getMeta(name: string): string | undefined;
  /** a JsonMeta value is serialized when needed: at the end of the transaction at the latest */
  setMeta(name: string, value: string | JsonMeta): void;
  /** name's value as set: a JsonMeta set in this process (and not yet dropped), else its text */
  getMetaEntry(name: string): string | JsonMeta | undefined;
  deleteMeta(name: string): void;
  close(): void;
}

/**
 * A meta value kept as the value it is (a component's memory, set several times per transaction)
 * and serialized once, when its text is first asked for or written back: JSON.stringify(value),
 * so value must not change after it is set.
 */
export class JsonMeta {
  private json: string | undefined;

  constructor(readonly value: unknown) {}

  get text(): string {
    return (this.json ??= JSON.stringify(this.value));
  }

  /** the text if already made, without making it */
  get made(): string | undefined {
    return this.json;
  }
}
