import type { KubeObject } from '../api/meta/v1.js';
import { dropOldest } from '../common/drop-oldest.js';
import { CorruptClusterFile } from '../storage/cluster-file-errors.js';
import { buildStored, freezeTree, plannedMetaText, type StoredPlan } from './stored-encoding.js';

/**
 * A stored value as an API object. A value that does not parse, or is not an object with
 * metadata, means the file is damaged: said so, rather than JSON.parse's or a TypeError's text.
 */
export function parseStoredObject(path: string, key: string, text: string): KubeObject {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new CorruptClusterFile(path, `the value of ${key} is not valid JSON`);
  }
  const meta = typeof o === 'object' && o !== null ? (o as { metadata?: unknown }).metadata : undefined;
  if (typeof meta !== 'object' || meta === null || Array.isArray(o)) {
    throw new CorruptClusterFile(path, `the value of ${key} is not an API object`);
  }
  return o as KubeObject;
}

/**
 * This many plans of own writes wait to be decoded (DecodedObjects.wrote), up to PLANS_DROPPED
 * more; beyond, the oldest are parsed instead. A kubelet step of an advance writes the statuses of 10,000 pods
 * before anyone reads them back (with 4,096, 12,000 of 20,000 were parsed).
 */
const PLANS_KEPT = 16_384;

/** How many of the oldest plans go at once when there are more (drop-oldest.ts). */
const PLANS_DROPPED = 2048;

/**
 * Decoded objects by key and modRevision: what an informer cache saves a real controller — the
 * JSON of an unchanged object is parsed once per process, not at every get and list. Objects
 * handed out are deep-frozen, so a caller that wants to change one must copy it first (the
 * API server's own write paths do).
 */
export class DecodedObjects {
  /** metaText: the text of obj's metadata without resourceVersion, when known (own writes: status-write.ts) */
  private readonly byKey = new Map<string, { rev: number; obj: KubeObject; metaText: string | undefined }>();
  /**
   * The API server's own writes not decoded yet: the plan of each value (stored-encoding.ts),
   * from which its object is built instead of parsed, sharing the unchanged frozen nodes of the
   * object it replaced.
   */
  private readonly plans = new Map<string, { rev: number; plan: StoredPlan }>();
  private epoch = 0;

  constructor(
    private readonly rollbackEpoch: () => number,
    /** the cluster file, named when a value turns out damaged */
    private readonly path = '',
  ) {}

  /** Forgets everything when a transaction was rolled back: a revision may then stand for another value. */
  private current(): void {
    const epoch = this.rollbackEpoch();
    if (epoch === this.epoch) return;
    this.byKey.clear();
    this.plans.clear();
    this.epoch = epoch;
  }

  /** The object stored at key with this modRevision; `value` is read only on a miss. */
  decode(key: string, modRevision: number, value: () => string): KubeObject {
    this.current();
    const hit = this.byKey.get(key);
    if (hit && hit.rev === modRevision) return hit.obj;
    const planned = this.plans.get(key);
    let obj: KubeObject;
    let metaText: string | undefined;
    if (planned && planned.rev === modRevision) {
      this.plans.delete(key);
      obj = buildStored(planned.plan, String(modRevision));
      metaText = plannedMetaText(planned.plan);
    } else {
      obj = parseStoredObject(this.path, key, value());
      obj.metadata.resourceVersion = String(modRevision);
    }
    deepFreeze(obj);
    this.byKey.set(key, { rev: modRevision, obj, metaText });
    return obj;
  }

  /**
   * The API server wrote key at modRevision the value whose decoded object (deep-frozen) it
   * built itself (status-write.ts, bound-object.ts), with its metadata's text if known.
   */
  built(key: string, modRevision: number, obj: KubeObject, metaText: string | undefined): void {
    this.current();
    this.plans.delete(key);
    this.byKey.set(key, { rev: modRevision, obj, metaText });
  }

  /** The text of obj's metadata without resourceVersion, if obj is the decoded object at key and that is known. */
  metaText(key: string, obj: KubeObject): string | undefined {
    if (this.epoch !== this.rollbackEpoch()) return undefined;
    const hit = this.byKey.get(key);
    return hit !== undefined && hit.obj === obj ? hit.metaText : undefined;
  }

  /**
   * The API server wrote key at modRevision the value `plan` is the parse of (undefined: a value
   * to parse when read).
   */
  wrote(key: string, modRevision: number, plan: StoredPlan | undefined): void {
    this.current();
    this.plans.delete(key);
    if (!plan) return;
    this.plans.set(key, { rev: modRevision, plan });
    dropOldest(this.plans, PLANS_KEPT, PLANS_DROPPED);
  }

  /**
   * Whether the object at key with this modRevision is decoded already. (A planned one is not:
   * the list that asks chooses between one scan and a read per key, and counting plans as
   * decoded could turn its scan into thousands of reads.)
   */
  has(key: string, modRevision: number): boolean {
    return this.epoch === this.rollbackEpoch() && this.byKey.get(key)?.rev === modRevision;
  }

  /** Whether anything is decoded or planned at key, of whatever revision (what a read may spare reading the value for). */
  holds(key: string): boolean {
    return this.epoch === this.rollbackEpoch() && (this.byKey.has(key) || this.plans.has(key));
  }

  forget(key: string): void {
    this.byKey.delete(key);
    this.plans.delete(key);
  }
}

function deepFreeze(v: unknown): void {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeTree(v);
}
