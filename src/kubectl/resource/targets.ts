/**
 * Which objects label, annotate and patch act on: the part of cli-runtime's resource builder
 * (builder.go visitorResult, visitByPaths/BySelector/ByResource/ByName) these commands use,
 * with its wording and its order of checks. Errors of single objects (NotFound, a file object
 * in another namespace) are kept in place so the command can act on the others first and
 * report them at the end, as ContinueOnError does.
 */
import type { ApiServer } from '../../apiserver/server.js';
import { type KubeObject, objectJson } from '../../api/meta/v1.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import { fieldSelectorPredicate } from '../../apiserver/field-selector.js';
import type { JsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import { labelSelectorOrBadRequest } from './fetch.js';
import { resolveManifestObjects } from './manifest-objects.js';
import { parseResourceArgs } from './resource-args.js';
import { selectorMatches } from '../../labels/label-selector.js';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** One object to act on: from a file (local) or from the server. */
export interface Target {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  object: JsonObject;
  /** the file (or STDIN) a local object was read from */
  source?: string;
}

/** The visit: targets and per-object errors in order, and whether one item was implied. */
export interface Targets {
  items: (Target | Error)[];
  /** builder's singleItemImplied: `--list` prints no headers and --resource-version is allowed */
  singleItemImplied: boolean;
}

export interface FileOptions {
  files: string[];
  recursive: boolean;
  cwd: string;
  stdin: () => string;
  namespace: string;
  enforceNamespace: boolean;
}

/** The -f/-R part of a command's flags with the namespace and stdin of its environment. */
export function fileOptions(
  o: { files: string[]; recursive: boolean },
  env: { cwd: string; stdin: () => string; namespace: string; enforceNamespace: boolean },
): FileOptions {
  return {
    files: o.files,
    recursive: o.recursive,
    cwd: env.cwd,
    stdin: () => env.stdin(),
    namespace: env.namespace,
    enforceNamespace: env.enforceNamespace,
  };
}

export interface ServerRequest extends FileOptions {
  /** resource arguments: `TYPE NAME...`, `TYPE/NAME...`, `TYPE` */
  resources: string[];
  selector?: string;
  fieldSelector?: string;
  /** --all: an empty selector when exactly one resource argument is given */
  all: boolean;
  allNamespaces: boolean;
}

/** builder.go missingResourceError */
export const MISSING_RESOURCE = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/**
 * visitByPaths: one file given (not a directory, not stdin) implies a single item, even when
 * the file holds several documents.
 */
function pathsImplySingleItem(o: FileOptions): boolean {
  if (o.files.length !== 1 || o.files[0] === '-') return false;
  const abs = resolve(o.cwd, o.files[0]!);
  return !(existsSync(abs) && statSync(abs).isDirectory());
}

/** The objects of -f as they are in the files (`--local`). Path errors throw. */
export function fileTargets(o: FileOptions): Targets {
  const { objects, errors } = resolveManifestObjects(o.files, {
    cwd: o.cwd,
    recursive: o.recursive,
    stdin: o.stdin,
    namespace: o.namespace,
    enforceNamespace: o.enforceNamespace,
    validate: false,
  });
  const items: (Target | Error)[] = objects.map((r) => ({
    info: r.info,
    namespace: r.namespace,
    name: r.name,
    object: r.object,
    source: r.source,
  }));
  return { items: [...items, ...errors], singleItemImplied: pathsImplySingleItem(o) };
}

function fromServer(api: ApiServer, info: ResourceInfo, namespace: string | undefined, name: string): Target | Error {
  try {
    const obj = api.get(info, namespace, name);
    return { info, namespace, name, object: objectJson(obj) };
  } catch (e) {
    return e as Error;
  }
}

/**
 * The objects on the server that the arguments name, read fresh (the builder's `Latest()`).
 * The cluster is opened (`apiOf`) only once the arguments make sense. Builder-level mistakes
 * throw before anything is read:
 *   `label pods a=b`            → resource(s) were provided, but no name was specified
 *   `label pods x -l app=a ...` → name cannot be provided when a selector is specified
 *   `label pod x -A ...`        → a resource cannot be retrieved by name across all namespaces
 */
export function serverTargets(apiOf: () => ApiServer, o: ServerRequest): Targets {
  if (o.files.length) {
    if (o.resources.some((r) => r.includes('/'))) throw new CliError('resource/name arguments cannot be provided when a path is specified');
    if (o.resources.length) {
      throw new CliError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well');
    }
    const local = fileTargets(o);
    const api = apiOf();
    const items = local.items.map((t) => (t instanceof Error ? t : fromServer(api, t.info, t.namespace, t.name)));
    return { items, singleItemImplied: local.singleItemImplied };
  }
  const tuples = o.resources.some((r) => r.includes('/'));
  const selecting = o.selector !== undefined || o.fieldSelector !== undefined || (o.all && o.resources.length === 1);
  const selections = parseResourceArgs(o.resources);
  if (selecting) {
    if (tuples) throw new CliError('selectors and the all flag cannot be used when passing resource/name arguments');
    if (selections.some((s) => s.name !== undefined)) throw new CliError('name cannot be provided when a selector is specified');
    if (selections.length === 0) throw new CliError('at least one resource must be specified to use a selector');
    const api = apiOf();
    const labelSel = o.selector ? labelSelectorOrBadRequest(o.selector) : undefined;
    const items: Target[] = [];
    for (const { info } of selections) {
      const fieldPred = o.fieldSelector ? fieldSelectorPredicate(info, o.fieldSelector) : undefined;
      const ns = info.namespaced && !o.allNamespaces ? o.namespace : undefined;
      const found = api.list(info, ns, (obj: KubeObject) => {
        if (labelSel && !selectorMatches(labelSel, obj.metadata.labels)) return false;
        return !fieldPred || fieldPred(obj);
      });
      for (const obj of found) {
        items.push({ info, namespace: obj.metadata.namespace, name: obj.metadata.name ?? '', object: objectJson(obj) });
      }
    }
    return { items, singleItemImplied: false };
  }
  if (selections.length === 0) throw new CliError(MISSING_RESOURCE);
  const named = selections.filter((s) => s.name !== undefined);
  if (named.length === 0) throw new CliError('resource(s) were provided, but no name was specified');
  if (o.allNamespaces && named.some((s) => s.info.namespaced)) {
    throw new CliError('a resource cannot be retrieved by name across all namespaces');
  }
  const api = apiOf();
  const items = named.map((s) => fromServer(api, s.info, s.info.namespaced ? o.namespace : undefined, s.name!));
  return { items, singleItemImplied: named.length === 1 };
}
