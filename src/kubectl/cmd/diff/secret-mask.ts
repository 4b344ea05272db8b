/**
 * kubectl diff hides Secret values (diff.go Masker): every key of `data` is replaced with
 * `***`; where a key is on both sides with different values, the sides get `*** (before)` and
 * `*** (after)` so that diff still shows a change. Only `data` is masked, not `stringData`.
 *
 *   live   data {a: YQ==, b: Yg==}        → {a: '***',          b: '*** (before)'}
 *   merged data {a: YQ==, b: Yw==, c: ..}  → {a: '***',          b: '*** (after)', c: '***'}
 */
import { cloneJson, isJsonObject, type JsonObject } from '../../../common/json.js';
import { hasOwn, setOwn } from '../../../common/own-keys.js';

export const MASK = '***';
export const MASK_BEFORE = '*** (before)';
export const MASK_AFTER = '*** (after)';

/** Whether kubectl masks this object: kind Secret in a `v1` version (diff.go checks just those). */
export function isMaskedKind(obj: JsonObject): boolean {
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
  return obj['kind'] === 'Secret' && version === 'v1';
}

function dataOf(obj: JsonObject | undefined): JsonObject | undefined {
  const d = obj?.['data'];
  return isJsonObject(d) ? d : undefined;
}

/** Masked copies of the live (possibly absent) and merged objects. */
export function maskSecretData(
  live: JsonObject | undefined,
  merged: JsonObject,
): { live: JsonObject | undefined; merged: JsonObject } {
  const from = live === undefined ? undefined : cloneJson(live);
  const to = cloneJson(merged);
  const fromData = dataOf(from);
  const toData = dataOf(to);
  for (const k of Object.keys(fromData ?? {})) {
    if (toData && hasOwn(toData, k)) {
      if (toData[k] !== fromData![k]) {
        setOwn(fromData!, k, MASK_BEFORE);
        setOwn(toData, k, MASK_AFTER);
        continue;
      }
      setOwn(toData, k, MASK);
    }
    setOwn(fromData!, k, MASK);
  }
  for (const k of Object.keys(toData ?? {})) {
    if (!fromData || !hasOwn(fromData, k)) setOwn(toData!, k, MASK);
  }
  return { live: from, merged: to };
}
