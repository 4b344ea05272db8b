import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import { type ResourceInfo, storageKey, storagePrefix } from '../../apiserver/resources.js';
import type { Keyspace } from '../../storage/keyspace.js';
import type { Controller } from './controller.js';

function informerKey(name: string): string {
  return `informer:${name}`;
}

/** The last revision the named controller has seen (without loading the controller). */
export function informerCursor(store: Pick<Keyspace, 'getMeta'>, name: string): number {
  return Number(store.getMeta(informerKey(name)) ?? '0');
}

/**
 * A controller's informers, reduced to a cursor in the keyspace's revision log: the controller
 * has seen every write up to `revision`. Writes reach it `latencyMs` after they happened, the
 * time a watch event takes to reach a real controller's cache and queue.
 */
export class Informer {
  private readonly prefixes: string[];
  /**
   * Per resource an event said it belongs to (WatchEvent.resource): whether its keys lie under a
   * watched prefix (1), under none (0), or only some of them (2: a watched prefix is longer than
   * the resource's, tested key by key). Learnt at the first event of each resource.
   */
  private readonly byResource = new Map<ResourceInfo, 0 | 1 | 2>();
  private readonly metaKey: string;

  constructor(
    private readonly controller: Controller,
    private readonly store: Keyspace,
    private readonly api: ApiServer,
    readonly latencyMs: number,
    /** told before a relist (Controller.relisted) */
    private readonly onRelist: () => void = () => {},
  ) {
    this.prefixes = controller.watches.map((w) => storagePrefix(w, undefined));
    this.metaKey = informerKey(controller.name);
  }

  /** the last revision this controller has seen */
  cursor(): number {
    return informerCursor(this.store, this.controller.name);
  }

  /**
   * The watch events visible at `now`, in revision order; the cursor moves past them. `batch`
   * holds every change after `batchFrom` written by `now - latency` (read once per instant for
   * all controllers); without it the informer reads its own. `latencyMs` 0 delivers every write
   * made by `now` (a command's own writes, reacted to at the instant they were made).
   */
  deliver(
    now: number,
    batch?: { from: number; events: readonly WatchEvent[]; lastRevision: number },
    latencyMs: number = this.latencyMs,
  ): WatchEvent[] {
    const from = this.cursor();
    if (from < this.store.compactedRevision()) return this.relist(now);
    let events: WatchEvent[];
    if (batch && batch.from <= from) {
      events = this.watched(batch.events, batch.from === from ? undefined : from);
      // Everything in the batch is visible now: the cursor passes the writes it does not watch too.
      // The batch ends before the first write not visible yet (changesSince up to a time), so the
      // cursor never passes a write this informer has not been given.
      if (batch.lastRevision > from) this.store.setMeta(this.metaKey, String(batch.lastRevision));
      return events;
    } else {
      events = [];
      const until = now - latencyMs;
      for (const w of this.controller.watches) events.push(...this.api.changesSince(from, w, undefined, until));
      events.sort((a, b) => a.revision - b.revision);
    }
    const visible: WatchEvent[] = [];
    let last = from;
    for (const e of events) {
      if (e.timeMs + latencyMs > now) break;
      visible.push(e);
      last = e.revision;
    }
    if (last !== from) this.store.setMeta(this.metaKey, String(last));
    return visible;
  }

  /**
   * The events of `events` under one of the watched prefixes (and, with `after`, past that
   * revision): a plain loop, since it runs for every controller over every change of a step (an
   * `advance` of 10,000 pods: tens of thousands of events, eight controllers).
   */
  private watched(events: readonly WatchEvent[], after: number | undefined): WatchEvent[] {
    const prefixes = this.prefixes;
    const out: WatchEvent[] = [];
    for (const e of events) {
      if (after !== undefined && e.revision <= after) continue;
      const r = e.resource;
      if (r !== undefined) {
        let under = this.byResource.get(r);
        if (under === undefined) this.byResource.set(r, (under = this.underWatched(r)));
        if (under === 1) out.push(e);
        if (under !== 2) continue;
      }
      for (const p of prefixes) {
        if (e.key.startsWith(p)) {
          out.push(e);
          break;
        }
      }
    }
    return out;
  }

  /** Whether the keys of resource r lie under a watched prefix: all (1), none (0), some (2). */
  private underWatched(r: ResourceInfo): 0 | 1 | 2 {
    const own = storagePrefix(r, undefined);
    if (this.prefixes.some((p) => own.startsWith(p))) return 1;
    return this.prefixes.some((p) => p.startsWith(own)) ? 2 : 0;
  }

  /**
   * The history the cursor pointed into was compacted away: as a reflector does after
   * "too old resource version", list everything watched and deliver it as ADDED.
   */
  private relist(now: number): WatchEvent[] {
    this.onRelist();
    const revision = this.store.revision();
    const events: WatchEvent[] = [];
    for (const w of this.controller.watches) {
      for (const object of this.api.list(w, undefined)) {
        const key = storageKey(w, object.metadata.namespace, object.metadata.name ?? '');
        events.push({ type: 'ADDED', key, object, revision: Number(object.metadata.resourceVersion ?? 0), timeMs: now, resource: w });
      }
    }
    this.store.setMeta(this.metaKey, String(revision));
    return events.sort((a, b) => a.revision - b.revision);
  }
}
