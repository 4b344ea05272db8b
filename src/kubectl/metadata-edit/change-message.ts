/**
 * label.go updateDataChangeMsg: what `kubectl label` says it did, decided by comparing the
 * object's JSON (json.Marshal of the unstructured object) before and after the change:
 *  - same bytes → `not labeled` (e.g. setting a label to the value it has, removing a missing one);
 *  - otherwise `labeled`, but without --overwrite a shorter result reads `unlabeled`.
 * Worked examples on {"metadata":{"labels":{"app":"web"}}}:
 *   `new=1`          → 13 bytes longer → labeled
 *   `app-`           → shorter         → unlabeled (with --overwrite: labeled)
 *   `app=web`        → identical       → not labeled
 * and on an object with no labels, `x-` adds `"labels":{}` → longer → labeled.
 */
import type { JsonValue } from '../../common/json.js';
import { toCompactJson } from '../../common/go-json.js';

export const MSG_LABELED = 'labeled';
export const MSG_UNLABELED = 'unlabeled';
export const MSG_NOT_LABELED = 'not labeled';

export function labelChangeMessage(before: JsonValue, after: JsonValue, overwrite: boolean): string {
  const a = toCompactJson(before);
  const b = toCompactJson(after);
  if (a === b) return MSG_NOT_LABELED;
  if (!overwrite && Buffer.byteLength(b, 'utf8') < Buffer.byteLength(a, 'utf8')) return MSG_UNLABELED;
  return MSG_LABELED;
}
