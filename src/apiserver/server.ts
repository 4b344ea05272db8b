import { servedVersion } from './served-versions.js';
import { type LiveStatus, LiveLists } from './live-status.js';
import { type KeyEvent, type KeyValue, type Keyspace, RevisionCompacted, RevisionMismatch } from '../storage/keyspace.js';
import { indexHints } from '../storage/index-hints.js';
import type { ClusterClock } from '../sim/clock.js';
import { rfc3339 } from '../sim/clock.js';
import { type RandomSource, randomNameSuffix, randomUid } from '../sim/random.js';
import { dropOldest } from '../common/drop-oldest.js';
import { jsonEqual, type JsonValue } from '../common/json.js';
import { type KubeObject, objectJson } from '../api/meta/v1.js';
import {
  OBJECT_MODIFIED,
  StatusError,
  alreadyExists,
  badRequest,
  conflict,
  invalid,
  namespaceTerminating,
  notFound,
  resourceExpired,
} from './errors.js';
import {
  type ResourceInfo,
  apiVersionOf,
  findByKind,
  groupResource,
  resourceForKey,
  storageKey,
  storagePrefix,
} from './resources.js';
import { prepareForCreate, prepareForStatusUpdate, prepareForUpdate } from './strategy.js';
import { DecodedObjects, parseStoredObject } from './decoded-objects.js';
import { ReadCache } from './read-cache.js';
import { encodeStored, type StoredEncoding } from './stored-encoding.js';
import { statusWrite } from './status-write.js';
import { boundObject } from './bound-object.js';
import type { PatchType } from './patch-object.js';
import { lazy } from '../common/lazy.js';
import { selectorMatches, type Selector } from '../labels/label-selector.js';
import { asPod, type PodCondition } from '../api/core/v1/pod.js';
import { isPodTerminal } from '../api/core/v1/pod-util.js';
import { CONDITION_STATUS, POD_CONDITION } from '../api/core/v1/pod-conditions.js';
import { NAMESPACE_PHASE, asNamespace } from '../api/core/v1/namespace.js';
import type { Scale } from '../api/autoscaling/v1/scale.js';
import { recordRolloutWrite } from './rollout-history.js';
import { valuesAt } from './state-at.js';
import type { HistoryRowType } from '../storage/rollout-history.js';

/** The namespaces resource, which every namespaced create looks its namespace up in (found once, not at each create). */
const NAMESPACES = findByKind('v1', 'Namespace');

/** Where Events are stored (putKey keeps no copy of their text). */
const EVENTS_PREFIX = storagePrefix(findByKind('v1', 'Event')!, undefined);

/** Only writes need these (defaulting, validation, the patch engines): reads never load them. */
const admission = lazy(() => require('./admission.js') as typeof import('./admission.js'));
const patches = lazy(() => require('./patch-object.js') as typeof import('./patch-object.js'));
const scaleSubresource = lazy(() => require('./scale-subresource.js') as typeof import('./scale-subresource.js'));
const decoding = lazy(() => require('./decode/index.js') as typeof import('./decode/index.js'));
const templatePods = lazy(() => require('./template-pod.js') as typeof import('./template-pod.js'));
const evictions = lazy(() => require('./eviction.js') as typeof import('./eviction.js'));
const nodeTaints = lazy(() => require('./node-taint-admission.js') as typeof import('./node-taint-admission.js'));
const serviceIPs = lazy(() => require('./service-ip-allocator.js') as typeof import('./service-ip-allocator.js'));

/** DeleteOptions.propagationPolicy */
export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

export interface DeleteOptions {
  propagationPolicy?: PropagationPolicy;
  /** seconds; 0 deletes at once (pods), undefined takes the object's default */
  gracePeriodSeconds?: number;
  dryRun?: boolean;
}

export interface WriteOptions {
  dryRun?: boolean;
  /**
   * The input of a create was built in process for this one write, of values of the Go types
   * of its fields (the event recorder's new Events, events.ts). The server takes it as its own,
   * not copied (the caller keeps no reference to it), and does not decode-check it: the check's
   * answer is known, no error (requireDecodable). Never set for a body from a user.
   *
   * For modify (an update): `mutate` gets the stored object itself (frozen) and builds the new
   * one from it, a fresh top level and metadata sharing the rest (the recorder's Event patches:
   * count, lastTimestamp and message changed); the server takes that as its own, not copied,
   * and does not decode-check it (the stored object decodes, the changed fields are the Go
   * types'). Only for kinds whose defaulting on update changes nothing (Events have none), as
   * the shared parts cannot be changed.
   *
   * For updateStatus: the input's status is taken as the server's own, frozen and kept as the
   * stored object's status when its JSON round trip is itself (status-write.ts); the caller
   * keeps no reference to change it by.
   */
  builtForWrite?: boolean;
  /**
   * A Node of a new cluster, written as the cluster shows it once its kubelet registered and the
   * node lifecycle controller found it ready: the not-ready taint TaintNodesByCondition admission
   * adds is left off (it would be gone again at once). Only bootstrap sets it.
   */
  registeredReady?: boolean;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/**
 * A watch event whose object is decoded when first read: of a crash loop's writes a third are
 * Events, which the informers that get them (event-ttl, the namespace controller) place by key
 * alone, and decoding them cost a tenth of the loop. A damaged value is found when read, as
 * everywhere else (cluster-file-errors.ts).
 *
 * One object per event, its getter on the prototype: a step's batch (an advance's first instants:
 * 10,000-20,000 events) lives through the whole step, so each closure a literal with a getter
 * made per event (the getter, its context, the loader) was copied by every scavenge meanwhile.
 */
class LazyWatchEvent implements WatchEvent {
  private decodedObject: KubeObject | undefined;
  sameMetadataAs?: number;

  constructor(
    readonly type: WatchEventType,
    readonly key: string,
    readonly revision: number,
    readonly timeMs: number,
    readonly resource: ResourceInfo | undefined,
    /** the value's KeyValue: its value read only here (one the store did not keep is read from the file) */
    private readonly kv: KeyValue,
    private readonly decoded: DecodedObjects,
  ) {}

