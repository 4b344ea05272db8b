/**
 * How `set env` changes one container's env list (kubectl cmd/set/helper.go updateEnv and
 * set_env.go validateNoOverwrites):
 *  - existing variables keep their place; one that is set again is replaced in place, one
 *    that is removed disappears;
 *  - new variables go at the end, in the order given (a name given twice: the first wins);
 *  - an empty result drops `env` altogether (Go's omitempty on an empty slice).
 * Example: env [FOO=1, BAR=two], set NEW=n FOO=10 → [FOO=10, BAR=two, NEW=n].
 */
import type { JsonObject } from '../../../common/json.js';
import { isJsonObject, jsonEqual } from '../../../common/json.js';
import type { EnvVar } from './env-args.js';

/** The env list as JSON values (an absent list is empty). */
export function envOf(container: JsonObject): JsonObject[] {
  const env = container['env'];
  return Array.isArray(env) ? env.filter(isJsonObject) : [];
}

function envVarJson(e: EnvVar): JsonObject {
  const out: JsonObject = { name: e.name };
  if (e.value !== undefined && e.value !== '') out['value'] = e.value;
  if (e.valueFrom) out['valueFrom'] = e.valueFrom;
  return out;
}

/** updateEnv: the new env list of a container (see the file comment). */
export function updateEnv(existing: JsonObject[], env: EnvVar[], remove: string[]): JsonObject[] {
  const out: JsonObject[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    const name = String(e['name'] ?? '');
    if (covered.has(name)) continue;
    const newer = env.find((x) => x.name === name);
    if (newer) {
      covered.add(name);
      out.push(envVarJson(newer));
      continue;
    }
    out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(envVarJson(e));
  }
  return out;
}

/** Sets the container's env (in place), dropping the field when the list is empty. */
export function setContainerEnv(container: JsonObject, env: JsonObject[]): void {
  if (env.length) container['env'] = env;
  else delete container['env'];
}

/**
 * validateNoOverwrites (--overwrite=false): a variable that exists with another value is an
 * error; the same value is fine. Compared as kubectl does, on `value` only.
 */
export function overwriteError(existing: JsonObject[], env: EnvVar[]): string | undefined {
  for (const e of env) {
    const current = existing.find((x) => x['name'] === e.name);
    if (!current) continue;
    const currentValue = typeof current['value'] === 'string' ? current['value'] : '';
    if (!jsonEqual(currentValue, e.value ?? '')) {
      return `'${e.name}' already has a value (${currentValue}), and --overwrite is false`;
    }
  }
  return undefined;
}
