import type { KubeObject, OwnerReference } from '../../api/meta/v1.js';
import type { ApiServer } from '../../apiserver/server.js';
import { type ResourceInfo, resourceForKey, storageKey } from '../../apiserver/resources.js';
import type { ComponentState } from '../framework/state.js';

/** One dependent of an owner, as the index keeps it. */
export interface Dependent {
  uid: string;
  /** the dependent's keyspace key: where it is, without reading it */
  key: string;
  /** its reference to this owner has blockOwnerDeletion */
  blocking: boolean;
}

/** What the index knows of an object that has ownerReferences. */
interface OwnedEntry {
  key: string;
  owners: string[];
  blocking: string[];
}

/** A dependent as stored: [uid, key, blocking]. */
type StoredDependent = [string, string, 0 | 1];

/** An owned object as stored: [key, [owner uid, blocking]...] (10,000 pods: 10,000 rows, kept short). */
type StoredOwned = [string, [string, 0 | 1][]];

function toStored(e: OwnedEntry): StoredOwned {
  return [e.key, e.owners.map((o) => [o, e.blocking.includes(o) ? 1 : 0])];
}

function fromStored([key, owners]: StoredOwned): OwnedEntry {
  return { key, owners: owners.map(([o]) => o), blocking: owners.filter(([, b]) => b === 1).map(([o]) => o) };
}

interface IndexHeader {
  /** bumped when the index is dropped (an informer relist): the rows of older epochs are never read again */
  epoch: number;
  built: boolean;
  /** bumped at every write-back: another process's write-back makes what this one holds stale */
  version?: number;
}

const HEADER = 'owner-index';
/** `epoch:version`, read at every use (small) to tell whether another process wrote the index */
const VERSION = 'owner-index-version';

function versionOf(h: IndexHeader): string {
  return `${h.epoch}:${h.version ?? 0}`;
}

/**
 * The garbage collector's view of ownership (garbagecollector/graph.go's owner → dependents edges),
 * kept in the cluster file as the GC's own memory instead of being rebuilt from a list of every
 * object in each process: per object with ownerReferences its owners (`owned:<uid>`), per owner its
 * dependents (`dependents:<uid>`). It follows the GC informer's events, so it is the ownership the
 * GC has seen (the graph's view), and a change costs the rows of the objects it touches.
 *
 * One instance per process; what it read or changed is held in memory, changes written back at
 * the end of each step (`flush`): a step that creates 1,000 pods of one ReplicaSet writes that
 * owner's row once, not 1,000 times. A version in the file tells when another process wrote the
 * index meanwhile (then what this one holds is read again).
 *
 * The order of dependentsOf is the graph's: its dependents sets were filled from a list (resources
 * in `order`, then key order) and an object moved to the end of its owners' sets whenever an event
 * for it arrived in the process. Objects an event touched in this process come last, in the order
 * of their last event.
 */
export class OwnerIndex {
  private header: IndexHeader | undefined;
  private readonly owned = new Map<string, OwnedEntry | null>();
  private readonly dependents = new Map<string, Map<string, StoredDependent>>();
  private readonly dirtyOwned = new Set<string>();
  private readonly dirtyDependents = new Set<string>();
  /** the rollback epoch the memory above belongs to (a rolled-back step leaves nothing behind) */
  private epochSeen = -1;
  /** the stored text of the version this process holds */
  private versionText: string | undefined;
  /** uid → sequence number of the last event for it in this process */
  private readonly touched = new Map<string, number>();
  private sequence = 0;
  /** whether this process built the index from a list (then it may hold owners of versions its events have not reached yet) */
  private listed = false;
  /**
   * bumped whenever what this process holds is dropped or rebuilt (a rollback, another process's
   * write-back, a relist): a caller that remembers what an upsert saw asks it (touchSeen).
   */
  private memory = 0;

  constructor(
    private readonly order: readonly ResourceInfo[],
    private readonly listAll: (api: ApiServer) => { info: ResourceInfo; object: KubeObject }[],
  ) {}

  /**
   * Makes sure the index exists (built once from a full list for a file that has none), and that
   * what this process holds of it is what the file holds (else it is read again).
   */
  private ready(api: ApiServer, state: ComponentState): IndexHeader {
    const rollbacks = api.store.rollbackEpoch();
    const version = state.text(VERSION);
    if (rollbacks !== this.epochSeen || !this.header || version !== this.versionText) {
      this.forget();
      this.epochSeen = rollbacks;
      this.header = state.get<IndexHeader>(HEADER) ?? { epoch: 0, built: false };
      this.versionText = version;
    }
    if (!this.header.built) this.build(api, state, this.header);
    return this.header;
  }