  get object(): KubeObject {
    return (this.decodedObject ??= this.decoded.decode(this.key, this.revision, () => this.kv.value));
  }
}

export interface WatchEvent {
  type: WatchEventType;
  /** the keyspace key of the object */
  key: string;
  object: KubeObject;
  revision: number;
  /** cluster time of the write */
  timeMs: number;
  /**
   * A MODIFIED event of this process's own write that could not change the object's metadata
   * (the status subresource, a binding): the revision before it, whose metadata this one has,
   * resourceVersion aside. A handler that looks only at metadata and already saw that revision
   * knows what this one holds without decoding it. Absent for every other write, those read
   * from the log (another process's, an etcdctl put) included.
   */
  sameMetadataAs?: number;
  /**
   * The resource the key belongs to, when the event was read from the log knowing it (set by the
   * API server's watch): an informer picks its resources' events by it with one lookup instead of
   * a prefix test per watched resource.
   */
  readonly resource?: ResourceInfo | undefined;
}

/**
 * This process's writes that kept the metadata of the revision before them (revision -> that
 * revision), for the watch events that report them (WatchEvent.sameMetadataAs). Forgotten when a
 * rollback may have undone them (their revisions are then taken again); LIMIT kept (an eighth
 * more before they go), the oldest dropped first: an informer reads a step's writes at the next step, and one that finds
 * none here only decodes the object, as for any write.
 */
class KeptMetadata {
  private static readonly LIMIT = 1 << 16;
  private readonly byRevision = new Map<number, number>();
  private epoch = -1;

  constructor(private readonly rollbackEpoch: () => number) {}

  private current(): Map<number, number> {
    const epoch = this.rollbackEpoch();
    if (epoch !== this.epoch) {
      this.byRevision.clear();
      this.epoch = epoch;
    }
    return this.byRevision;
  }

  wrote(revision: number, previous: number): void {
    const m = this.current();
    m.set(revision, previous);
    dropOldest(m, KeptMetadata.LIMIT, KeptMetadata.LIMIT / 8);
  }

  /** The revision whose metadata the write `revision` kept, when it replaced `previous` (the log's prevModRevision). */
  of(revision: number, previous: number | undefined): number | undefined {
    if (!this.byRevision.size) return undefined;
    const kept = this.current().get(revision);
    return kept !== undefined && kept === previous ? kept : undefined;
  }
}

/**
 * A label the selector requires to have one value (`app=x`, `app==x`, `app in (x)`), if any: every
 * object it selects carries that label pair. Only keys of plain characters (all valid label keys)
 * are offered, so that the key can be quoted in a JSON path as it is.
 */
function requiredLabel(selector: Selector): { key: string; value: string } | undefined {
  return requiredLabels(selector)[0];
}

/** Every label value the selector requires, in its order (requiredLabel is the first). */
function requiredLabels(selector: Selector): { key: string; value: string }[] {
  if (selector.kind === 'nothing') return [];
  const out: { key: string; value: string }[] = [];
  for (const r of selector.requirements) {
    const value = r.values[0];
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1 && value !== undefined && /^[A-Za-z0-9._/-]+$/.test(r.key)) {
      out.push({ key: r.key, value });
    }
  }
  return out;
}

/**
 * selectorMatches(selector, o's labels) as a test of objects. When every requirement is a required
 * value (`required`: a ReplicaSet's matchLabels), each label is compared as it is, without going
 * through the requirements' operators: 22 syncs of a rollout's ReplicaSets test ~30,000 pods.
 * (A label object's inherited members are never strings, so `labels[key] === value` is
 * hasOwnProperty and the value's test in one.)
 */
function labelsMatcher(selector: Selector, required: readonly { key: string; value: string }[]): (o: KubeObject) => boolean {
  if (selector.kind === 'nothing' || !required.length || required.length !== selector.requirements.length) {
    return (o) => selectorMatches(selector, o.metadata.labels);
  }
  return (o) => {
    const labels = o.metadata.labels;
    if (labels === undefined) return false;
    for (let i = 0; i < required.length; i++) {
      const r = required[i]!;
      if (labels[r.key] !== r.value) return false;
    }
    return true;
  };
}

/** Rows a process reads through store selections under one prefix before it lists the prefix instead. */
const STORE_SELECTION_BUDGET = 2000;

/** The finalizers the garbage collector acts on (metav1.FinalizerOrphanDependents, FinalizerDeleteDependents). */
export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

/**
 * kube-apiserver's generic registry over the keyspace: create/get/list/update/patch/delete/watch
 * with defaulting, validation, generation, resourceVersion and optimistic concurrency. The CLI
 * and the controllers both come through here.
 */
export class ApiServer {
  private readonly decoded: DecodedObjects;
  private readonly cache: ReadCache;
  private readonly keptMetadata: KeptMetadata;
  /** heartbeat fields filled in at read time (live-status.ts); none until the cluster installs them */
  private live: LiveStatus | undefined;
  private readonly liveLists = new LiveLists();

  constructor(
    readonly store: Keyspace,
    readonly clock: ClusterClock,
    readonly random: RandomSource,
  ) {
    this.decoded = new DecodedObjects(() => store.rollbackEpoch(), store.path);
    this.keptMetadata = new KeptMetadata(() => store.rollbackEpoch());
    this.cache = new ReadCache(
      () => store.revision(),
      () => store.rollbackEpoch(),
    );
  }

  /** The stored object at key (frozen: copy before changing it), or undefined. */
  private read(key: string): KubeObject | undefined {
    const cached = this.cache.object(key);
    if (cached !== undefined) return cached ?? undefined;
    const own = this.cache.takeWritten(key);
    if (own) {
      const obj = this.decoded.decode(key, own.rev, () => own.value);
      this.cache.rememberObject(key, obj);
      return obj;
    }
    // Nothing decoded at key (a first read in this process: 10,000 pods at an advance's first
    // kubelet step): the value is read with its revision in one query, not after it in a second.
    if (!this.decoded.holds(key)) {
      const kv = this.store.get(key);
      const obj = kv ? this.decoded.decode(key, kv.modRevision, () => kv.value) : undefined;
      this.cache.rememberObject(key, obj ?? null);
      return obj;
    }
    const rev = this.store.modRevision(key);
    const obj = rev ? this.decoded.decode(key, rev, () => this.store.get(key)?.value ?? 'null') : undefined;
    this.cache.rememberObject(key, obj ?? null);
    return obj;
  }

  /**
   * Every write goes through here and putKey, so the read cache knows what changed (and the
   * rollout history, rollout-history.ts). `obj`: the object as deleted.
   */
  private deleteKey(key: string, obj: KubeObject, expectedModRevision?: number): number | undefined {
    const rev = this.store.delete(key, expectedModRevision);
    this.cache.wrote(key, this.store.revision());
    // no plan of a value at key waits any longer
    this.decoded.wrote(key, this.store.revision(), undefined);
    if (rev !== undefined) this.recordRollout('DELETED', obj, rev);
    return rev;
  }

  /** A committed write of a Deployment or ReplicaSet in the rollout history (the same transaction). */
  private recordRollout(type: HistoryRowType, obj: KubeObject, rev: number): void {
    if (obj.kind === 'Deployment' || obj.kind === 'ReplicaSet') recordRolloutWrite(this.store.history, type, obj, rev, this.clock.now());
  }

