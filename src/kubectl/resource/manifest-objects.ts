/**
 * The objects of -f (files, directories with -R, `-` for stdin) as the builder reads them: each
 * mapped to the resource that serves its kind, in its own namespace or the request's.
 */
import { type ResourceInfo, findByKind } from '../../apiserver/resources.js';
import { isJsonObject, type JsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import { type ManifestSource, readManifestSourceResults, readManifestSources } from '../manifests/index.js';
import type { ResourceSelection } from './resource-args.js';
import type { CommandEnv } from './command-env.js';

/** One object of a manifest, resolved to its resource and the namespace it goes to. */
export interface ResolvedObject {
  source: string;
  object: JsonObject;
  info: ResourceInfo;
  /** undefined for cluster-scoped resources */
  namespace: string | undefined;
  name: string;
}

export interface FileReadOptions {
  cwd: string;
  recursive: boolean;
  stdin: () => string;
}

export interface ResolveOptions extends FileReadOptions {
  /** the request namespace (-n, or default) */
  namespace: string;
  /** -n was given: an object in another namespace is an error (kubectl's enforceNamespace) */
  enforceNamespace: boolean;
  /** create/apply check apiVersion and kind offline (--validate) */
  validate: boolean;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * kubectl's error for a kind the server does not serve (a RESTMapping failure), worded as
 * kubectl 1.3x prints it.
 */
function noMappingError(obj: JsonObject, source: string): CliError {
  const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
  return new CliError(
    `resource mapping not found for name: "${str(meta['name'])}" namespace: "${str(meta['namespace'])}" from "${source}": ` +
      `no matches for kind "${str(obj['kind'])}" in version "${str(obj['apiVersion'])}"\nensure CRDs are installed first`,
  );
}

/** Maps one manifest object to its resource, or the error kubectl prints for it. */
function mapObject(obj: JsonObject, source: string): ResourceInfo | CliError {
  const info = findByKind(str(obj['apiVersion']), str(obj['kind']));
  return info ?? noMappingError(obj, source);
}

/**
 * `get/describe/wait/rollout -f FILE`: the objects the files name, each in its own namespace
 * when it has one. The first bad document or unmappable object throws.
 */
export function selectionsFromFiles(files: string[], o: FileReadOptions): ResourceSelection[] {
  const out: ResourceSelection[] = [];
  for (const src of readManifestSources(files, o)) {
    for (const object of src.objects) {
      const info = mapObject(object, src.source);
      if (info instanceof CliError) throw info;
      const meta = isJsonObject(object['metadata']) ? object['metadata'] : {};
      const sel: ResourceSelection = { info, name: str(meta['name']) };
      const ns = str(meta['namespace']);
      if (ns) sel.namespace = ns;
      out.push(sel);
    }
  }
  return out;
}

/**
 * Reads -f sources the way create/apply/delete/label visit them: every good object comes back
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
  const meta = isJsonObject(object['metadata']) ? object['metadata'] : {};
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

/**
 * resolveManifestObjects with the cwd, stdin and request namespace of the command environment:
 * how apply, create and the builder's --local visit read -f.
 */
export function resolveManifestObjectsIn(
  env: Pick<CommandEnv, 'cwd' | 'stdin' | 'namespace' | 'enforceNamespace'>,
  files: string[],
  o: Pick<ResolveOptions, 'recursive' | 'validate'>,
): { objects: ResolvedObject[]; errors: Error[] } {
  return resolveManifestObjects(files, {
    cwd: env.cwd,
    recursive: o.recursive,
    stdin: () => env.stdin(),
    namespace: env.namespace,
    enforceNamespace: env.enforceNamespace,
    validate: o.validate,
  });
}
