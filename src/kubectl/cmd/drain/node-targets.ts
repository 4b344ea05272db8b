/**
 * The nodes `cordon`, `uncordon` (and `drain`) act on (pkg/cmd/drain/drain.go Complete): the
 * named ones (`NAME` or `TYPE/NAME`, read fresh), or those -l selects. Its usage errors say
 * `See '<prog> cordon -h' for help and examples`. The visit is not ContinueOnError: the first
 * node that cannot be read fails the command before any node changes
 * (`cordon k8s-node-1 nope` → only `Error from server (NotFound): nodes "nope" not found`).
 */
import { findByKind } from '../../../apiserver/resources.js';
import type { ApiServer } from '../../../apiserver/server.js';
import { objectJson } from '../../../api/meta/v1.js';
import { CliError } from '../../util/errors.js';
import type { Target } from '../../resource/builder.js';
import { labelSelectorOrBadRequest, listSelected } from '../../resource/fetch.js';
import { missingResource } from '../../resource/builder-checks.js';
import { parseResourceName } from '../../resource/resource-args.js';

export const NODES = findByKind('v1', 'Node')!;

/** cmdutil.UsageErrorf: the message, then `See '<prog> <verb> -h' for help and examples`. */
export function nodeUsageError(programName: string, verb: string, message: string): CliError {
  return new CliError(`${message}\nSee '${programName} ${verb} -h' for help and examples`);
}

/** The checks of Complete that come before any request. */
export function checkNodeArgs(programName: string, verb: string, args: readonly string[], selector: string | undefined): void {
  if (args.length === 0 && selector === undefined) throw nodeUsageError(programName, verb, `USAGE: ${verb} NODE [flags]`);
  if (args.length > 0 && selector) throw nodeUsageError(programName, verb, 'error: cannot specify both a node name and a --selector option');
}

/** The builder's visit of the nodes (after checkNodeArgs); the first error is thrown. */
export function nodeTargets(api: ApiServer, args: readonly string[], selector: string | undefined, namespace: string): Target[] {
  if (selector) {
    const sel = labelSelectorOrBadRequest(selector);
    return listSelected(api, NODES, undefined, sel, undefined).map((o) => ({ info: NODES, namespace: undefined, name: o.metadata.name ?? '', object: objectJson(o) }));
  }
  // `cordon -l ''`: past the USAGE check (the flag was given), but the builder has nothing to visit.
  if (args.length === 0) throw missingResource();
  const named = args.map((a) => parseResourceName(a, NODES));
  const targets: Target[] = [];
  for (const { info, name } of named) {
    const obj = objectJson(api.get(info, info.namespaced ? namespace : undefined, name));
    // schema.GroupVersionResource's String(): "/v1, Resource=pods".
    if (info !== NODES) throw new CliError(`error: expected resource of type node, got "${info.group}/${info.version}, Resource=${info.resource}"`);
    targets.push({ info, namespace: undefined, name, object: obj });
  }
  return targets;
}
