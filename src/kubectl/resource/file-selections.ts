import { type ResourceInfo, findByKind } from '../../apiserver/resources.js';
import type { JsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import { readManifestSources } from '../manifests/index.js';
import type { ResourceSelection } from './resource-args.js';

export interface FileReadOptions {
  cwd: string;
  recursive: boolean;
  stdin: () => string;
}

/** An object read from a manifest, with the file it came from and the resource it maps to. */
export interface ManifestObject {
  source: string;
  object: JsonObject;
  info: ResourceInfo;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * kubectl's error for a kind the server does not serve (a RESTMapping failure), worded as
 * kubectl 1.3x prints it.
 */
export function noMappingError(obj: JsonObject, source: string): CliError {
  const meta = (obj['metadata'] ?? {}) as JsonObject;
  return new CliError(
    `resource mapping not found for name: "${str(meta['name'])}" namespace: "${str(meta['namespace'])}" from "${source}": ` +
      `no matches for kind "${str(obj['kind'])}" in version "${str(obj['apiVersion'])}"\nensure CRDs are installed first`,
  );
}

/** Maps one manifest object to its resource, or the error kubectl prints for it. */
export function mapObject(obj: JsonObject, source: string): ResourceInfo | CliError {
  const info = findByKind(str(obj['apiVersion']), str(obj['kind']));
  return info ?? noMappingError(obj, source);
}

/** Reads -f sources into objects with their resources; unmappable objects throw. */
export function readManifestObjects(files: string[], o: FileReadOptions): ManifestObject[] {
  const out: ManifestObject[] = [];
  for (const src of readManifestSources(files, o)) {
    for (const object of src.objects) {
      const info = mapObject(object, src.source);
      if (info instanceof CliError) throw info;
      out.push({ source: src.source, object, info });
    }
  }
  return out;
}

/** `get/delete -f FILE`: the objects the files name, each in its own namespace when it has one. */
export function selectionsFromFiles(files: string[], o: FileReadOptions): ResourceSelection[] {
  return readManifestObjects(files, o).map(({ object, info }) => {
    const meta = (object['metadata'] ?? {}) as JsonObject;
    const sel: ResourceSelection = { info, name: str(meta['name']) };
    const ns = str(meta['namespace']);
    if (ns) sel.namespace = ns;
    return sel;
  });
}
