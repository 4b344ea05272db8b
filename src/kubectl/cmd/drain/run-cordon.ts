/**
 * `kubectl cordon` and `kubectl uncordon` (pkg/cmd/drain/drain.go RunCordonOrUncordon): for
 * each node, `node/NAME already cordoned` when spec.unschedulable already is as desired, else
 * the patch (none with --dry-run=client) and `node/NAME cordoned`, with ` (dry run)` or
 * ` (server dry run)`. A node whose patch fails gets `error: unable to cordon node "NAME": ...`
 * on stderr (the error's own text, as Go's %v prints it) and the others go on; as upstream, the
 * command still exits 0 then. `drain` cordons its nodes with cordonNodes first.
 */
import { type DryRun, dryRunSuffix, parseDryRun } from '../../util/dry-run.js';
import type { CommandEnv } from '../../resource/command-env.js';
import type { Target } from '../../resource/builder.js';
import { cordonUpdateRequired, patchCordon } from '../../drain/cordon.js';
import { checkNodeArgs, NODES, nodeTargets } from './node-targets.js';

export interface CordonOptions {
  /** true: cordon, false: uncordon */
  desired: boolean;
  args: string[];
  selector?: string;
  /** --dry-run as given: Complete reads it after the argument checks (`cordon --dry-run=x` is the USAGE error) */
  dryRun: unknown;
  programName: string;
}

export function runCordon(o: CordonOptions, env: CommandEnv): void {
  checkNodeArgs(o.programName, o.desired ? 'cordon' : 'uncordon', o.args, o.selector);
  const dryRun = parseDryRun(o.dryRun);
  const targets = nodeTargets(env.api(), o.args, o.selector, env.namespace);
  if (cordonOrUncordon(targets, o.desired, dryRun, env)) env.settle();
}

/** RunCordonOrUncordon over nodes already read (drain cordons its nodes first); whether it wrote. */
export function cordonOrUncordon(targets: readonly Target[], desired: boolean, dryRun: DryRun, env: CommandEnv): boolean {
  const verb = desired ? 'cordon' : 'uncordon';
  const suffix = dryRunSuffix(dryRun);
  let wrote = false;
  for (const t of targets) {
    if (!cordonUpdateRequired(t.object, desired)) {
      env.out(`node/${t.name} already ${verb}ed${suffix}\n`);
      continue;
    }
    if (dryRun !== 'client') {
      try {
        patchCordon(env.api(), NODES, t.object, desired, dryRun === 'server');
        wrote = dryRun === 'none' || wrote;
      } catch (e) {
        env.err(`error: unable to ${verb} node ${JSON.stringify(t.name)}: ${e instanceof Error ? e.message : String(e)}\n`);
        continue;
      }
    }
    env.out(`node/${t.name} ${verb}ed${suffix}\n`);
  }
  return wrote;
}
