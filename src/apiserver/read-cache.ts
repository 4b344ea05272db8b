import type { KubeObject } from '../api/meta/v1.js';
import { dropOldest } from '../common/drop-oldest.js';

interface CachedList {
  byKey: Map<string, KubeObject>;
  /** the objects in key order; rebuilt after a change */
  sorted: KubeObject[] | undefined;
  /** the keys of `sorted`, in the same order (kept with it) */
  keys: string[] | undefined;
  /** keys written since the list was read: re-read them before the next use */
  dirty: Set<string>;
  /**
   * keys re-read (byKey and the indexes hold their new objects) but not yet put in place in
   * `sorted`: that waits for the next use of the sorted list, so the selections of a controller
   * between writes (its ReplicaSet's pods) do not copy a 10,000-pod list at each of them
   */
  unsorted: Set<string>;
  /** `label=value` → keys of the objects carrying that label; built on first use, then kept current */
  byLabel?: Map<string, IndexTerm>;
  /** the UID of an object's controller (ownerReference with controller: true) → keys; likewise */
  byController?: Map<string, IndexTerm>;
}

/**
 * The keys of one index term, and the same keys in key order once asked for (dropped when a key
 * comes or goes): a ReplicaSet's sync asks for its 1,000 pods again after a few of them changed,
 * and sorting their keys each time cost more than reading them.
 */
interface IndexTerm {
  keys: Set<string>;
  sorted: string[] | undefined;
}

