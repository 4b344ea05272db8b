import type { KubeObject } from '../api/meta/v1.js';

interface CachedList {
  byKey: Map<string, KubeObject>;
  /** the objects in key order; rebuilt after a change */
  sorted: KubeObject[] | undefined;
  /** keys written since the list was read: re-read them before the next use */
  dirty: Set<string>;
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
    this.lists.clear();
    this.known = rev;
    this.epoch = epoch;
  }

  /** the cached object, null if known absent, undefined if not cached */
  object(key: string): KubeObject | null | undefined {
    this.check();
    return this.objects.get(key);
  }

  rememberObject(key: string, obj: KubeObject | null): void {
    this.objects.set(key, obj);
  }

  /** The cached list under prefix, its stale keys read again with `read`; undefined if not cached. */
  list(prefix: string, read: (key: string) => KubeObject | undefined): KubeObject[] | undefined {
    this.check();
    const entry = this.lists.get(prefix);
    if (!entry) return undefined;
    if (entry.dirty.size) {
      for (const key of entry.dirty) {
        const o = read(key);
        if (o) entry.byKey.set(key, o);
        else entry.byKey.delete(key);
      }
      entry.dirty.clear();
      entry.sorted = undefined;
    }
    if (!entry.sorted) {
      entry.sorted = [...entry.byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((k) => entry.byKey.get(k)!);
    }
    return entry.sorted;
  }

  rememberList(prefix: string, entries: { key: string; obj: KubeObject }[]): void {
    this.lists.set(prefix, {
      byKey: new Map(entries.map((e) => [e.key, e.obj])),
      sorted: entries.map((e) => e.obj),
      dirty: new Set(),
    });
  }

  /** a write through this API server: forget what it changed; `revision` is the store's now */
  wrote(key: string, revision: number): void {
    this.check();
    this.objects.delete(key);
    for (const [prefix, entry] of this.lists) if (key.startsWith(prefix)) entry.dirty.add(key);
    this.known = revision;
  }
}
