import type { Command } from 'commander';
import type { BoolFlagValue } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import { runCordon } from './run-cordon.js';

/** The flags of `cordon` and `uncordon` as commander parses them. */
interface CordonFlags {
  selector?: string;
  dryRun?: BoolFlagValue;
}

function registerOne(program: Command, inv: Invocation, verb: 'cordon' | 'uncordon', description: string): void {
  configure(program.command(verb), inv)
    .description(description)
    .argument('[args...]')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on')
    .action(
      action<CordonFlags>(inv, (ctx, args, flags) =>
        runCordon(
          {
            desired: verb === 'cordon',
            args,
            ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
            dryRun: flags.dryRun,
            programName: inv.io.programName,
          },
          commandEnv(ctx),
        ),
      ),
    );
}

/** `kubectl cordon` and `kubectl uncordon` (pkg/cmd/drain: NewCmdCordon, NewCmdUncordon). */
export function registerCordon(program: Command, inv: Invocation): void {
  registerOne(program, inv, 'cordon', 'Mark node as unschedulable');
}

export function registerUncordon(program: Command, inv: Invocation): void {
  registerOne(program, inv, 'uncordon', 'Mark node as schedulable');
}
