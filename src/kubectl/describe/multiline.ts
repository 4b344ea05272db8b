import type { Taint, Toleration } from '../../api/core/v1/taint.js';
import { compareGoStrings } from '../../common/go-strings.js';
import { LEVEL_0, type PrefixWriter } from './prefix-writer.js';
import { LAST_APPLIED_ANNOTATION } from '../../api/kubectl-annotations.js';

/** describe.go maxAnnotationLen: longer `key: value` pairs are broken onto their own lines. */
const MAX_ANNOTATION_LEN = 140;

/**
 * printLabelsMultiline: `Title:\tk=v`, further pairs on continuation lines that start with a
 * tab so they align under the first value; keys sorted; `<none>` when empty.
 *
 *     Labels:  app=hello
 *              tier=web
 */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort(compareGoStrings);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${key}=${labels?.[key] ?? ''}\n`);
  });
}

/** strings' byte-length shorten: the first n bytes of s plus `...`. */
function shorten(s: string, max: number): string {
  const bytes = Buffer.from(s, 'utf8');
  return bytes.length > max ? `${bytes.subarray(0, max).toString('utf8')}...` : s;
}

/**
 * printAnnotationsMultiline: like labels but `key: value`, the last-applied configuration
 * skipped. A value with a newline, or a pair longer than 140 bytes (key + 2 + value), goes on
 * lines of its own below `key:`, each indented by two spaces and cut at 138 bytes plus `...`.
 */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== LAST_APPLIED_ANNOTATION)
    .sort(compareGoStrings);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    const value = (annotations?.[key] ?? '').replace(/\n$/, '');
    if (Buffer.byteLength(value) + Buffer.byteLength(key) + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const line of value.split('\n')) w.write(LEVEL_0, `\t  ${shorten(line, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/**
 * printPodTolerationsMultiline: sorted by key, each `key[=value][:effect][ op=Exists][ for Ns]`.
 * A bare `operator: Exists` (tolerates everything) prints `op=Exists` without the leading space.
 *
 *     {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}
 *     → node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
 */
export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: Toleration[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = [...(tolerations ?? [])].sort((a, b) => compareGoStrings(a.key ?? '', b.key ?? ''));
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
    w.write(LEVEL_0, `${s}\n`);
  });
}

/** Taint.ToString(): `key=value:effect`, leaving out the empty parts. */
export function taintString(t: Taint): string {
  const kv = t.value ? `${t.key ?? ''}=${t.value}` : t.key ?? '';
  return t.effect ? `${kv}:${t.effect}` : kv;
}

/** printNodeTaintsMultiline: sorted by `effect,key`, `<none>` when there are none. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: Taint[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const key = (t: Taint) => `${t.effect ?? ''},${t.key ?? ''}`;
  const list = [...(taints ?? [])].sort((a, b) => compareGoStrings(key(a), key(b)));
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}
