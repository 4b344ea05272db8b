/**
 * Applying label/annotation changes to one object the way kubectl's labelFunc and
 * updateAnnotations do on an unstructured object, with their overwrite checks.
 */
import { type JsonObject, cloneJson, isJsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import { aggregate } from '../resource/go-aggregate.js';
import type { MapChanges } from './pairs.js';
import { getOwn, setOwn } from '../../common/own-keys.js';
import { CHANGE_CAUSE_ANNOTATION } from '../../api/kubectl-annotations.js';

/** Which metadata map a command edits. */
export type MapField = 'labels' | 'annotations';

/** The object's labels or annotations (string values only, as GetLabels reads them). */
export function currentMap(obj: JsonObject, field: MapField): Record<string, string> | undefined {
  const meta = obj['metadata'];
  if (!isJsonObject(meta)) return undefined;
  const m = meta[field];
  if (!isJsonObject(m)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) if (typeof v === 'string') setOwn(out, k, v);
  return out;
}

/**
 * label.go validateNoOverwrites: one error per key that already holds a *different* value
 * (setting the same value again is allowed since kubectl 1.29):
 * `'app' already has a value (web), and --overwrite is false`. Several keys make an aggregate.
 */
export function labelOverwriteError(current: Record<string, string> | undefined, set: Map<string, string>): Error | undefined {
  const errs: Error[] = [];
  for (const [k, v] of set) {
    const cur = getOwn(current, k);
    if (cur !== undefined && cur !== v) errs.push(new CliError(`'${k}' already has a value (${cur}), and --overwrite is false`));
  }
  return aggregate(errs);
}

/**
 * annotate.go validateNoAnnotationOverwrites: all conflicting keys in one message, `; `
 * separated; kubernetes.io/change-cause never conflicts:
 * `--overwrite is false but found the following declared annotation(s): 'a' already has a value (1); 'b' already has a value (2)`.
 */
export function annotationOverwriteError(current: Record<string, string> | undefined, set: Map<string, string>): Error | undefined {
  const found: string[] = [];
  for (const [k, v] of set) {
    if (k === CHANGE_CAUSE_ANNOTATION) continue;
    const cur = getOwn(current, k);
    if (cur !== undefined && cur !== v) found.push(`'${k}' already has a value (${cur})`);
  }
  if (!found.length) return undefined;
  return new CliError(`--overwrite is false but found the following declared annotation(s): ${found.join('; ')}`);
}

export interface ApplyOptions {
  overwrite: boolean;
  /** --resource-version: written into the object (and so into the patch) when set */
  resourceVersion?: string;
}

/**
 * A copy of `obj` with the changes made. Like unstructured.SetLabels, the map is written even
 * when it ends up empty: removing a key from an object without labels gives `labels: {}`
 * (which is why kubectl then says `labeled` although nothing changed on the server).
 * Throws the overwrite error when --overwrite is false.
 */
export function applyMapChanges(obj: JsonObject, field: MapField, changes: MapChanges, o: ApplyOptions): JsonObject {
  const current = currentMap(obj, field);
  if (!o.overwrite) {
    const err = field === 'labels' ? labelOverwriteError(current, changes.set) : annotationOverwriteError(current, changes.set);
    if (err) throw err;
  }
  const out = cloneJson(obj) as JsonObject;
  const meta = isJsonObject(out['metadata']) ? out['metadata'] : (out['metadata'] = {});
  const next: Record<string, string> = { ...(current ?? {}) };
  for (const [k, v] of changes.set) setOwn(next, k, v);
  for (const k of changes.remove) delete next[k];
  setOwn(meta, field, next);
  if (o.resourceVersion) meta['resourceVersion'] = o.resourceVersion;
  return out;
}