  /** A file written before the index, or after a relist: every object once, then only changes. */
  private build(api: ApiServer, state: ComponentState, header: IndexHeader): void {
    this.memory++;
    this.listed = true;
    header.built = true;
    for (const { info, object } of this.listAll(api)) this.setOwners(state, info, object);
    this.flush(state, true);
  }

  /** The informer relisted: what the index holds may name objects long gone. Start over. */
  drop(api: ApiServer, state: ComponentState): void {
    const old = state.get<IndexHeader>(HEADER) ?? { epoch: 0, built: false };
    this.forget();
    this.epochSeen = api.store.rollbackEpoch();
    this.header = { epoch: old.epoch + 1, built: false };
    state.set(HEADER, this.header);
    this.writeVersion(state, this.header);
    this.touched.clear();
  }

  private forget(): void {
    this.memory++;
    this.header = undefined;
    this.owned.clear();
    this.dependents.clear();
    this.dirtyOwned.clear();
    this.dirtyDependents.clear();
  }

  private ownedName(uid: string): string {
    return `owned:${this.header?.epoch ?? 0}:${uid}`;
  }

  private dependentsName(uid: string): string {
    return `dependents:${this.header?.epoch ?? 0}:${uid}`;
  }

  private ownedOf(state: ComponentState, uid: string): OwnedEntry | undefined {
    let e = this.owned.get(uid);
    if (e === undefined) {
      const stored = state.get<StoredOwned>(this.ownedName(uid));
      this.owned.set(uid, (e = stored ? fromStored(stored) : null));
    }
    return e ?? undefined;
  }

  private dependentsRow(state: ComponentState, owner: string): Map<string, StoredDependent> {
    let row = this.dependents.get(owner);
    if (!row) {
      const stored = state.get<StoredDependent[]>(this.dependentsName(owner)) ?? [];
      this.dependents.set(owner, (row = new Map(stored.map((d) => [d[0], d]))));
    }
    return row;
  }

  /**
   * An ADDED or MODIFIED event: the object's owners now. Returns the mark of what the index
   * holds after it, for touchSeen. `kept`: a write that kept the metadata of the version before
   * it (WatchEvent.sameMetadataAs), whose event the index took (in this process or before the
   * informer's cursor), so it holds these very owners: what it does not hold in memory is not
   * read from the file to be compared (an advance's first status write of each of 10,000 pods).
   * Not so once this process built the index from a list: that may hold a later version's owners,
   * which the events before it set back on the way.
   */
  upsert(api: ApiServer, state: ComponentState, info: ResourceInfo, obj: KubeObject, added: boolean, kept = false): number {
    this.ready(api, state);
    const uid = obj.metadata.uid;
    if (!uid) return this.memory;
    if (!kept || this.listed || this.owned.has(uid)) this.setOwners(state, info, obj, added);
    this.touched.set(uid, ++this.sequence);
    return this.memory;
  }

  /**
   * A MODIFIED event of object uid whose ownerReferences are those of the version an upsert that
   * returned `mark` took: what upsert would do with it (the owners are the same, the object moves
   * to the end of its owners' dependents), when the index still holds what it did then. False
   * when it does not (dropped or rebuilt since): then the event must be upserted.
   */
  touchSeen(api: ApiServer, state: ComponentState, uid: string, mark: number): boolean {
    this.ready(api, state);
    if (mark !== this.memory) return false;
    this.touched.set(uid, ++this.sequence);
    return true;
  }

  /** A DELETED event: the owners the object had, as the index knew them (none if it knew nothing). */
  remove(api: ApiServer, state: ComponentState, uid: string): string[] {
    this.ready(api, state);
    const old = this.ownedOf(state, uid);
    this.touched.delete(uid);
    if (!old) return [];
    for (const o of old.owners) this.unlink(state, o, uid);
    this.owned.set(uid, null);
    this.dirtyOwned.add(uid);
    return old.owners;
  }

