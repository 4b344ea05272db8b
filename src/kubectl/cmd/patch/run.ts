/**
 * `kubectl patch` (patch.go, kubectl 1.33): checks in kubectl's order, then for every object
 * either a PATCH to the API server (which applies it with admission, generation and
 * resourceVersion) or, with --local / --dry-run=client, the patch applied here.
 *
 * Two kubectl quirks kept on purpose:
 *  - the message is `patched` or `patched (no change)` and never carries a dry-run suffix
 *    (patch.go sets the operation after the dry-run template was applied, overwriting it);
 *  - a YAML error quotes the -p text, which is empty when the patch came from --patch-file.
 */
import { StatusError, badRequest } from '../../../apiserver/errors.js';
import { type PatchType } from '../../../apiserver/patch-object.js';
import { ERR_BAD_JSON_PATCH } from '../../../apiserver/patch/patch-errors.js';
import type { ResourceInfo } from '../../../apiserver/resources.js';
import { type JsonObject, type JsonValue, jsonEqual } from '../../../common/json.js';
import { objectJson } from '../../../api/meta/v1.js';
import type { DryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { localWithServerDryRun } from '../../resource/flag-conflicts.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { throwCollected } from '../../resource/go-aggregate.js';
import { objectPrinter, printObject } from '../../printers/print-object.js';
import { type Target, visit, visitEach } from '../../resource/builder.js';
import { patchLocally } from './local-patch.js';
import { type PatchBody, parsePatchBody, readPatchFile } from './patch-body.js';

export interface PatchOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  /** -p; undefined or '' when not given */
  patch?: string;
  patchFile?: string;
  /** --type as typed; kubectl lower-cases it */
  type: string;
  local: boolean;
  dryRun: DryRun;
  output?: string;
}

const PATCH_TYPES: readonly PatchType[] = ['json', 'merge', 'strategic'];

/** Content-Type of each patch type, as kubectl names it in the 415 wrap. */
const MEDIA_TYPES: Record<PatchType, string> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

/** patch.go Validate. Returns the patch type. */
export function validatePatch(o: PatchOptions): PatchType {
  const p = o.patch ?? '';
  const f = o.patchFile ?? '';
  if (p && f) throw new CliError('cannot specify --patch and --patch-file together');
  if (!p && !f) throw new CliError('must specify --patch or --patch-file containing the contents of the patch');
  if (o.local && o.args.length) throw new CliError('cannot specify --local and server resources');
  if (o.local && o.dryRun === 'server') throw localWithServerDryRun();
  const t = (o.type === '' ? 'strategic' : o.type).toLowerCase() as PatchType;
  if (!PATCH_TYPES.includes(t)) throw new CliError(`--type must be one of [${PATCH_TYPES.join(' ')}], not ${JSON.stringify(o.type)}`);
  return t;
}

export function runPatch(o: PatchOptions, env: CommandEnv): void {
  const type = validatePatch(o);
  const text = o.patchFile ? readPatchFile(o.patchFile, env.cwd) : o.patch ?? '';
  const body = parsePatchBody(text, o.patch ?? '');
  const targets = visit(() => env.api(), { ...o, all: false, allNamespaces: false }, env);
  throwCollected(visitEach(targets.items, (t) => env.out(patchOne(t, type, body, o, env))));
  if (targets.items.every((t) => t instanceof Error)) throw new CliError('no objects passed to patch');
}

function patchOne(t: Target, type: PatchType, body: PatchBody, o: PatchOptions, env: CommandEnv): string {
  let result: JsonObject;
  if (!o.local && o.dryRun !== 'client') {
    result = patchOnServer(t, type, body, o.dryRun === 'server', env);
    if (o.dryRun !== 'server') env.settle();
  } else {
    result = patchLocally(t.object, type, body);
  }
  const changed = !jsonEqual(t.object, result);
  const printer = objectPrinter(o.output, env.cwd);
  return printObject(printer, t.info, result, changed ? 'patched' : 'patched (no change)');
}

/**
 * The PATCH request. kubectl sends the body bytes as they are; the server's errors for a body
 * that is not JSON are its decoders': BadRequest with Go's json error, or `Invalid JSON Patch`
 * for a merge patch. A 415 (strategic patch of a kind without Go types) is wrapped by kubectl:
 * `application/strategic-merge-patch+json is not supported by example.com/v1, Kind=Widget: ...`.
 */
function patchOnServer(t: Target, type: PatchType, body: PatchBody, dryRun: boolean, env: CommandEnv): JsonObject {
  if (!body.ok) throw badRequest(type === 'merge' ? ERR_BAD_JSON_PATCH : body.jsonError);
  try {
    return objectJson(env.api().patch(t.info, t.namespace, t.name, type, body.value as JsonValue, { dryRun }));
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'UnsupportedMediaType') {
      throw new CliError(`${MEDIA_TYPES[type]} is not supported by ${gvkString(t.info)}: ${e.message}`);
    }
    throw e;
  }
}

/** schema.GroupVersionKind.String(): `apps/v1, Kind=Deployment`, core `/v1, Kind=Pod`. */
function gvkString(info: ResourceInfo): string {
  return `${info.group}/${info.version}, Kind=${info.kind}`;
}