  /** `obj`: the object value encodes, whose labels and controller the store's indexes take from it */
  private putKey(key: string, value: StoredEncoding, expectedModRevision: number, obj: KubeObject): number {
    // An Event's text is kept by neither the store's journal nor the read cache: nobody in this
    // process reads it back soon (the informers that get it place it by key; the recorder's next
    // patch of it comes seconds to minutes later), and 40,000 of them in an advance of 10,000
    // pods, ~30 MB, held until the next step, were copied by each young-generation collection
    // meanwhile. A reader reads it from the file.
    const unread = key.startsWith(EVENTS_PREFIX);
    const rev = this.store.put(key, value.text, expectedModRevision, indexHints(obj.metadata), unread);
    this.cache.wrote(key, rev, unread ? undefined : value.text);
    this.decoded.wrote(key, rev, value.plan);
    this.recordRollout(expectedModRevision === 0 ? 'ADDED' : 'MODIFIED', obj, rev);
    return rev;
  }

  now(): string {
    return rfc3339(this.clock.now());
  }

  /** Installs the fields that move with time without a write (live-status.ts). */
  setLiveStatus(live: LiveStatus): void {
    this.live = live;
  }

  /** The object as a reader sees it now (heartbeats filled in), for the resources live status touches. */
  private shown(info: ResourceInfo, o: KubeObject | undefined): KubeObject | undefined {
    const live = this.live;
    if (!o || !live || !live.resources.has(info.resource)) return o;
    return live.project(info.resource, o, this.clock.now());
  }