  /**
   * With `added` (an ADDED event) the file is not asked what it knew of the object: a new object
   * is unknown to it. (Only an index built from a list just now can know it already, with the
   * owners of a later version; the events up to that version then follow and leave it as the
   * list had it.)
   */
  private setOwners(state: ComponentState, info: ResourceInfo, obj: KubeObject, added = false): void {
    const uid = obj.metadata.uid ?? '';
    const refs = obj.metadata.ownerReferences ?? [];
    const old = added && !this.owned.has(uid) ? undefined : this.ownedOf(state, uid);
    if (!old && !refs.length) return;
    // Most events (status writes) keep the owners: told without building the entry to compare.
    if (old && sameOwners(old, refs) && old.key === storageKey(info, obj.metadata.namespace, obj.metadata.name ?? '')) return;
    const next: OwnedEntry = {
      key: storageKey(info, obj.metadata.namespace, obj.metadata.name ?? ''),
      owners: refs.map((r) => r.uid),
      blocking: refs.filter((r) => r.blockOwnerDeletion).map((r) => r.uid),
    };
    if (old && sameEntry(old, next)) return;
    for (const o of old?.owners ?? []) this.unlink(state, o, uid);
    for (const o of next.owners) {
      this.dependentsRow(state, o).set(uid, [uid, next.key, next.blocking.includes(o) ? 1 : 0]);
      this.dirtyDependents.add(o);
    }
    this.owned.set(uid, refs.length ? next : null);
    this.dirtyOwned.add(uid);
  }

  private unlink(state: ComponentState, owner: string, uid: string): void {
    if (this.dependentsRow(state, owner).delete(uid)) this.dirtyDependents.add(owner);
  }

  /** The objects that name uid among their owners, in the graph's order. */
  dependentsOf(api: ApiServer, state: ComponentState, uid: string): Dependent[] {
    this.ready(api, state);
    const rows = [...this.dependentsRow(state, uid).values()];
    const rank = (key: string) => {
      const info = resourceForKey(key);
      const i = info ? this.order.indexOf(info) : -1;
      return i < 0 ? this.order.length : i;
    };
    const untouched = rows
      .filter((d) => !this.touched.has(d[0]))
      .map((d) => ({ d, rank: rank(d[1]) }))
      .sort((a, b) => a.rank - b.rank || (a.d[1] < b.d[1] ? -1 : a.d[1] > b.d[1] ? 1 : 0))
      .map((x) => x.d);
    const touched = rows.filter((d) => this.touched.has(d[0])).sort((a, b) => this.touched.get(a[0])! - this.touched.get(b[0])!);
    return [...untouched, ...touched].map(([depUid, key, blocking]) => ({ uid: depUid, key, blocking: blocking === 1 }));
  }

  /** Writes what this step changed back to the file (what it read stays known while no other process writes). */
  flush(state: ComponentState, force = false): void {
    const header = this.header;
    if (!header || (!force && !this.dirtyOwned.size && !this.dirtyDependents.size)) return;
    for (const uid of this.dirtyOwned) {
      const e = this.owned.get(uid);
      if (e) state.set(this.ownedName(uid), toStored(e));
      else state.delete(this.ownedName(uid));
    }
    for (const owner of this.dirtyDependents) {
      const row = this.dependents.get(owner);
      if (row?.size) state.set(this.dependentsName(owner), [...row.values()]);
      else state.delete(this.dependentsName(owner));
    }
    this.dirtyOwned.clear();
    this.dirtyDependents.clear();
    header.version = (header.version ?? 0) + 1;
    state.set(HEADER, header);
    this.writeVersion(state, header);
  }

  private writeVersion(state: ComponentState, header: IndexHeader): void {
    state.set(VERSION, versionOf(header));
    this.versionText = JSON.stringify(versionOf(header));
  }
}

/** Whether refs name the owners of e, each blocking as there (what sameEntry says, element by element). */
function sameOwners(e: OwnedEntry, refs: readonly OwnerReference[]): boolean {
  if (e.owners.length !== refs.length) return false;
  let blocking = 0;
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i]!;
    if (e.owners[i] !== r.uid) return false;
    if (r.blockOwnerDeletion) {
      if (e.blocking[blocking] !== r.uid) return false;
      blocking++;
    }
  }
  return blocking === e.blocking.length;
}

function sameEntry(a: OwnedEntry, b: OwnedEntry): boolean {
  return a.key === b.key && a.owners.join() === b.owners.join() && a.blocking.join() === b.blocking.join();
}
