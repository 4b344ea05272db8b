import type { Command } from 'commander';
import type { Invocation } from '../program.js';

type Register = (program: Command, inv: Invocation) => void;

/**
 * Every kubemu command, in the order `--help` lists them, each module loaded only when needed:
 * a command line that names one command registers (and loads) just that one.
 */
const COMMANDS: [string, () => Register][] = [
  ['version', () => (require('./version.js') as typeof import('./version.js')).registerVersion],
  ['api-resources', () => (require('./api-resources.js') as typeof import('./api-resources.js')).registerApiResources],
  ['get', () => (require('./get.js') as typeof import('./get.js')).registerGet],
  ['describe', () => (require('./describe.js') as typeof import('./describe.js')).registerDescribe],
  ['create', () => (require('./create.js') as typeof import('./create.js')).registerCreate],
  ['apply', () => (require('./apply.js') as typeof import('./apply.js')).registerApply],
  ['diff', () => (require('./diff.js') as typeof import('./diff.js')).registerDiff],
  ['run', () => (require('./run.js') as typeof import('./run.js')).registerRun],
  ['delete', () => (require('./delete.js') as typeof import('./delete.js')).registerDelete],
  ['wait', () => (require('./wait.js') as typeof import('./wait.js')).registerWait],
  ['label', () => (require('./label.js') as typeof import('./label.js')).registerLabel],
  ['annotate', () => (require('./annotate.js') as typeof import('./annotate.js')).registerAnnotate],
  ['patch', () => (require('./patch.js') as typeof import('./patch.js')).registerPatch],
  ['scale', () => (require('./scale.js') as typeof import('./scale.js')).registerScale],
  ['set', () => (require('./set.js') as typeof import('./set.js')).registerSet],
  ['logs', () => (require('./logs.js') as typeof import('./logs.js')).registerLogs],
  ['exec', () => (require('./exec.js') as typeof import('./exec.js')).registerExec],
  ['etcdctl', () => (require('./etcdctl.js') as typeof import('./etcdctl.js')).registerEtcdctl],
  ['rollout', () => (require('./rollout.js') as typeof import('./rollout.js')).registerRollout],
  ['port-forward', () => (require('./port-forward.js') as typeof import('./port-forward.js')).registerPortForward],
  ['cluster', () => (require('./cluster.js') as typeof import('./cluster.js')).registerCluster],
  ['replay', () => (require('./replay.js') as typeof import('./replay.js')).registerReplay],
];

/** Global flags that take a value: their value is not the command name. */
const GLOBAL_WITH_VALUE = new Set(['--db', '-n', '--namespace']);

/** The command a command line names: its first argument that is neither a flag nor a flag's value. */
export function commandName(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return undefined;
    if (GLOBAL_WITH_VALUE.has(a)) {
      i++;
      continue;
    }
    if (!a.startsWith('-')) return a;
  }
  return undefined;
}

export function registerCommands(program: Command, inv: Invocation): void {
  const name = commandName(inv.args);
  const only = COMMANDS.find(([n]) => n === name);
  for (const [, load] of only ? [only] : COMMANDS) load()(program, inv);
}
