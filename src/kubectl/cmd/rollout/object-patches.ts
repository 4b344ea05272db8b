import type { ApiServer } from '../../../apiserver/server.js';
import type { JsonObject } from '../../../common/json.js';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { type RolloutTarget, noResourcesFound, printedName, resourceGroupName } from './targets.js';

/**
 * What a pause/resume/restart mutation makes of one object: the strategic-merge patch kubectl
 * computes between the object before and after it (`{}` when nothing changed), or the error the
 * polymorphic helper returned (`is already paused`).
 */
export type PatchOrError = { patch: JsonObject } | { error: string };

export interface ObjectPatchRequest {
  targets: RolloutTarget[];
  /** errors the builder collected (NotFound), reported first */
  errors: Error[];
  namespace: string;
  mutate: (target: RolloutTarget) => PatchOrError;
  /** the error for an empty patch, or undefined to print `emptyOperation` instead */
  emptyPatchError?: (target: RolloutTarget) => Error;
  emptyOperation: string;
  /** `paused`, `resumed`, `restarted` */
  operation: string;
  out: (t: string) => void;
  err: (t: string) => void;
}

/**
 * The shape rollout pause, resume and restart share (set.CalculatePatches, then one PATCH per
 * object): every object is patched or reported in turn, and the errors are returned together at
 * the end as kubectl's aggregate (one error prints as `error: ...`, several one per line):
 *
 *   helper error     → `error: deployments.apps "hello" is already paused`
 *   empty patch      → emptyPatchError, or `<name> <emptyOperation>` on stdout
 *   PATCH failed     → `failed to patch: <server message>`
 *   nothing found    → `No resources found in <ns> namespace.` on stderr, exit 0
 */
export function patchObjects(api: ApiServer, req: ObjectPatchRequest): void {
  const errors: Error[] = [...req.errors];
  if (req.targets.length === 0 && errors.length === 0) {
    req.err(noResourcesFound(req.namespace));
    return;
  }
  for (const target of req.targets) {
    const name = target.object.metadata.name ?? '';
    const r = req.mutate(target);
    if ('error' in r) {
      errors.push(new CliError(`error: ${resourceGroupName(target.info)} ${JSON.stringify(name)} ${r.error}`));
      continue;
    }
    if (Object.keys(r.patch).length === 0) {
      if (req.emptyPatchError) errors.push(req.emptyPatchError(target));
      else req.out(`${printedName(target)} ${req.emptyOperation}\n`);
      continue;
    }
    try {
      api.patch(target.info, target.object.metadata.namespace, name, 'strategic', r.patch);
    } catch (e) {
      errors.push(new CliError(`failed to patch: ${(e as Error).message}`));
      continue;
    }
    req.out(`${printedName(target)} ${req.operation}\n`);
  }
  if (errors.length > 0) throw new AggregateCliError(errors);
}
