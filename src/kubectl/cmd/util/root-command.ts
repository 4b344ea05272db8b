import { Command } from 'commander';
import { type Invocation, configure } from './program.js';

/**
 * kubemu's top-level command with its global flags and no subcommands yet. The program (main.ts) adds
 * every command; `exec`'s etcdctl adds only etcdctl, so a command run from inside another command
 * needs neither main.ts nor the command table (no import cycle).
 */
export function rootCommand(inv: Invocation): Command {
  return configure(new Command(inv.io.programName), inv)
    .description('kubemu: kubectl for a Kubernetes cluster emulated in one SQLite file')
    .option('--db <path>', 'the cluster file (default: $KUBEMU_DB, else ~/.kubemu/cluster.db)')
    .option('-n, --namespace <namespace>', 'If present, the namespace scope for this CLI request')
    .showHelpAfterError(false);
}
