import type { KubeObject } from './object.js';

/**
 * Decoded objects by key and modRevision: what an informer cache saves a real controller — the
 * JSON of an unchanged object is parsed once per process, not at every get and list. Objects
 * handed out are deep-frozen, so a caller that wants to change one must copy it first (the
 * API server's own write paths do).
 */
export class DecodedObjects {
  private readonly byKey = new Map<string, { rev: number; obj: KubeObject }>();
  private epoch = 0;

  constructor(private readonly rollbackEpoch: () => number) {}

  /** The object stored at key with this modRevision; `value` is read only on a miss. */
  decode(key: string, modRevision: number, value: () => string): KubeObject {
    const epoch = this.rollbackEpoch();
    if (epoch !== this.epoch) {
      this.byKey.clear();
      this.epoch = epoch;
    }
    const hit = this.byKey.get(key);
    if (hit && hit.rev === modRevision) return hit.obj;
    const obj = JSON.parse(value()) as KubeObject;
    obj.metadata.resourceVersion = String(modRevision);
    deepFreeze(obj);
    this.byKey.set(key, { rev: modRevision, obj });
    return obj;
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }
}

function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}