/** The index entry of a label pair; NUL cannot occur in a label key. */
function labelPair(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

function labelPairs(o: KubeObject): string[] {
  return Object.entries(o.metadata.labels ?? {}).map(([k, v]) => labelPair(k, v));
}

function controllerUids(o: KubeObject): string[] {
  const ref = (o.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  return ref?.uid ? [ref.uid] : [];
}

function indexAdd(index: Map<string, IndexTerm> | undefined, terms: readonly string[], key: string): void {
  if (!index) return;
  for (const t of terms) {
    let term = index.get(t);
    if (!term) index.set(t, (term = { keys: new Set(), sorted: undefined }));
    if (term.keys.has(key)) continue;
    term.keys.add(key);
    term.sorted = undefined;
  }
}

function indexRemove(index: Map<string, IndexTerm> | undefined, terms: readonly string[], key: string): void {
  if (!index) return;
  for (const t of terms) {
    const term = index.get(t);
    if (!term || !term.keys.delete(key)) continue;
    term.sorted = undefined;
    if (!term.keys.size) index.delete(t);
  }
}

/** This many values of own writes are kept for reading back (ReadCache.written), up to WRITTEN_DROPPED more before the oldest go. */
const WRITTEN_KEPT = 4096;

/** How many of the oldest go at once when there are more (drop-oldest.ts). */
const WRITTEN_DROPPED = 512;

/** More stale keys than this and the sorted list is rebuilt at its next use instead of patched. */
const PATCH_LIMIT = 256;

/**
 * The sorted arrays with the stale keys put in place (byKey already holds their new objects), as
 * fresh arrays so that a list handed out before stays as it was: a write to one pod of 10,000
 * costs a binary search and a copy, not a sort of 10,000 keys.
 */
function patchSorted(entry: CachedList): void {
  if (!entry.sorted || !entry.keys || entry.unsorted.size > PATCH_LIMIT) {
    entry.sorted = undefined;
    entry.keys = undefined;
    entry.unsorted.clear();
    return;
  }
  const keys = entry.keys.slice();
  const sorted = entry.sorted.slice();
  for (const key of entry.unsorted) {
    const lo = lowerBound(keys, key);
    const obj = entry.byKey.get(key);
    const present = keys[lo] === key;
    if (present && obj) sorted[lo] = obj;
    else if (present) {
      keys.splice(lo, 1);
      sorted.splice(lo, 1);
    } else if (obj) {
      keys.splice(lo, 0, key);
      sorted.splice(lo, 0, obj);
    }
  }
  entry.keys = keys;
  entry.sorted = sorted;
  entry.unsorted.clear();
}

/** The first index of sorted keys whose key is not less than `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function byKeyOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * What this process has read since the last write it did not make: objects by key and lists
 * by prefix. A write through this API server drops the object it touched and marks it stale
 * in the lists that hold its prefix (only that key is read again, not the whole list); a
 * revision this process did not produce (another kubemu wrote the file) or a rolled-back
 * transaction drops everything. Controllers read far more than they write, and most reads are
 * the same objects: this is what a real controller's informer cache saves it.
 */
export class ReadCache {
  private readonly objects = new Map<string, KubeObject | null>();
  /**
   * What this API server wrote and nobody has read back yet: the key's revision and value, so
   * that reading it back needs no query (the write is the file's content at that key). Dropped
   * with everything else, and once read (the decoded object is kept from then on).
   */
  private readonly written = new Map<string, { rev: number; value: string }>();
  private readonly lists = new Map<string, CachedList>();
  private known = -1;
  private epoch = -1;

  constructor(
    private readonly revision: () => number,
    private readonly rollbackEpoch: () => number,
  ) {}

  private check(): void {
    const rev = this.revision();
    const epoch = this.rollbackEpoch();
    if (rev === this.known && epoch === this.epoch) return;
    this.objects.clear();
    this.written.clear();
    this.lists.clear();
    this.known = rev;
    this.epoch = epoch;
  }

  /** the cached object, null if known absent, undefined if not cached */
  object(key: string): KubeObject | null | undefined {
    this.check();
    return this.objects.get(key);
  }

  /** The revision and value this API server last wrote at key, if not read back since (see `written`). */
  takeWritten(key: string): { rev: number; value: string } | undefined {
    this.check();
    const w = this.written.get(key);
    if (w) this.written.delete(key);
    return w;
  }

  rememberObject(key: string, obj: KubeObject | null): void {
    this.objects.set(key, obj);
  }

  /** The cached list under prefix, its stale keys read again with `read`; undefined if not cached. */
  list(prefix: string, read: (key: string) => KubeObject | undefined): KubeObject[] | undefined {
    const entry = this.current(prefix, read);
    if (!entry) return undefined;
    if (entry.unsorted.size) patchSorted(entry);
    if (!entry.sorted) {
      entry.keys = [...entry.byKey.keys()].sort(byKeyOrder);
      entry.sorted = entry.keys.map((k) => entry.byKey.get(k)!);
    }
    return entry.sorted;
  }

  /**
   * The objects under prefix taken from a cached list of a shorter prefix that holds them all
   * (`/registry/pods/default/` from `/registry/pods/`), in key order; undefined if none is cached.
   */
  within(prefix: string, read: (key: string) => KubeObject | undefined): { key: string; obj: KubeObject }[] | undefined {
    this.check();
    for (const outer of this.lists.keys()) {
      if (outer === prefix || !prefix.startsWith(outer)) continue;
      this.list(outer, read);
      const entry = this.lists.get(outer);
      if (!entry?.keys || !entry.sorted) continue;
      const out: { key: string; obj: KubeObject }[] = [];
      for (let i = lowerBound(entry.keys, prefix); i < entry.keys.length; i++) {
        const key = entry.keys[i] as string;
        if (!key.startsWith(prefix)) break;
        out.push({ key, obj: entry.sorted[i] as KubeObject });
      }
      return out;
    }
    return undefined;
  }

  /** Whether a list under prefix is cached (its stale keys are read again at its next use). */
  holds(prefix: string): boolean {
    this.check();
    return this.lists.has(prefix);
  }

  /** Whether a list under prefix, or under a shorter prefix that holds it (within), is cached. */
  covers(prefix: string): boolean {
    this.check();
    for (const outer of this.lists.keys()) if (prefix.startsWith(outer)) return true;
    return false;
  }

  /**
   * The cached objects under prefix that carry one of the label values, the one fewest carry
   * (`required`: at least one), in key order; the caller filters them by its whole selector,
   * which requires all of them, so any one gives the same result. Undefined if the list is not
   * cached. Controllers select their few pods among thousands: the index makes that cost the few.
   */
  labelled(prefix: string, read: (key: string) => KubeObject | undefined, required: readonly { key: string; value: string }[]): KubeObject[] | undefined {
    const entry = this.current(prefix, read);
    if (!entry) return undefined;
    if (!entry.byLabel) {
      entry.byLabel = new Map();
      for (const [key, o] of entry.byKey) indexAdd(entry.byLabel, labelPairs(o), key);
    }
    let narrowest: IndexTerm | undefined;
    for (const { key, value } of required) {
      const term = entry.byLabel.get(labelPair(key, value));
      // No object carries this one: the selection is empty.
      if (!term) return [];
      if (!narrowest || term.keys.size < narrowest.keys.size) narrowest = term;
    }
    return this.pick(entry, narrowest);
  }

  /** The cached objects under prefix whose controller has this UID, in key order; undefined if not cached. */
  controlledBy(prefix: string, read: (key: string) => KubeObject | undefined, uid: string): KubeObject[] | undefined {
    const entry = this.current(prefix, read);
    if (!entry) return undefined;
    if (!entry.byController) {
      entry.byController = new Map();
      for (const [key, o] of entry.byKey) indexAdd(entry.byController, controllerUids(o), key);
    }
    return this.pick(entry, entry.byController.get(uid));
  }

  private pick(entry: CachedList, term: IndexTerm | undefined): KubeObject[] {
    if (!term) return [];
    term.sorted ??= [...term.keys].sort(byKeyOrder);
    return term.sorted.map((k) => entry.byKey.get(k)!);
  }

  /** The list under prefix with its stale keys read again (indexes kept current), or undefined. */
  private current(prefix: string, read: (key: string) => KubeObject | undefined): CachedList | undefined {
    this.check();
    const entry = this.lists.get(prefix);
    if (!entry) return undefined;
    if (entry.dirty.size) {
      for (const key of entry.dirty) {
        const old = entry.byKey.get(key);
        const o = read(key);
        // Most writes (a kubelet's status) keep the labels and ownerReferences of the object
        // they replace, shared as the same frozen nodes (stored-encoding.ts): its index terms
        // are then the same, and only its object changes.
        const sameLabels = old !== undefined && o !== undefined && old.metadata.labels === o.metadata.labels;
        const sameOwners = old !== undefined && o !== undefined && old.metadata.ownerReferences === o.metadata.ownerReferences;
        if (old) {
          if (!sameLabels) indexRemove(entry.byLabel, labelPairs(old), key);
          if (!sameOwners) indexRemove(entry.byController, controllerUids(old), key);
        }
        if (o) {
          entry.byKey.set(key, o);
          if (!sameLabels) indexAdd(entry.byLabel, labelPairs(o), key);
          if (!sameOwners) indexAdd(entry.byController, controllerUids(o), key);
        } else entry.byKey.delete(key);
        if (entry.sorted) entry.unsorted.add(key);
      }
      entry.dirty.clear();
    }
    return entry;
  }

  rememberList(prefix: string, entries: { key: string; obj: KubeObject }[]): void {
    this.lists.set(prefix, {
      byKey: new Map(entries.map((e) => [e.key, e.obj])),
      sorted: entries.map((e) => e.obj),
      keys: entries.map((e) => e.key),
      dirty: new Set(),
      unsorted: new Set(),
    });
  }

  /**
   * a write through this API server: forget what it changed; `revision` is the store's now, and
   * `value` what a put stored (undefined: a delete)
   */
  wrote(key: string, revision: number, value?: string): void {
    // The write itself moved the store's revision on by one (none for a delete of nothing): that
    // is the revision this cache knew plus this write, not a write of another process, so only
    // the key is forgotten. (check() here would see the new revision and drop everything.)
    const epoch = this.rollbackEpoch();
    if (epoch !== this.epoch || (revision !== this.known && revision !== this.known + 1)) {
      this.objects.clear();
      this.written.clear();
      this.lists.clear();
      this.epoch = epoch;
    }
    this.objects.delete(key);
    this.written.delete(key);
    if (value !== undefined) {
      this.written.set(key, { rev: revision, value });
      // The oldest go first: most are read back within a few writes, and the rest (Events) are
      // not kept around for a whole catch-up.
      dropOldest(this.written, WRITTEN_KEPT, WRITTEN_DROPPED);
    }
    for (const [prefix, entry] of this.lists) if (key.startsWith(prefix)) entry.dirty.add(key);
    this.known = revision;
  }
}
