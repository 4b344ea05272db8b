/**
 * The taint arguments of `kubectl taint` (pkg/cmd/taint/utils.go parseTaints / parseTaint):
 * `KEY[=VALUE]:EFFECT` adds (or, with --overwrite, replaces) a taint, `KEY[:EFFECT]-` removes
 * the taints of that key (and effect). A bad spec is a usage error of the command; its wording is
 * kubectl's, validation messages included:
 *   `a=b`            → invalid taint spec: a=b, name part must consist of ... (the whole `a=b` is
 *                      the key, since there is no `:`)
 *   `a=b=c:NoSchedule` → invalid taint spec: a=b=c:NoSchedule
 *   `a:Sometimes`    → invalid taint effect: Sometimes, unsupported taint effect
 */
import type { Taint } from '../../../api/core/v1/taint.js';
import { labelValueErrors, qualifiedNameErrors } from '../../../labels/label-validation.js';

/** The effects a taint may have (v1.TaintEffect). */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** A taint to remove: a key, and an effect unless every taint of the key goes. */
export interface TaintToRemove {
  key: string;
  effect: string;
}

/** What the taint arguments ask for, in their order. */
export interface TaintChanges {
  add: Taint[];
  remove: TaintToRemove[];
}

/** A spec kubectl refuses while parsing (it then adds the `-h for help and examples` line). */
export class TaintSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaintSpecError';
  }
}

/** Whether an argument is a taint change rather than a resource (`=`, `:` or a trailing `-`). */
export function isTaintArg(arg: string): boolean {
  return arg.includes('=') || arg.includes(':') || arg.endsWith('-');
}

/** Taint.ToString(): `key`, `key=value`, `key:effect` or `key=value:effect`. */
export function taintText(t: { key: string; value?: string; effect?: string }): string {
  const value = t.value ?? '';
  const head = value ? `${t.key}=${value}` : t.key;
  return t.effect ? `${head}:${t.effect}` : head;
}

/** Go's `%v` of a v1.Taint: `{key value effect <nil>}` (TimeAdded nil). */
function goTaintValue(t: Taint): string {
  return `{${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;
}

/** parseTaint: `<key>=<value>:<effect>`, `<key>:<effect>` or `<key>`. */
function parseTaint(spec: string): { key: string; value: string; effect: string } {
  const parts = spec.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) {
    key = parts[0]!;
  } else if (parts.length === 2) {
    effect = parts[1]!;
    if (!(TAINT_EFFECTS as readonly string[]).includes(effect)) throw new TaintSpecError(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = parts[0]!.split('=');
    if (kv.length > 2) throw new TaintSpecError(`invalid taint spec: ${spec}`);
    key = kv[0]!;
    if (kv.length === 2) {
      value = kv[1]!;
      const errs = labelValueErrors(value);
      if (errs.length) throw new TaintSpecError(`invalid taint spec: ${spec}, ${errs.join('; ')}`);
    }
  } else {
    throw new TaintSpecError(`invalid taint spec: ${spec}`);
  }
  const errs = qualifiedNameErrors(key);
  if (errs.length) throw new TaintSpecError(`invalid taint spec: ${spec}, ${errs.join('; ')}`);
  return { key, value, effect };
}

/**
 * parseTaints: the taints to add (each needs an effect, and no two share key and effect) and
 * the ones to remove (a removal keeps only key and effect: `a=b:NoSchedule-` removes `a:NoSchedule`).
 */
export function parseTaints(specs: readonly string[]): TaintChanges {
  const add: Taint[] = [];
  const remove: TaintToRemove[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      remove.push({ key: t.key, effect: t.effect });
      continue;
    }
    const t = parseTaint(spec);
    if (!t.effect) throw new TaintSpecError(`invalid taint spec: ${spec}`);
    const taint: Taint = t.value ? { key: t.key, value: t.value, effect: t.effect } : { key: t.key, effect: t.effect };
    const id = `${t.effect}\u0000${t.key}`;
    if (seen.has(id)) throw new TaintSpecError(`duplicated taints with the same key and effect: ${goTaintValue(taint)}`);
    seen.add(id);
    add.push(taint);
  }
  return { add, remove };
}

/**
 * Validate's check that no taint is both added and removed: a removal of the same key without an
 * effect, or with the added one's effect. kubectl 1.33 names each as `key=effect`
 * (`a=b:NoSchedule a-` → `a=`).
 */
export function conflictingChanges(changes: TaintChanges): string[] {
  const conflicts: string[] = [];
  for (const a of changes.add) {
    for (const r of changes.remove) {
      if (a.key !== r.key) continue;
      if (!r.effect || a.effect === r.effect) conflicts.push(`${r.key}=${r.effect}`);
    }
  }
  return conflicts;
}
