/**
 * The part set image and set env share (set_image.go Run / set_env.go RunEnv after the
 * builder): the objects to change, each changed on a copy, the two-way strategic patch, and
 * then per object one of:
 *  - nothing, when the patch is `{}` (no output at all, not even the name);
 *  - printing the changed copy (--local, --dry-run=client);
 *  - sending the patch (server dry run too) and printing what the server answered.
 * A failed change of one object (not a pod template, --overwrite=false) is reported at the
 * end as `error: <kind>/<name> <why>` while the others go ahead.
 */
import type { JsonObject } from '../../../common/json.js';
import { cloneJson } from '../../../common/json.js';
import { objectJson } from '../../../api/meta/v1.js';
import type { DryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { kindGroup } from '../../../apiserver/resources.js';
import { type Target, visit } from '../../resource/builder.js';
import { missingResource } from '../../resource/builder-checks.js';
import { aggregate } from '../../resource/go-aggregate.js';
import type { CommandEnv } from '../../resource/command-env.js';
import type { SetPrinter } from '../../printers/print-set.js';
import { isEmptyPatch, twoWayPatch } from './two-way-patch.js';
import { typedDecodeError } from '../../manifests/index.js';

/** Which objects: -f files (--local) or the server's objects named by args / -f / -l / --all. */
export interface TargetOptions {
  local: boolean;
  files: string[];
  recursive: boolean;
  resources: string[];
  all: boolean;
  selector?: string;
}

/** The builder's Do().Infos(): every object, or all the errors (then nothing is changed). */
export function resolveTargets(o: TargetOptions, env: CommandEnv): Target[] {
  // The builder has nothing to visit: no files (and, locally, no resource arguments either).
  if (o.local && o.files.length === 0) throw missingResource();
  const { resources: args, selector, ...rest } = o;
  const targets = visit(() => env.api(), { ...rest, args, ...(selector ? { selector } : {}), allNamespaces: false }, env);
  const items = o.local ? targets.items.map(typedDecode) : targets.items;
  const error = aggregate(items.filter((t): t is Error => t instanceof Error));
  if (error) throw error;
  return items as Target[];
}

/**
 * The set commands read -f into typed objects (the builder WithScheme, not Unstructured), so a
 * field of the wrong type fails there: `unable to decode "d.yaml": json: cannot unmarshal
 * string into Go struct field DeploymentSpec.spec.replicas of type int32`.
 */
function typedDecode(t: Target | Error): Target | Error {
  if (t instanceof Error || t.source === undefined) return t;
  const apiVersion = t.info.group ? `${t.info.group}/${t.info.version}` : t.info.version;
  const err = typedDecodeError(t.object, apiVersion, t.info.kind);
  return err === undefined ? t : new CliError(`unable to decode "${t.source}": ${err}`);
}

/** An object the mutation could not change; `text` is the whole line kubectl prints. */
export class ObjectChangeError extends CliError {}

/** Changes a copy of the object in place; throws ObjectChangeError-worthy errors. */
export type Mutation = (obj: JsonObject, t: Target) => void;

export interface ApplyChangesOptions {
  local: boolean;
  dryRun: DryRun;
  /** how a failed change reads: `error: <name> <why>` (set image) or with a newline (see set env) */
  changeError: (objectName: string, e: Error) => string;
  /** message prefix for a failed patch: `failed to patch image update to pod template` */
  patchFailure: string;
  /** runs after a successful patch, before printing (set env's late "at least one variable" check) */
  afterPatch?: () => void;
}

/** Applies `mutate` to every target and prints or patches; returns the errors to report. */
export function applyChanges(targets: Target[], mutate: Mutation, printer: SetPrinter, o: ApplyChangesOptions, env: CommandEnv): Error[] {
  const errors: Error[] = [];
  for (const t of targets) {
    const after = cloneJson(t.object);
    try {
      mutate(after, t);
    } catch (e) {
      errors.push(new ObjectChangeError(o.changeError(`${kindGroup(t.info)}/${t.name}`, e as Error)));
      continue;
    }
    const patch = twoWayPatch(t.object, after);
    if (isEmptyPatch(patch)) continue;
    if (o.local || o.dryRun === 'client') {
      env.out(printer.print(t.info, after));
      continue;
    }
    let actual: JsonObject;
    try {
      actual = objectJson(env.api().patch(t.info, t.namespace, t.name, 'strategic', patch, { dryRun: o.dryRun === 'server' }));
    } catch (e) {
      errors.push(new CliError(`${o.patchFailure}: ${(e as Error).message}`));
      continue;
    }
    if (o.dryRun !== 'server') env.settle();
    o.afterPatch?.();
    env.out(printer.print(t.info, actual));
  }
  return errors;
}
