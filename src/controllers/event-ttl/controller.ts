import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, storagePrefix } from '../../apiserver/resources.js';
import { type Controller, type ControllerContext, splitKey } from '../framework/controller.js';

/** kube-apiserver's default --event-ttl: an Event lives one hour after its last write. */
export const EVENT_TTL_MS = 60 * 60 * 1000;

/**
 * kube-apiserver does not grant a lease per write: its lease manager (storage/etcd3/lease_manager.go)
 * grants one of ttl + min(5% of ttl, 60 s) (for 3600 s: 60 s) and hands it to every write of the
 * next 60 s, so an Event goes between 1 h and 1 h 1 min after its write. Expiries here fall on whole
 * minutes of cluster time, inside that window: the events of one minute go in one step, as they
 * would with one lease.
 */
const LEASE_REUSE_MS = 60 * 1000;

const EVENT = findByKind('v1', 'Event')!;
const EVENTS_PREFIX = storagePrefix(EVENT, undefined);

/**
 * Events expire as kube-apiserver makes them expire: it writes each Event with an etcd lease of
 * --event-ttl, renewed by every write, and etcd deletes the key when the lease runs out. Here a
 * timer stands for the lease: each write of an Event schedules one an hour after its cluster time
 * (on the next whole minute, see LEASE_REUSE_MS), keyed by the Event and the revision written;
 * when it fires and the Event still has that revision (no later write renewed it), the Event is
 * deleted through the API, a DELETE in the log like any other. A timer of a revision that was
 * written over fires and does nothing.
 *
 * The timers live in the cluster's persistent queue, so on a virtual clock `cluster advance 1h`
 * (or any wait past the hour) drops the events at the same instants on every run.
 */
export function eventTtlController(ttlMs: number = EVENT_TTL_MS): Controller {
  const name = 'event-ttl';
  return {
    name,
    watches: [EVENT],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      if (ev.type === 'DELETED') return [];
      // From the storage key, /registry/events/NAMESPACE/NAME (objectKey's NAMESPACE/NAME): the
      // Event itself need not be decoded.
      const key = ev.key.slice(EVENTS_PREFIX.length);
      // A write from a log kept before writes had times (time 0) counts from now.
      const written = ev.timeMs > 0 ? ev.timeMs : ctx.clock.now();
      const expires = Math.ceil((written + ttlMs) / LEASE_REUSE_MS) * LEASE_REUSE_MS;
      ctx.timers.schedule({ queue: name, key: `${key}@${ev.revision}`, dueMs: expires });
      return [];
    },
    sync(key: string, ctx: ControllerContext): void {
      const at = key.lastIndexOf('@');
      if (at < 0) return;
      const { namespace, name: eventName } = splitKey(key.slice(0, at));
      const event = ctx.api.tryGet(EVENT, namespace, eventName);
      if (!event || event.metadata.resourceVersion !== key.slice(at + 1)) return;
      ctx.api.delete(EVENT, namespace, eventName);
    },
  };
}
