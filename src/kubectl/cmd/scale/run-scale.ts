/**
 * `kubectl scale` (cmd/scale/scale.go + pkg/scale): the objects from args / -f / -l / --all
 * (unstructured, as read from the server), then for each one the scale subresource is
 * written — a Scale GET + precondition check + Scale UPDATE when --current-replicas or
 * --resource-version is given, else a blind write of spec.replicas — and the object is
 * printed (`deployment.apps/hello scaled`). A failed scale stops the command there; objects
 * that could not be read are reported at the end.
 *
 * --timeout waits (in cluster time) until the Scale's status.replicas reached the size;
 * deployments included, whose Scale status is status.replicas (all their pods).
 */
import type { DryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { aggregate } from '../../resource/go-aggregate.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { type Target, visitServer } from '../../resource/builder.js';
import { SetPrinter } from '../../printers/print-set.js';
import { preconditionFailure, preconditionFrom, scaleSynced } from './precondition.js';

export interface ScaleOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  selector?: string;
  all: boolean;
  replicas: number;
  /** -1: no precondition */
  currentReplicas: number;
  resourceVersion: string;
  /** 0: don't wait */
  timeoutMs: number;
  dryRun: DryRun;
  output?: string;
}

export interface ScaleEnv extends CommandEnv {
  /** lets cluster time pass until done() or timeoutMs; resolves to whether done() held */
  waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean>;
}

/** ScaleOptions.Validate */
export function validateScale(o: Pick<ScaleOptions, 'replicas' | 'currentReplicas'>): void {
  if (o.replicas < 0) throw new CliError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  if (o.currentReplicas < -1) throw new CliError('The --current-replicas must specify an integer of -1 or greater');
}

export async function runScale(o: ScaleOptions, env: ScaleEnv): Promise<void> {
  // The printer is built first (ToOptions), so a bad -o fails before anything is read.
  const printer = new SetPrinter(o.output, env.cwd, 'scaled', o.dryRun);
  validateScale(o);
  // `-l ''` selects nothing here: scale passes the selector only when it is not empty.
  const { selector, ...rest } = o;
  const targets = visitServer(() => env.api(), { ...rest, ...(selector ? { selector } : {}), allNamespaces: false, local: false }, env);
  const infos = targets.items.filter((t): t is Target => !(t instanceof Error));
  const infoErrors = targets.items.filter((t): t is Error => t instanceof Error);
  const infoErr = aggregate(infoErrors);
  if (o.resourceVersion && infos.length > 1) throw new CliError('cannot use --resource-version with multiple resources');
  if (infos.length === 0) throw infoErr ?? new CliError('no objects passed to scale');
  const precondition = preconditionFrom(o.currentReplicas, o.resourceVersion);
  for (const t of infos) {
    if (o.dryRun !== 'client') {
      const api = env.api();
      let resourceVersion: string | undefined;
      if (precondition) {
        const scale = api.getScale(t.info, t.namespace, t.name);
        const failure = preconditionFailure(precondition, scale.spec.replicas, scale.metadata.resourceVersion ?? '');
        if (failure) throw new CliError(failure);
        resourceVersion = scale.metadata.resourceVersion;
      }
      // With a precondition kubectl GETs the Scale and PUTs it back with `Spec.Replicas =
      // int32(newSize)`: Go's conversion, so 3000000000 is sent as -1294967296 (and refused
      // by the Scale's validation); the blind write sends the number as it is (a merge patch).
      const write = resourceVersion ? { replicas: Number(BigInt.asIntN(32, BigInt(o.replicas))), resourceVersion } : { replicas: o.replicas };
      api.updateScale(t.info, t.namespace, t.name, write, { dryRun: o.dryRun === 'server' });
      if (o.dryRun === 'none') {
        env.settle();
        if (o.timeoutMs !== 0) await waitForReplicas(env, t, o.replicas, o.timeoutMs);
      }
    }
    // kubectl 1.33 prints the object as the builder read it, i.e. with the *old*
    // spec.replicas, even with --dry-run (kubernetes/kubectl#1806, changed only in 1.36).
    env.out(printer.printUnstructured(t.info, t.object));
  }
  if (infoErr) throw infoErr;
}

async function waitForReplicas(env: ScaleEnv, t: Target, desired: number, timeoutMs: number): Promise<void> {
  const synced = (): boolean => {
    const scale = env.api().getScale(t.info, t.namespace, t.name);
    return scaleSynced(desired, scale.spec.replicas, scale.status.replicas);
  };
  const ok = await env.waitUntil(synced, Math.max(0, timeoutMs));
  if (!ok) throw new CliError(`timed out waiting for ${JSON.stringify(t.name)} to be synced`);
}
