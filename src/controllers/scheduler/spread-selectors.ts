import type { KubeObject } from '../../api/meta/v1.js';
import { asService } from '../../api/core/v1/service.js';
import { asReplicaSet } from '../../api/apps/v1/replica-set.js';
import type { ApiServer } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import { type CompiledLabelSelector, compileLabelSelector, selectorString } from '../../labels/label-selector.js';

const SERVICE = findByKind('v1', 'Service')!;
const REPLICA_SET = findByKind('apps/v1', 'ReplicaSet')!;

type Labels = Record<string, string> | undefined;
const NONE: readonly never[] = [];
type Pair = readonly [string, string];

/**
 * helper.DefaultSelector: the selectors of the Services and ReplicaSets that select the pod,
 * all of which a pod must match to count as "the same kind" for spreading. None → undefined.
 */
export interface SpreadSelector {
  matches: (labels: Labels) => boolean;
  /** the selectors it joins, as text: equal keys select alike (scoring counts per node by it) */
  key: string;
  /**
   * a label (key, value) every pod it matches has, when one of its selectors requires one: the
   * scheduler cache looks only at the groups of pods with that label (500 Deployments: 1, not 500)
   */
  required?: Pair;
}

/** One Service's or ReplicaSet's selector as the default selector joins it. */
interface Part {
  /** undefined: it never selects anything (no selector, an empty or invalid one) */
  matches: ((labels: Labels) => boolean) | undefined;
  key: string;
  required: Pair | undefined;
}

/** A Service or ReplicaSet as the memo knows it: the object last seen and what its selector adds. */
interface Source {
  obj: KubeObject;
  part: Part;
}

/** How one kind of object adds to the default selector. */
interface Kind {
  /** whether the two objects' selectors are the same (then so are their parts) */
  sameSelector(a: KubeObject, b: KubeObject): boolean;
  part(obj: KubeObject): Part;
}

/** The Services or the ReplicaSets of a namespace, as of one list of them. */
class Sources {
  private list: readonly KubeObject[] = [];
  private readonly byName = new Map<string, Source>();
  /** by the label they require; those requiring none in anyLabel */
  private readonly byLabel = new Map<string, Set<Source>>();
  private readonly anyLabel = new Set<Source>();

  constructor(private readonly kind: Kind) {}

  /**
   * The list now: what it adds, removes or changes the selector of. Most new lists differ by
   * one object added or by status writes (the same selectors): nothing to forget. The lists are
   * walked side by side, the old one's objects taken as the new one meets them: both are in key
   * order, so an object the new one has in place of another has replaced it (the same name) or
   * was added, and the old ones passed over are gone. (Were the order another, an object taken
   * as gone and then met again is added back: only more label sets are forgotten.)
   */
  follow(list: readonly KubeObject[]): readonly Part[] {
    const old = this.list;
    if (list === old) return NONE;
    const changed: Part[] = [];
    let i = 0;
    for (const obj of list) {
      if (old[i] === obj) {
        i++;
        continue;
      }
      const name = obj.metadata.name ?? '';
      const s = this.byName.get(name);
      if (!s) {
        const added: Source = { obj, part: this.kind.part(obj) };
        this.byName.set(name, added);
        this.file(added);
        changed.push(added.part);
        continue;
      }
      while (i < old.length && old[i] !== s.obj) this.gone(old[i++]!, changed);
      if (i < old.length) i++;
      const before = s.obj;
      if (before === obj) continue;
      s.obj = obj;
      if (this.kind.sameSelector(before, obj)) continue;
      changed.push(s.part);
      this.unfile(s);
      s.part = this.kind.part(obj);
      this.file(s);
      changed.push(s.part);
    }
    while (i < old.length) this.gone(old[i++]!, changed);
    this.list = list;
    return changed;
  }

  /** obj of the old list is not in the new one (unless its name's source holds another object by now). */
  private gone(obj: KubeObject, changed: Part[]): void {
    const name = obj.metadata.name ?? '';
    const s = this.byName.get(name);
    if (s?.obj !== obj) return;
    this.byName.delete(name);
    this.unfile(s);
    changed.push(s.part);
  }

  /** The parts that select labels, in the list's order. */
  selecting(labels: Record<string, string>): Part[] {
    const found: Source[] = [];
    for (const s of this.anyLabel) if (s.part.matches?.(labels)) found.push(s);
    for (const k in labels) {
      if (!Object.prototype.hasOwnProperty.call(labels, k)) continue;
      for (const s of this.byLabel.get(pairKey(k, labels[k] ?? '')) ?? []) if (s.part.matches?.(labels)) found.push(s);
    }
    if (found.length > 1) {
      const at = new Map(found.map((s) => [s, this.list.indexOf(s.obj)]));
      found.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
    }
    return found.map((s) => s.part);
  }

  private file(s: Source): void {
    const r = s.part.required;
    if (!s.part.matches) return;
    if (!r) {
      this.anyLabel.add(s);
      return;
    }
    const k = pairKey(r[0], r[1]);
    let set = this.byLabel.get(k);
    if (!set) this.byLabel.set(k, (set = new Set()));
    set.add(s);
  }

  private unfile(s: Source): void {
    this.anyLabel.delete(s);
    const r = s.part.required;
    if (r) this.byLabel.get(pairKey(r[0], r[1]))?.delete(s);
  }
}

