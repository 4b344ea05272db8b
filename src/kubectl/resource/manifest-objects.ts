import type { ResourceInfo } from '../../apiserver/resources.js';
import type { JsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import { mapObject } from './file-selections.js';
import { type ManifestSource, readManifestSourceResults } from '../manifests/index.js';

/** One object of a manifest, resolved to its resource and the namespace it goes to. */
export interface ResolvedObject {
  source: string;
  object: JsonObject;
  info: ResourceInfo;
  /** undefined for cluster-scoped resources */
  namespace: string | undefined;
  name: string;
}

export interface ResolveOptions {
  cwd: string;
  recursive: boolean;
  stdin: () => string;
  /** the request namespace (-n, or default) */
  namespace: string;
  /** -n was given: an object in another namespace is an error (kubectl's enforceNamespace) */
  enforceNamespace: boolean;
  /** create/apply check apiVersion and kind offline (--validate) */
  validate: boolean;
}

/**
 * Reads -f sources the way create/apply/delete visit them: every good object comes back
 * resolved, and every bad document or unmappable object becomes an error of its own, so one
 * bad document does not stop the others.
 */
export function resolveManifestObjects(files: string[], o: ResolveOptions): { objects: ResolvedObject[]; errors: Error[] } {
  const sources: ManifestSource[] = readManifestSourceResults(files, {
    cwd: o.cwd,
    recursive: o.recursive,
    stdin: o.stdin,
    validate: o.validate,
  });
  const objects: ResolvedObject[] = [];
  const errors: Error[] = [];
  for (const src of sources) {
    for (const doc of src.documents) {
      if (doc.error) {
        errors.push(doc.error);
        continue;
      }
      for (const object of doc.objects) {
        const r = resolveOne(object, src.source, o);
        if (r instanceof Error) errors.push(r);
        else objects.push(r);
      }
    }
    if (src.error) errors.push(src.error);
  }
  return { objects, errors };
}

function resolveOne(object: JsonObject, source: string, o: ResolveOptions): ResolvedObject | Error {
  const info = mapObject(object, source);
  if (info instanceof CliError) return info;
  const meta = (object['metadata'] ?? {}) as JsonObject;
  const name = typeof meta['name'] === 'string' ? meta['name'] : '';
  const own = typeof meta['namespace'] === 'string' && meta['namespace'] !== '' ? meta['namespace'] : undefined;
  if (!info.namespaced) return { source, object, info, namespace: undefined, name };
  if (own && o.enforceNamespace && own !== o.namespace) {
    return new CliError(
      `the namespace from the provided object "${own}" does not match the namespace "${o.namespace}". You must pass '--namespace=${own}' to perform this operation.`,
    );
  }
  return { source, object, info, namespace: own ?? o.namespace, name };
}
