import type { KubeObject } from '../../../api/meta/v1.js';

/** The event types a watch delivers. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One event as the client sees it after the server's filtering. */
export interface FilteredEvent {
  type: WatchEventType;
  object: KubeObject;
}

function keyOf(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

/**
 * A watch with a label/field selector, as kube-apiserver's cacher filters one: it knows which
 * objects currently pass the selector and turns the raw changes into what the client receives.
 *
 *   raw MODIFIED, passed before and passes now   → MODIFIED (new object)
 *   raw MODIFIED, did not pass, passes now       → ADDED (new object)
 *   raw MODIFIED, passed before, no longer does  → DELETED (the last object that passed)
 *   raw ADDED that passes                        → ADDED
 *   raw DELETED of an object that passed         → DELETED (its final state)
 *   anything else                                → nothing
 */
export class FilteredWatch {
  private readonly passing = new Map<string, KubeObject>();

  constructor(
    private readonly matches: (o: KubeObject) => boolean,
    initial: readonly KubeObject[],
  ) {
    for (const o of initial) if (matches(o)) this.passing.set(keyOf(o), o);
  }

  apply(type: WatchEventType, obj: KubeObject): FilteredEvent | undefined {
    const key = keyOf(obj);
    const before = this.passing.get(key);
    if (type === 'DELETED') {
      if (!before && !this.matches(obj)) return undefined;
      this.passing.delete(key);
      return { type: 'DELETED', object: obj };
    }
    const now = this.matches(obj);
    if (now) {
      this.passing.set(key, obj);
      return { type: before ? 'MODIFIED' : 'ADDED', object: obj };
    }
    if (before) {
      this.passing.delete(key);
      return { type: 'DELETED', object: before };
    }
    return undefined;
  }
}
