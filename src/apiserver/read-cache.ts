import type { KubeObject } from './object.js';

/**
 * What this process has read since the last write it did not make: objects by key and lists
 * by prefix. Every write through this API server drops the entries it touches; a revision this
 * process did not produce (another kubemu wrote the file) or a rolled-back transaction drops
 * everything. Controllers read far more than they write, and most reads are the same objects.
 */
export class ReadCache {
  private readonly objects = new Map<string, KubeObject | null>();
  private readonly lists = new Map<string, KubeObject[]>();
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

  list(prefix: string): KubeObject[] | undefined {
    this.check();
    return this.lists.get(prefix);
  }

  rememberList(prefix: string, objs: KubeObject[]): void {
    this.lists.set(prefix, objs);
  }

  /** a write through this API server: forget what it changed; `revision` is the store's now */
  wrote(key: string, revision: number): void {
    this.check();
    this.objects.delete(key);
    for (const prefix of this.lists.keys()) if (key.startsWith(prefix)) this.lists.delete(prefix);
    this.known = revision;
  }
}
