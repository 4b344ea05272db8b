/**
 * kubectl's resource builder (cli-runtime pkg/resource/builder.go): which objects a verb acts
 * on. A verb describes its request (BuilderRequest: arguments, -f/-R/stdin, -l,
 * --field-selector, --all, -A) and the builder, with the namespace of the command environment
 * (the default, and enforced when -n was given), either
 *  - names what the request selects (`selectionsOf`: get, describe, wait, rollout read these
 *    through fetch.ts's fetchSelections or their own watch/wait loops),
 *  - visits the objects of -f as they are in the files (`visitFiles`: --local), or
 *  - visits the objects on the server, read fresh (`visitServer`: Latest(), with every check of
 *    builder.go visitorResult in its order).
 * `visit` picks one of the last two by --local. Errors of single objects (NotFound, a file
 * object in another namespace) stay in place among the visited objects, so a verb can act on
 * the others first and report them at the end (`visitEach`, the ContinueOnError visitor;
 * go-aggregate.ts prints them as kubectl does).
 */
import type { ApiServer } from '../../apiserver/server.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import type { JsonObject } from '../../common/json.js';
import { objectJson } from '../../api/meta/v1.js';
import type { CommandEnv } from './command-env.js';
import {
  missingResource,
  rejectArgsWithPaths,
  rejectNamesAcrossNamespaces,
  rejectNamesWithSelector,
  rejectTuplesWithSelector,
  requireNames,
  requireTypesForSelector,
} from './builder-checks.js';
import { labelSelectorOrBadRequest, listSelected, selectionNamespace } from './fetch.js';
import { lazy } from '../../common/lazy.js';
import { type ResourceSelection, parseResourceArgs } from './resource-args.js';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The manifest readers, loaded only when -f is given (`get pods` starts without them). */
const manifests = lazy(() => require('./manifest-objects.js') as typeof import('./manifest-objects.js'));

/** What a verb asks the builder for (the builder's parameters, from the verb's flags). */
export interface BuilderRequest {
  /** resource arguments: `TYPE NAME...`, `TYPE/NAME...`, `TYPE1,TYPE2` */
  args: string[];
  /** -f (`-` is stdin) */
  files: string[];
  /** -R */
  recursive: boolean;
  /** -l */
  selector?: string;
  fieldSelector?: string;
  /** --all: an empty selector when exactly one resource argument is given */
  all: boolean;
  /** -A */
  allNamespaces: boolean;
  /** --local: the objects of -f as they are; the server is never asked */
  local: boolean;
}

/** Where the builder reads -f from, and the namespace it defaults to (and enforces after -n). */
export type BuilderEnv = Pick<CommandEnv, 'cwd' | 'stdin' | 'namespace' | 'enforceNamespace'>;

/** One object to act on (the builder's resource.Info): from a file (local) or from the server. */
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

/** The objects a verb acts on: the files' own with --local, else the server's (see below). */
export function visit(apiOf: () => ApiServer, req: BuilderRequest, env: BuilderEnv): Targets {
  return req.local ? visitFiles(req, env) : visitServer(apiOf, req, env);
}

/**
 * ContinueOnError: `fn` runs for every target, and the errors (of the visit and of `fn`) are
 * returned in order for the verb to report at the end (go-aggregate's throwCollected).
 */
export function visitEach(items: (Target | Error)[], fn: (t: Target) => void): Error[] {
  const errors: Error[] = [];
  for (const item of items) {
    if (item instanceof Error) {
      errors.push(item);
      continue;
    }
    try {
      fn(item);
    } catch (e) {
      errors.push(e as Error);
    }
  }
  return errors;
}

/**
 * What the request names, without reading the server: the objects of -f (each in its own
 * namespace when it has one; an unmappable kind throws), else the parsed arguments.
 */
export function selectionsOf(req: Pick<BuilderRequest, 'args' | 'files' | 'recursive'>, env: Pick<BuilderEnv, 'cwd' | 'stdin'>): ResourceSelection[] {
  return req.files.length
    ? manifests().selectionsFromFiles(req.files, { cwd: env.cwd, recursive: req.recursive, stdin: () => env.stdin() })
    : parseResourceArgs(req.args);
}

/**
 * visitByPaths: one file given (not a directory, not stdin) implies a single item, even when
 * the file holds several documents.
 */
function pathsImplySingleItem(files: string[], cwd: string): boolean {
  if (files.length !== 1 || files[0] === '-') return false;
  const abs = resolve(cwd, files[0]!);
  return !(existsSync(abs) && statSync(abs).isDirectory());
}

/** The objects of -f as they are in the files (`--local`). Path errors throw. */
export function visitFiles(req: Pick<BuilderRequest, 'files' | 'recursive'>, env: BuilderEnv): Targets {
  const { objects, errors } = manifests().resolveManifestObjectsIn(env, req.files, { recursive: req.recursive, validate: false });
  const items: (Target | Error)[] = objects.map((r) => ({
    info: r.info,
    namespace: r.namespace,
    name: r.name,
    object: r.object,
    source: r.source,
  }));
  return { items: [...items, ...errors], singleItemImplied: pathsImplySingleItem(req.files, env.cwd) };
}

/** Named selections where they are looked up: in the request namespace, unless cluster-scoped. */
export function placeNamed(selections: ResourceSelection[], namespace: string): { info: ResourceInfo; namespace: string | undefined; name: string }[] {
  return selections.map((s) => ({ info: s.info, namespace: s.info.namespaced ? namespace : undefined, name: s.name ?? '' }));
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
 * The objects on the server that the request names, read fresh (the builder's `Latest()`).
 * The cluster is opened (`apiOf`) only once the arguments make sense. Builder-level mistakes
 * throw before anything is read:
 *   `label pods a=b`            → resource(s) were provided, but no name was specified
 *   `label pods x -l app=a ...` → name cannot be provided when a selector is specified
 *   `label pod x -A ...`        → a resource cannot be retrieved by name across all namespaces
 */
export function visitServer(apiOf: () => ApiServer, req: BuilderRequest, env: BuilderEnv): Targets {
  if (req.files.length) {
    rejectArgsWithPaths(req.args);
    const local = visitFiles(req, env);
    const api = apiOf();
    const items = local.items.map((t) => (t instanceof Error ? t : fromServer(api, t.info, t.namespace, t.name)));
    return { items, singleItemImplied: local.singleItemImplied };
  }
  const selecting = req.selector !== undefined || req.fieldSelector !== undefined || (req.all && req.args.length === 1);
  const selections = parseResourceArgs(req.args);
  if (selecting) {
    rejectTuplesWithSelector(req.args);
    rejectNamesWithSelector(selections);
    requireTypesForSelector(selections);
    const api = apiOf();
    const items: Target[] = [];
    const labelSel = req.selector ? labelSelectorOrBadRequest(req.selector) : undefined;
    for (const sel of selections) {
      const info = sel.info;
      for (const obj of listSelected(api, info, selectionNamespace(sel, env.namespace, req.allNamespaces), labelSel, req.fieldSelector || undefined)) {
        items.push({ info, namespace: obj.metadata.namespace, name: obj.metadata.name ?? '', object: objectJson(obj) });
      }
    }
    return { items, singleItemImplied: false };
  }
  if (selections.length === 0) throw missingResource();
  requireNames(selections);
  rejectNamesAcrossNamespaces(selections, req.allNamespaces);
  const api = apiOf();
  const items = placeNamed(selections, env.namespace).map((s) => fromServer(api, s.info, s.namespace, s.name));
  return { items, singleItemImplied: selections.length === 1 };
}