const SERVICES: Kind = {
  sameSelector: (a, b) => sameFlat(asService(a).spec?.selector, asService(b).spec?.selector),
  part(svc) {
    const entries = Object.entries(asService(svc).spec?.selector ?? {});
    if (!entries.length) return { matches: undefined, key: '', required: undefined };
    return {
      matches: (l) => entries.every(([k, v]) => (l ?? {})[k] === v),
      key: `svc:${JSON.stringify(entries)}`,
      required: entries[0],
    };
  },
};

const REPLICA_SETS: Kind = {
  sameSelector: (a, b) => sameJson(asReplicaSet(a).spec.selector, asReplicaSet(b).spec.selector),
  part(rs) {
    const sel = compileLabelSelector(asReplicaSet(rs).spec.selector);
    if (!sel || sel.empty) return { matches: undefined, key: '', required: undefined };
    return { matches: sel.matches, key: `rs:${selectorString(sel.selector)}`, required: requiredLabel(sel) };
  },
};

/** A label = value the selector requires (`app=web`, or `app in (web)`), if it requires one. */
export function requiredLabel(sel: CompiledLabelSelector): Pair | undefined {
  if (sel.selector.kind !== 'requirements') return undefined;
  for (const r of sel.selector.requirements) {
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return [r.key, r.values[0] ?? ''];
  }
  return undefined;
}

interface NamespaceMemo {
  services: Sources;
  replicaSets: Sources;
  /** per pod labels (as JSON text): the labels and their selector */
  byLabels: Map<string, LabelsEntry>;
  /** the byLabels keys by each label of theirs */
  byLabel: Map<string, Set<string>>;
  /** the last label set asked for, and its key: a Deployment's pods come one after another */
  last: { key: string; entry: LabelsEntry } | undefined;
}

interface LabelsEntry {
  labels: Record<string, string>;
  selector: SpreadSelector | undefined;
}

/**
 * The default spread selector of each label set of a namespace, kept while the selectors of the
 * namespace's Services and ReplicaSets that select it stay. Upstream asks the listers for every
 * pod it schedules; here 10,000 pods of 500 Deployments would each look through 500 ReplicaSets
 * (and the list changes with every ReplicaSet status write, which changes no selector). When a
 * list changes, the selectors added, removed or changed forget the label sets they select
 * (before or after): for every other label set the selectors that select it, and their order in
 * the lists, are what they were. Selectors are filed by a label they require, so a label set
 * looks only at those that may select it, and a selector only at the label sets it may select.
 */
export class SpreadSelectors {
  private readonly byNamespace = new Map<string | undefined, NamespaceMemo>();

  of(api: ApiServer, pod: KubeObject): SpreadSelector | undefined {
    const ns = pod.metadata.namespace;
    let memo = this.byNamespace.get(ns);
    if (!memo) {
      memo = { services: new Sources(SERVICES), replicaSets: new Sources(REPLICA_SETS), byLabels: new Map(), byLabel: new Map(), last: undefined };
      this.byNamespace.set(ns, memo);
    }
    forget(memo, memo.services.follow(api.listShared(SERVICE, ns)));
    forget(memo, memo.replicaSets.follow(api.listShared(REPLICA_SET, ns)));
    const labels = pod.metadata.labels ?? {};
    const last = memo.last;
    // The same labels as the last pod's (not forgotten since): no text to make.
    if (last && sameFlat(last.entry.labels, labels) && memo.byLabels.get(last.key) === last.entry) return last.entry.selector;
    const labelsKey = JSON.stringify(labels);
    const hit = memo.byLabels.get(labelsKey);
    if (hit) {
      memo.last = { key: labelsKey, entry: hit };
      return hit.selector;
    }
    const selector = build([...memo.services.selecting(labels), ...memo.replicaSets.selecting(labels)]);
    const entry: LabelsEntry = { labels, selector };
    memo.byLabels.set(labelsKey, entry);
    memo.last = { key: labelsKey, entry };
    for (const k in labels) {
      if (!Object.prototype.hasOwnProperty.call(labels, k)) continue;
      const pk = pairKey(k, labels[k] ?? '');
      let set = memo.byLabel.get(pk);
      if (!set) memo.byLabel.set(pk, (set = new Set()));
      set.add(labelsKey);
    }
    return selector;
  }
}

/** Forgets the label sets the changed parts select. */
function forget(memo: NamespaceMemo, changed: readonly Part[]): void {
  for (const p of changed) {
    if (!p.matches) continue;
    const keys = p.required ? memo.byLabel.get(pairKey(p.required[0], p.required[1])) : memo.byLabels.keys();
    for (const key of keys ?? []) {
      const e = memo.byLabels.get(key);
      if (e && p.matches(e.labels)) memo.byLabels.delete(key);
    }
  }
}

function build(chosen: readonly Part[]): SpreadSelector | undefined {
  if (!chosen.length) return undefined;
  const matchers = chosen.map((p) => p.matches!);
  const out: SpreadSelector = {
    matches: (l) => matchers.every((m) => m(l)),
    key: JSON.stringify(chosen.map((p) => p.key)),
  };
  const required = chosen.find((p) => p.required)?.required;
  if (required) out.required = required;
  return out;
}

function pairKey(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

/** Same keys in the same order with the same values: equal JSON texts (labels, a Service's selector). */
function sameFlat(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (a === b) return true;
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || a?.[k] !== b?.[k]) return false;
  }
  return true;
}

/** Equal as JSON (a ReplicaSet's selector: small, and compared only when its object changed). */
function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
