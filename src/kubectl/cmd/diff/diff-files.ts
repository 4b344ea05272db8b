/**
 * What kubectl diff writes for one object (diff.go Differ.Diff + Printer): the live and the
 * merged object as YAML, managedFields dropped unless asked for, Secret data masked.
 */
import { cloneJson, isJsonObject, type JsonObject } from '../../../common/json.js';
import { toYaml } from '../../printers/yaml.js';
import { isMaskedKind, maskSecretData } from './secret-mask.js';

export interface DiffFileTexts {
  live: string;
  merged: string;
}

function withoutManagedFields(obj: JsonObject): JsonObject {
  const copy = cloneJson(obj);
  if (isJsonObject(copy['metadata'])) delete copy['metadata']['managedFields'];
  return copy;
}

/**
 * The two file contents. An absent live object gives an empty file, except for a Secret:
 * kubectl's masker turns the missing object into a typed nil, which sigs.k8s.io/yaml prints
 * as `null` (so a new Secret diffs as `-null` against the whole object).
 */
export function diffFileTexts(live: JsonObject | undefined, merged: JsonObject, showManagedFields: boolean): DiffFileTexts {
  let from = live === undefined ? undefined : showManagedFields ? cloneJson(live) : withoutManagedFields(live);
  let to = showManagedFields ? cloneJson(merged) : withoutManagedFields(merged);
  if (isMaskedKind(to)) {
    ({ live: from, merged: to } = maskSecretData(from, to));
    if (from === undefined) return { live: 'null\n', merged: toYaml(to) };
  }
  return { live: from === undefined ? '' : toYaml(from), merged: toYaml(to) };
}