  /** The stored object, as written (no live status): what a write starts from. */
  private getStored(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject {
    const o = this.read(storageKey(info, namespace, name));
    if (!o) throw notFound(info.resource, info.group, name);
    return o;
  }

  /** Objects as readers see them now (shown, for each). */
  private shownAll(info: ResourceInfo, objects: KubeObject[]): KubeObject[] {
    const live = this.live;
    if (!live || !live.resources.has(info.resource)) return objects;
    const now = this.clock.now();
    return objects.map((o) => live.project(info.resource, o, now));
  }

  /** One object; frozen — copy it before changing it. */
  get(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject {
    const sv = servedVersion(info);
    if (sv) return sv.out(this.get(sv.storage, namespace, name));
    const o = this.shown(info, this.read(storageKey(info, namespace, name)));
    if (!o) throw notFound(info.resource, info.group, name);
    return o;
  }

  tryGet(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject | undefined {
    const sv = servedVersion(info);
    if (sv) {
      const o = this.tryGet(sv.storage, namespace, name);
      return o && sv.out(o);
    }
    return this.shown(info, this.read(storageKey(info, namespace, name)));
  }

  /** Objects of one resource, in one namespace or all (namespace undefined), in key order; frozen. */
  list(info: ResourceInfo, namespace: string | undefined, filter?: (o: KubeObject) => boolean): KubeObject[] {
    const sv = servedVersion(info);
    if (sv) return this.list(sv.storage, namespace).map(sv.out).filter((o) => !filter || filter(o));
    const all = this.listShared(info, namespace);
    return filter ? all.filter(filter) : [...all];
  }

  /**
   * list(info, namespace) without the copy: read-only, and the same array until an object under
   * it changes, so a caller may remember what it computed from it by the array's identity.
   */
  listShared(info: ResourceInfo, namespace: string | undefined): readonly KubeObject[] {
    const all = this.cached(storagePrefix(info, namespace));
    const live = this.live;
    if (!live || !live.resources.has(info.resource)) return all;
    return this.liveLists.shared(live, info.resource, all, this.clock.now(), this.store.revision());
  }

  /**
   * The objects a label selector selects, in key order: list(info, namespace) filtered by it,
   * found through the read cache's label index when the selector requires one label value.
   * Of several required values the one fewest objects carry is read: a ReplicaSet's selector
   * (app=big, pod-template-hash=…) then reads its own 1,000 pods, not the 1,500 of both
   * ReplicaSets of a rollout (and decodes the other's 500 for nothing).
   */
  listSelected(info: ResourceInfo, namespace: string | undefined, selector: Selector): KubeObject[] {
    return this.shownAll(info, this.listSelectedStored(info, namespace, selector));
  }

  private listSelectedStored(info: ResourceInfo, namespace: string | undefined, selector: Selector): KubeObject[] {
    if (selector.kind === 'nothing') return [];
    const prefix = storagePrefix(info, namespace);
    const required = requiredLabels(selector);
    const matches = labelsMatcher(selector, required);
    if (!required.length) return this.cached(prefix).filter(matches);
    if (this.selectsFromStore(prefix)) {
      const { eq, count } = this.narrowestInStore(prefix, required);
      const carriers = this.lastControlledCarrying(prefix, eq, count);
      if (carriers) {
        // As fromStore counts the rows it is given: the store is asked as often as before.
        this.storeSelected.set(prefix, (this.storeSelected.get(prefix) ?? 0) + carriers.length);
        return carriers.filter(matches);
      }
      return this.fromStore(prefix, this.store.listLabelled(prefix, eq.key, eq.value)).filter(matches);
    }
    if (!this.cache.holds(prefix)) this.cached(prefix);
    return (this.cache.labelled(prefix, (key) => this.read(key), required) ?? []).filter(matches);
  }

  /** Of the required label values (at least one), the one the fewest rows under prefix carry, by the store's count; the first on a tie or when it cannot count. */
  private narrowestInStore(
    prefix: string,
    required: readonly { key: string; value: string }[],
  ): { eq: { key: string; value: string }; count: number | undefined } {
    const first = required[0]!;
    if (required.length === 1 || !this.store.countLabelled) return { eq: first, count: undefined };
    let best = first;
    let fewest = Infinity;
    for (const eq of required) {
      const n = this.store.countLabelled(prefix, eq.key, eq.value);
      if (n === undefined) return { eq: first, count: undefined };
      if (n < fewest) {
        fewest = n;
        best = eq;
      }
    }
    return { eq: best, count: fewest };
  }

  /**
   * The last listControlledBy under prefix answered from the store, while no write came since
   * (the same revision, no rollback): a ReplicaSet's sync selects right after it the same pods it
   * controls, and the store's rows of them were just read and decoded.
   */
  private lastControlled: { prefix: string; revision: number; epoch: number; objects: readonly KubeObject[] } | undefined;

  /**
   * The store's rows under prefix that carry the label value eq, when they are all among the
   * objects of lastControlled (still current): `count` of them carry it (countLabelled) and so
   * many of those objects do. Those objects, in key order (as the store's selection gives them);
   * else undefined (then the store is asked).
   */
  private lastControlledCarrying(prefix: string, eq: { key: string; value: string }, count: number | undefined): KubeObject[] | undefined {
    const last = this.lastControlled;
    if (count === undefined || !last || last.prefix !== prefix) return undefined;
    if (last.revision !== this.store.revision() || last.epoch !== this.store.rollbackEpoch()) return undefined;
    const carriers = last.objects.filter((o) => o.metadata.labels?.[eq.key] === eq.value);
    return carriers.length === count ? carriers : undefined;
  }

  /**
   * Whether a selection under prefix asks the store's indexes: when no list under it is held,
   * until this process has read STORE_SELECTION_BUDGET rows so under it. A process that goes on
   * selecting (a settle after an apply of 10,000 pods, its syncs asking for the same pods again
   * and again) then lists the prefix once and selects from memory, as it did before: the budget
   * bounds what the store's selections can add to a long process, while a command reacting to
   * one change stays well under it (a scale of one Deployment: ~500 rows).
   */
  private selectsFromStore(prefix: string): boolean {
    return !this.cache.covers(prefix) && (this.storeSelected.get(prefix) ?? 0) < STORE_SELECTION_BUDGET;
  }

  /** rows read by store selections under each prefix in this process (selectsFromStore) */
  private readonly storeSelected = new Map<string, number>();

  /**
   * The objects of rows the store picked (listLabelled, listControlled), in their order, remembered
   * as objects: a process that holds no list under their prefix (a controller step in a new
   * process reacting to one change) reads the 20 pods of a ReplicaSet, not 10,000. The store's
   * rows are the current values, this process's writes of the open transaction included (the
   * indexes are kept by triggers in the same connection, and every write of the API server goes
   * to the store at once), so this gives what filtering the full list gives, in key order.
   */
  private fromStore(prefix: string, rows: readonly KeyValue[]): KubeObject[] {
    this.storeSelected.set(prefix, (this.storeSelected.get(prefix) ?? 0) + rows.length);
    return rows.map(({ key, value, modRevision }) => {
      const obj = this.decoded.decode(key, modRevision, () => value);
      // The cache was checked against the store's revision just before (covers), and reading
      // moves no revision: what it remembers is current.
      this.cache.rememberObject(key, obj);
      return obj;
    });
  }

  /**
   * listSelected for a command that lists once (kubectl get -l): when this process has not read
   * the list yet, the store picks the objects carrying the selector's required label and only
   * those are decoded (20 pods of 10,000), and nothing is remembered as a list.
   */
  listSelectedOnce(info: ResourceInfo, namespace: string | undefined, selector: Selector): KubeObject[] {
    return this.shownAll(info, this.listSelectedOnceStored(info, namespace, selector));
  }

  private listSelectedOnceStored(info: ResourceInfo, namespace: string | undefined, selector: Selector): KubeObject[] {
    const prefix = storagePrefix(info, namespace);
    const eq = requiredLabel(selector);
    if (!eq || this.cache.holds(prefix)) return this.listSelectedStored(info, namespace, selector);
    return this.store
      .listLabelled(prefix, eq.key, eq.value)
      .map(({ key, value, modRevision }) => this.decoded.decode(key, modRevision, () => value))
      .filter((o) => selectorMatches(selector, o.metadata.labels));
  }

  /**
   * What list(info, namespace) filtered by the selector and `filter` gives, one object at a time,
   * for a command that lists once and keeps only what it makes of each (get's table keeps its
   * cells): when this process holds no list under the prefix, the values are read and decoded
   * as `visit` takes them, none remembered or frozen, so 10,000 pods are never all in memory at
   * once. `visit` must not use the API server (the store is in the middle of a read).
   */
  eachListed(
    info: ResourceInfo,
    namespace: string | undefined,
    selector: Selector | undefined,
    filter: ((o: KubeObject) => boolean) | undefined,
    visit: (o: KubeObject) => void,
  ): void {
    if (selector?.kind === 'nothing') return;
    const prefix = storagePrefix(info, namespace);
    const live = this.live && this.live.resources.has(info.resource) ? this.live : undefined;
    const now = this.clock.now();
    const take = (stored: KubeObject) => {
      const o = live ? live.project(info.resource, stored, now) : stored;
      if (!filter || filter(o)) visit(o);
    };
    if (selector && (requiredLabel(selector) || this.cache.covers(prefix))) {
      this.listSelectedOnceStored(info, namespace, selector).forEach(take);
      return;
    }
    if (this.cache.covers(prefix)) {
      this.cached(prefix).forEach(take);
      return;
    }
    const path = this.store.path;
    this.store.scan(prefix, ({ key, value, modRevision }) => {
      const o = decode(path, key, value, modRevision);
      if (!selector || selectorMatches(selector, o.metadata.labels)) take(o);
    });
  }

  /** The objects whose controller (ownerReference with controller: true) has this UID, in key order. */
  listControlledBy(info: ResourceInfo, namespace: string | undefined, uid: string): KubeObject[] {
    const prefix = storagePrefix(info, namespace);
    if (this.selectsFromStore(prefix)) {
      const rows = this.store.listControlled(prefix, uid);
      if (rows) {
        const objects = this.fromStore(prefix, rows);
        this.lastControlled = { prefix, revision: this.store.revision(), epoch: this.store.rollbackEpoch(), objects };
        return objects;
      }
    }
    if (!this.cache.holds(prefix)) this.cached(prefix);
    return this.cache.controlledBy(prefix, (key) => this.read(key), uid) ?? [];
  }

  /** Every object under prefix in key order, from the read cache (read and remembered on a miss); shared. */
  private cached(prefix: string): readonly KubeObject[] {
    const read = (key: string) => this.read(key);
    const hit = this.cache.list(prefix, read);
    if (hit) return hit;
    // The pods of one namespace when all pods are cached already: a slice of that list.
    const within = this.cache.within(prefix, read);
    if (within) {
      this.cache.rememberList(prefix, within);
      return within.map((e) => e.obj);
    }
    const revisions = this.store.listRevisions(prefix);
    const missing = revisions.filter(({ key, modRevision }) => !this.decoded.has(key, modRevision)).length;
    // Most values not decoded yet (a first list in a process): one prefix read with the values,
    // far cheaper than a query per key (10,000 pods: one scan, not 10,000 lookups).
    let entries: { key: string; obj: KubeObject }[];
    if (missing > revisions.length / 2) {
      entries = [];
      this.store.scan(prefix, ({ key, value, modRevision }) => entries.push({ key, obj: this.decoded.decode(key, modRevision, () => value) }));
    } else {
      entries = revisions.map(({ key, modRevision }) => ({
        key,
        obj: this.decoded.decode(key, modRevision, () => this.store.get(key)?.value ?? 'null'),
      }));
    }
    this.cache.rememberList(prefix, entries);
    return entries.map((e) => e.obj);
  }

  /** The list's resourceVersion: the store's current revision. */
  revision(): number {
    return this.store.revision();
  }

  create(info: ResourceInfo, namespace: string | undefined, input: KubeObject, opts: WriteOptions = {}): KubeObject {
    const sv = servedVersion(info);
    if (sv) {
      const obj = { ...structuredClone(input), apiVersion: apiVersionOf(info), kind: info.kind };
      this.requireDecodable(info, obj);
      return sv.out(this.create(sv.storage, namespace, sv.in(obj), opts));
    }
    return this.store.transaction(() => {
      // A pod with a stored template's spec (template-pod.ts): the spec's part of the write done once per spec.
      const template = opts.builtForWrite ? undefined : templatePods().templateSpecOf(info, input);
      const obj = opts.builtForWrite ? input : template ? templatePods().copyInput(input) : structuredClone(input);
      obj.apiVersion = apiVersionOf(info);
      obj.kind = info.kind;
      if (template) {
        const err = templatePods().decodeErrorWithoutSpec(obj, info, apiVersionOf(info));
        if (err) throw err;
      } else if (!opts.builtForWrite) this.requireDecodable(info, obj);
      const meta = obj.metadata ?? (obj.metadata = {});
      if (info.namespaced) {
        if (meta.namespace && namespace && meta.namespace !== namespace) {
          throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
        }
        meta.namespace = meta.namespace || namespace || 'default';
        this.requireNamespace(info, meta.namespace, meta.name || meta.generateName || 'Unknown');
      } else {
        delete meta.namespace;
      }
      if (!meta.name && meta.generateName) meta.name = meta.generateName + randomNameSuffix(this.random);
      delete meta.resourceVersion;
      delete meta.deletionTimestamp;
      delete meta.deletionGracePeriodSeconds;
      meta.uid = randomUid(this.random);
      meta.creationTimestamp = this.now();
      prepareForCreate(obj, info);
      if (info.kind === 'Node' && !opts.registeredReady) nodeTaints().taintNewNode(obj);
      if (template) templatePods().admitTemplatePod(obj, template, info);
      else admission().admit(obj, undefined, info);
      serviceIPs().assignServiceIPs(this, info, obj);
      const key = storageKey(info, meta.namespace, meta.name ?? '');
      if (opts.dryRun) {
        if (this.store.get(key)) throw alreadyExists(info.resource, info.group, meta.name ?? '');
        return obj;
      }
      try {
        const rev = this.putKey(key, encodeStored(obj, template?.base), 0, obj);
        obj.metadata.resourceVersion = String(rev);
      } catch (e) {
        if (e instanceof RevisionMismatch) throw alreadyExists(info.resource, info.group, meta.name ?? '');
        throw e;
      }
      return obj;
    });
  }

  /**
   * Replaces an object (PUT). A resourceVersion in the input must match the stored one, or the
   * update fails with Conflict. An update that changes nothing is not written.
   */
  update(info: ResourceInfo, input: KubeObject, opts: WriteOptions = {}): KubeObject {
    const sv = servedVersion(info);
    if (sv) {
      const obj = { ...structuredClone(input), apiVersion: apiVersionOf(info), kind: info.kind };
      this.requireDecodable(info, obj);
      return sv.out(this.update(sv.storage, sv.in(obj), opts));
    }
    return this.store.transaction(() => {
      const obj = opts.builtForWrite ? input : structuredClone(input);
      obj.apiVersion = apiVersionOf(info);
      obj.kind = info.kind;
      if (!opts.builtForWrite) this.requireDecodable(info, obj);
      const ns = info.namespaced ? input.metadata.namespace : undefined;
      const name = input.metadata.name ?? '';
      const old = this.getStored(info, ns, name);
      const rv = input.metadata.resourceVersion;
      if (rv && rv !== old.metadata.resourceVersion) throw conflict(info.resource, info.group, name, OBJECT_MODIFIED);
      keepSystemMetadata(obj, old);
      prepareForUpdate(obj, old, info);
      admission().admit(obj, old, info);
      return this.commitUpdate(info, obj, old, opts);
    });
  }

  /** Writes the status subresource; everything but status comes from the stored object. */
  updateStatus(info: ResourceInfo, input: KubeObject, opts: WriteOptions = {}): KubeObject {
    return this.store.transaction(() => {
      const ns = info.namespaced ? input.metadata.namespace : undefined;
      const name = input.metadata.name ?? '';
      const old = this.getStored(info, ns, name);
      const rv = input.metadata.resourceVersion;
      if (rv && rv !== old.metadata.resourceVersion) throw conflict(info.resource, info.group, name, OBJECT_MODIFIED);
      const obj = prepareForStatusUpdate(input, old);
      // Only a Deployment's annotations come from the input besides status (strategy.ts).
      const metadataKept = jsonEqual(obj.metadata.annotations, old.metadata.annotations);
      if (opts.builtForWrite && metadataKept && !opts.dryRun) {
        const written = this.commitStatus(info, obj, old);
        if (written) return written;
      }
      return this.commitUpdate(info, obj, old, opts, metadataKept);
    });
  }

  /**
   * commitUpdate of a status write that kept all but status, stored and decoded from the stored
   * object's pieces (status-write.ts); undefined (nothing done) when it is not such a write or
   * it deletes the object, for commitUpdate to do.
   */
  private commitStatus(info: ResourceInfo, obj: KubeObject, old: KubeObject): KubeObject | undefined {
    obj.metadata.resourceVersion = old.metadata.resourceVersion;
    // obj is old but for its status (prepareForStatusUpdate: old's top level, its metadata a copy
    // that is the same JSON, metadataKept): the same as old exactly when its status is, compared
    // without walking the rest again.
    if (jsonEqual(objectJson(obj)['status'], objectJson(old)['status'])) return old;
    if (obj.metadata.deletionTimestamp && !(obj.metadata.finalizers ?? []).length && !isGraceful(obj)) return undefined;
    const key = storageKey(info, info.namespaced ? obj.metadata.namespace : undefined, obj.metadata.name ?? '');
    const w = statusWrite(obj, old, this.decoded.metaText(key, old), true);
    if (!w) return undefined;
    const expected = Number(old.metadata.resourceVersion);
    let rev: number;
    try {
      rev = this.store.put(key, w.text, expected, indexHints(obj.metadata));
    } catch (e) {
      if (e instanceof RevisionMismatch) throw conflict(info.resource, info.group, obj.metadata.name ?? '', OBJECT_MODIFIED);
      throw e;
    }
    // As putKey, with the decoded object at hand: read back without a query or a parse.
    const rv = String(rev);
    const decoded = w.decoded(rv);
    this.cache.wrote(key, rev);
    this.cache.rememberObject(key, decoded);
    this.decoded.built(key, rev, decoded, w.metaText);
    obj.metadata.resourceVersion = rv;
    this.keptMetadata.wrote(rev, expected);
    this.recordRollout('MODIFIED', obj, rev);
    return obj;
  }

  /**
   * Reads, changes and writes one object in one transaction: what kube-apiserver's
   * GuaranteedUpdate does for PATCH. `mutate` gets a copy of the stored object (the stored object
   * itself with builtForWrite, to build the new one from without changing it).
   */
  modify(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    mutate: (o: KubeObject) => KubeObject,
    opts: WriteOptions = {},
  ): KubeObject {
    return this.store.transaction(() => {
      const old = this.getStored(info, namespace, name);
      // The copy carries the stored resourceVersion; a mutation that changes it (a patch with a
      // resourceVersion precondition) makes the update fail with Conflict, as it should.
      return this.update(info, mutate(opts.builtForWrite ? old : structuredClone(old)), opts);
    });
  }

  /**
   * The namespace finalize subresource: the only way to change a namespace's spec.finalizers.
   * A terminating namespace left without finalizers is removed.
   */
  finalizeNamespace(info: ResourceInfo, name: string, finalizers: string[]): void {
    this.store.transaction(() => {
      const old = this.getStored(info, undefined, name);
      const next = asNamespace(structuredClone(old));
      const spec = next.spec ?? {};
      if (finalizers.length) spec.finalizers = finalizers;
      else delete spec.finalizers;
      next.spec = spec;
      this.commitUpdate(info, next, old, {}, true);
    });
  }

  /**
   * The pods/binding subresource: assigns a pending pod to a node (what the scheduler posts).
   * A pod that already has a node cannot be bound again.
   */
  bind(info: ResourceInfo, namespace: string, name: string, nodeName: string): KubeObject {
    return this.store.transaction(() => {
      const old = this.getStored(info, namespace, name);
      const spec = asPod(old).spec ?? {};
      if (spec.nodeName) {
        throw conflict(info.resource, info.group, name, `pod ${name} is already assigned to node "${spec.nodeName}"`);
      }
      if (old.metadata.deletionTimestamp) {
        throw conflict(info.resource, info.group, name, `pod ${name} is being deleted, cannot be assigned to a host`);
      }
      // Copied only where it changes (top level, metadata, spec, status and its conditions); the
      // rest is the stored pod's (frozen) and so never changed: 10,000 bindings of an apply
      // copied every pod whole (~35 µs each), and shared, the containers' text is kept
      // (stored-encoding.ts).
      const next: KubeObject = { ...old, metadata: { ...old.metadata }, spec: { ...spec, nodeName } };
      // The binding registry also marks the pod scheduled, in the same write (UpdatePodCondition).
      const status = asPod(old).status ?? {};
      const conditions = [...(status.conditions ?? [])];
      const i = conditions.findIndex((c) => c.type === POD_CONDITION.PodScheduled);
      const scheduled: PodCondition = {
        type: POD_CONDITION.PodScheduled,
        observedGeneration: old.metadata.generation ?? 1,
        status: CONDITION_STATUS.True,
        lastProbeTime: null,
        lastTransitionTime: conditions[i]?.status === CONDITION_STATUS.True ? conditions[i]?.lastTransitionTime : this.now(),
      };
      if (i >= 0) conditions[i] = scheduled;
      else conditions.push(scheduled);
      next['status'] = { ...status, conditions };
      const key = storageKey(info, namespace, name);
      const metaText = this.decoded.metaText(key, old);
      const written = this.commitUpdate(info, next, old, {}, true);
      // Read back at once (the scheduler's cache, then the kubelet): its decoded object built
      // from what was stored, not parsed from its text (bound-object.ts).
      const decoded = written === old ? undefined : boundObject(written);
      if (decoded) this.decoded.built(key, Number(written.metadata.resourceVersion), decoded, metaText);
      return written;
    });
  }

  /** PATCH: applies the patch to the stored object, then the update rules (admission, generation). */
  patch(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    type: PatchType,
    patch: JsonValue,
    opts: WriteOptions = {},
  ): KubeObject {
    const sv = servedVersion(info);
    if (sv) {
      // patched as the served version, stored as the stored one
      const patched = this.modify(sv.storage, namespace, name, (o) => sv.in(patches().patchObject(sv.out(o), type, patch)), opts);
      return sv.out(patched);
    }
    return this.modify(
      info,
      namespace,
      name,
      (o) => {
        const patched = patches().patchObject(o, type, patch);
        checkName(patched, info.namespaced ? namespace : undefined, name);
        return patched;
      },
      opts,
    );
  }

  /** GET .../scale: the autoscaling/v1 Scale of a deployment or replicaset (scale-subresource.ts). */
  getScale(info: ResourceInfo, namespace: string | undefined, name: string): Scale {
    const sub = scaleSubresource();
    sub.requireScale(info);
    return sub.scaleOf(this.getStored(info, namespace, name));
  }

  /** PUT/PATCH .../scale: sets spec.replicas only; the update rules (generation, conflicts) apply. */
  updateScale(info: ResourceInfo, namespace: string | undefined, name: string, w: import('./scale-subresource.js').ScaleWrite, opts: WriteOptions = {}): Scale {
    const sub = scaleSubresource();
    sub.requireScale(info);
    return sub.scaleOf(
      this.modify(
        info,
        namespace,
        name,
        (o) => {
          const err = sub.scaleWriteError(o, w);
          if (err) throw err;
          return sub.withScaleReplicas(o, w);
        },
        opts,
      ),
    );
  }

  /**
   * POST pods/NAME/eviction (eviction.ts): deletes the pod gracefully if its PodDisruptionBudget
   * allows it, spending the budget in the same transaction; a refusal is a StatusError (429
   * TooManyRequests with a DisruptionBudget cause, 500 for several budgets). What `kubectl create
   * --raw .../eviction`, drain and a node's removal call. `dryRun` is the request's dryRun=All;
   * the body's deleteOptions.dryRun counts too.
   */
  evict(namespace: string, name: string, eviction: import('../api/policy/v1/eviction.js').Eviction, opts: { dryRun?: boolean } = {}): import('./eviction.js').EvictionStatus {
    return this.store.transaction(() => {
      const err = decoding().bodyDecodeError(eviction, 'Eviction', 'v1', typeof eviction.apiVersion === 'string' && eviction.apiVersion ? eviction.apiVersion : 'policy/v1');
      if (err) throw err;
      return evictions().evictPod(this, namespace, name, eviction, opts.dryRun === true);
    });
  }

  /** `metadataKept`: the caller changed nothing in metadata but resourceVersion (WatchEvent.sameMetadataAs). */
  private commitUpdate(info: ResourceInfo, obj: KubeObject, old: KubeObject, opts: WriteOptions, metadataKept = false): KubeObject {
    const ns = info.namespaced ? obj.metadata.namespace : undefined;
    const name = obj.metadata.name ?? '';
    obj.metadata.resourceVersion = old.metadata.resourceVersion;
    if (jsonEqual(objectJson(obj), objectJson(old))) return old;
    if (opts.dryRun) return obj;
    // An object being deleted goes away when its last finalizer is removed.
    if (
      obj.metadata.deletionTimestamp &&
      !(obj.metadata.finalizers ?? []).length &&
      !isGraceful(obj) &&
      !(info.kind === 'Namespace' && namespaceFinalizers(obj).length)
    ) {
      const rev = this.deleteKey(storageKey(info, ns, name), obj);
      if (rev !== undefined) obj.metadata.resourceVersion = String(rev);
      return obj;
    }
    const expected = Number(old.metadata.resourceVersion);
    try {
      const rev = this.putKey(storageKey(info, ns, name), encodeStored(obj, old), expected, obj);
      obj.metadata.resourceVersion = String(rev);
      if (metadataKept) this.keptMetadata.wrote(rev, expected);
    } catch (e) {
      if (e instanceof RevisionMismatch) throw conflict(info.resource, info.group, name, OBJECT_MODIFIED);
      throw e;
    }
    return obj;
  }

  /**
   * DELETE. Returns the object as it was deleted, or as it is now when deletion only started
   * (graceful pod termination, finalizers, foreground/orphan propagation).
   */
  delete(info: ResourceInfo, namespace: string | undefined, name: string, opts: DeleteOptions = {}): KubeObject {
    const sv = servedVersion(info);
    if (sv) return sv.out(this.delete(sv.storage, namespace, name, opts));
    return this.store.transaction(() => {
      const obj = this.getStored(info, namespace, name);
      const key = storageKey(info, namespace, name);
      const finalizers = [...(obj.metadata.finalizers ?? [])];
      const policy = opts.propagationPolicy ?? defaultPropagation(info);
      if (policy === 'Orphan' && !finalizers.includes(FINALIZER_ORPHAN)) finalizers.push(FINALIZER_ORPHAN);
      if (policy === 'Foreground' && !finalizers.includes(FINALIZER_FOREGROUND)) finalizers.push(FINALIZER_FOREGROUND);
      const grace = this.gracePeriod(info, obj, opts.gracePeriodSeconds);
      // A namespace is never removed at once: it turns Terminating and the namespace
      // controller empties it first (its spec.finalizers hold it).
      const specFinalizers = info.kind === 'Namespace' ? namespaceFinalizers(obj) : [];
      if (finalizers.length === 0 && grace === 0 && specFinalizers.length === 0) {
        if (!opts.dryRun) this.deleteKey(key, obj, Number(obj.metadata.resourceVersion));
        return obj;
      }
      if (opts.dryRun) return obj;
      // A graceful delete changes metadata only (and a Namespace's status, replaced whole below):
      // the rest stays the stored object's frozen nodes, so the comparison and the stored text
      // reuse them instead of a deep copy of the pod (a scale-down deletes 500 in one sync).
      const next: KubeObject = { ...obj, metadata: { ...obj.metadata } };
      if (finalizers.length) next.metadata.finalizers = finalizers;
      const deadline = this.clock.now() + grace * 1000;
      const current = next.metadata.deletionTimestamp;
      // A repeated delete may only shorten the grace period.
      if (!current || Date.parse(current) > deadline) {
        next.metadata.deletionTimestamp = rfc3339(deadline);
        next.metadata.deletionGracePeriodSeconds = grace;
        if (info.kind === 'Pod' && grace > 0) {
          next.metadata.generation = (next.metadata.generation ?? 1) + 1;
        }
      }
      if (info.kind === 'Namespace') {
        const ns = asNamespace(next);
        ns.status = { ...ns.status, phase: NAMESPACE_PHASE.Terminating };
      }
      if (jsonEqual(objectJson(next), objectJson(obj))) return obj;
      const rev = this.putKey(key, encodeStored(next, obj), Number(obj.metadata.resourceVersion), next);
      next.metadata.resourceVersion = String(rev);
      return next;
    });
  }

  /**
   * Ends a pod's graceful termination: what the kubelet's final delete with grace 0 does. The
   * object is removed unless finalizers keep it.
   */
  finishDeletion(info: ResourceInfo, namespace: string | undefined, name: string): void {
    this.store.transaction(() => {
      const obj = this.tryGet(info, namespace, name);
      if (!obj) return;
      if ((obj.metadata.finalizers ?? []).length) return;
      this.deleteKey(storageKey(info, namespace, name), obj);
    });
  }

  private gracePeriod(info: ResourceInfo, obj: KubeObject, requested: number | undefined): number {
    if (info.kind !== 'Pod') return 0;
    const pod = asPod(obj);
    const spec = pod.spec ?? {};
    // An unscheduled pod, or one that already finished, has nothing to stop: it goes at once.
    if (!spec.nodeName || isPodTerminal(pod)) return 0;
    return Math.max(0, requested ?? spec.terminationGracePeriodSeconds ?? 30);
  }

  /**
   * The body must decode into the kind's Go type before anything else happens (decode/):
   * `replicas: "four"` is a 400, not a defaulted 1; nothing is stored. A custom resource's
   * malformed metadata fields are dropped from `obj` (a copy) instead.
   */
  private requireDecodable(info: ResourceInfo, obj: KubeObject): void {
    const err = decoding().bodyDecodeError(obj, info.kind, info.version, apiVersionOf(info));
    if (err) throw err;
  }

  /**
   * NamespaceLifecycle admission: the namespace must exist, and a namespace being deleted takes no
   * new content. The refusal is admission.NewForbidden's: `<resource> "<name>" is forbidden: ...`,
   * named after the object (its generateName before a name is generated, else "Unknown"), with
   * the NamespaceTerminating cause that controllers test for.
   */
  private requireNamespace(info: ResourceInfo, ns: string, name: string): void {
    const nsInfo = NAMESPACES;
    if (!nsInfo) return;
    const obj = this.tryGet(nsInfo, undefined, ns);
    if (!obj) throw notFound('namespaces', '', ns);
    if (obj.metadata.deletionTimestamp) throw namespaceTerminating(info.resource, info.group, name, ns);
  }

  /**
   * One object as it was at a past revision (undefined: absent then), for a watch that starts
   * there (`rollout status` right after a write: cluster/last-write.ts): the current object,
   * unless the log after the revision changed it (state-at.ts). Decoded and shown as other reads,
   * converted for a version served by conversion. A revision the log no longer reaches is a
   * watch's 410 Expired.
   */
  getAt(info: ResourceInfo, namespace: string | undefined, name: string, revision: number): KubeObject | undefined {
    const sv = servedVersion(info);
    if (sv) {
      const o = this.getAt(sv.storage, namespace, name, revision);
      return o && sv.out(o);
    }
    const key = storageKey(info, namespace, name);
    const at = this.valuesAtOrExpired(key, revision);
    if (!at.has(key)) return this.tryGet(info, namespace, name);
    const v = at.get(key);
    return v && this.shown(info, decode(this.store.path, key, v.value, v.modRevision));
  }

  /**
   * The objects of one resource (one namespace or all) as they were at a past revision, in key
   * order, those `predicate` keeps: list(), corrected by the log after the revision as getAt is.
   */
  listAt(info: ResourceInfo, namespace: string | undefined, revision: number, predicate?: (o: KubeObject) => boolean): KubeObject[] {
    const sv = servedVersion(info);
    if (sv) return this.listAt(sv.storage, namespace, revision).map(sv.out).filter((o) => !predicate || predicate(o));
    const at = this.valuesAtOrExpired(storagePrefix(info, namespace), revision);
    const byKey: [string, KubeObject][] = [];
    for (const o of this.listShared(info, namespace)) {
      const key = storageKey(info, o.metadata.namespace, o.metadata.name ?? '');
      if (!at.has(key)) byKey.push([key, o]);
    }
    for (const [key, v] of at) if (v) byKey.push([key, this.shown(info, decode(this.store.path, key, v.value, v.modRevision))!]);
    byKey.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const objects = byKey.map(([, o]) => o);
    return predicate ? objects.filter(predicate) : objects;
  }

  private valuesAtOrExpired(prefix: string, revision: number): ReturnType<typeof valuesAt> {
    try {
      return valuesAt(this.store, prefix, revision);
    } catch (e) {
      if (e instanceof RevisionCompacted) throw resourceExpired(revision, e.compacted);
      throw e;
    }
  }

  /** Changes after a revision, for watch: ADDED / MODIFIED / DELETED with the object. */
  changesSince(afterRevision: number, info?: ResourceInfo, namespace?: string, untilTimeMs?: number): WatchEvent[] {
    const sv = info && servedVersion(info);
    if (sv) {
      // a watch of a version served by conversion sees each object converted
      return this.changesSince(afterRevision, sv.storage, namespace, untilTimeMs).map((e) => ({
        type: e.type,
        key: e.key,
        object: sv.out(e.object),
        revision: e.revision,
        timeMs: e.timeMs,
        resource: info,
      }));
    }
    return this.changesWithLast(afterRevision, info, namespace, untilTimeMs).events;
  }

  /** changesSince, and the last revision read (events of keys no resource owns included). */
  changesWithLast(
    afterRevision: number,
    info?: ResourceInfo,
    namespace?: string,
    untilTimeMs?: number,
  ): { events: WatchEvent[]; lastRevision: number } {
    const prefix = info ? storagePrefix(info, namespace) : '/registry/';
    const raw = this.changesOrExpired(afterRevision, prefix, untilTimeMs);
    const lastRevision = raw.length ? raw[raw.length - 1]!.kv.modRevision : afterRevision;
    // A plain loop: it runs over every change of each control-plane step (tens of thousands).
    const events: WatchEvent[] = [];
    for (const e of raw) {
      const resource = info ?? resourceForKey(e.kv.key);
      if (!resource) continue;
      if (e.type === 'DELETE') {
        if (e.deletedValue === undefined) continue;
        const o = decode(this.store.path, e.kv.key, e.deletedValue, e.kv.modRevision);
        events.push({ type: 'DELETED', key: e.kv.key, object: o, revision: e.kv.modRevision, timeMs: e.timeMs, resource });
        continue;
      }
      const { key, modRevision } = e.kv;
      const type = e.prevModRevision !== undefined ? 'MODIFIED' : 'ADDED';
      const ev = new LazyWatchEvent(type, key, modRevision, e.timeMs, resource, e.kv, this.decoded);
      const kept = type === 'MODIFIED' ? this.keptMetadata.of(modRevision, e.prevModRevision) : undefined;
      if (kept !== undefined) ev.sameMetadataAs = kept;
      events.push(ev);
    }
    return { events, lastRevision };
  }

  /** The log after a revision; one the compactor already dropped is a watch's 410 Expired. */
  private changesOrExpired(afterRevision: number, prefix: string, untilTimeMs: number | undefined): KeyEvent[] {
    try {
      return this.store.changesSince(afterRevision, prefix, undefined, untilTimeMs);
    } catch (e) {
      if (e instanceof RevisionCompacted) throw resourceExpired(afterRevision, e.compacted);
      throw e;
    }
  }

  groupResource(info: ResourceInfo): string {
    return groupResource(info);
  }

  /** An Invalid error for this resource, as validation reports it. */
  invalid(info: ResourceInfo, name: string, causes: Parameters<typeof invalid>[3]): StatusError {
    return invalid(info.kind, info.group, name, causes);
  }
}

/**
 * handlers/rest.go checkName: a patch may not rename the object or move it to another namespace
 * (nor drop its metadata): `the name of the object (other) does not match the name on the URL (big)`.
 */
function checkName(obj: KubeObject, namespace: string | undefined, name: string): void {
  const meta = (obj.metadata ?? {}) as Partial<KubeObject['metadata']>;
  const objName = typeof meta.name === 'string' ? meta.name : '';
  if (objName !== name) throw badRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`);
  const objNs = typeof meta.namespace === 'string' ? meta.namespace : '';
  if (namespace && objNs && objNs !== namespace) {
    throw badRequest(`the namespace of the object (${objNs}) does not match the namespace on the URL (${namespace})`);
  }
}

/** Fields a client cannot change with an update. */
function keepSystemMetadata(obj: KubeObject, old: KubeObject): void {
  const m = obj.metadata ?? (obj.metadata = {});
  m.uid = old.metadata.uid;
  m.creationTimestamp = old.metadata.creationTimestamp;
  m.namespace = old.metadata.namespace;
  if (m.namespace === undefined) delete m.namespace;
  if (old.metadata.generation !== undefined) m.generation = old.metadata.generation;
  if (old.metadata.deletionTimestamp) {
    m.deletionTimestamp = old.metadata.deletionTimestamp;
    m.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
  } else {
    delete m.deletionTimestamp;
    delete m.deletionGracePeriodSeconds;
  }
}

/** spec.finalizers of a Namespace (`kubernetes` until the namespace controller has emptied it). */
function namespaceFinalizers(obj: KubeObject): string[] {
  return asNamespace(obj).spec?.finalizers ?? [];
}

/** A pod in graceful termination stays until the kubelet finishes it, finalizers or not. */
function isGraceful(obj: KubeObject): boolean {
  return obj.kind === 'Pod' && (obj.metadata.deletionGracePeriodSeconds ?? 0) > 0;
}

/** What a DELETE without propagationPolicy does; kubectl always sends one, so this is for controllers. */
function defaultPropagation(_info: ResourceInfo): PropagationPolicy {
  return 'Background';
}

function decode(path: string, key: string, value: string, modRevision: number): KubeObject {
  const o = parseStoredObject(path, key, value);
  o.metadata.resourceVersion = String(modRevision);
  return o;
}
