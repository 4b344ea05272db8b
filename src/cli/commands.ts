import type { Command } from 'commander';
import type { Invocation } from '../kubectl/cmd/util/program.js';

type Register = (program: Command, inv: Invocation) => void;

/**
 * Every kubemu command, in the order `--help` lists them, each module loaded only when needed:
 * a command line that names one command registers (and loads) just that one.
 */
const etcdctl = (): Register => (require('../tools/etcdctl/etcdctl.js') as typeof import('../tools/etcdctl/etcdctl.js')).registerEtcdctl;

const COMMANDS: [string, () => Register][] = [
  ['version', () => (require('../kubectl/cmd/version/version.js') as typeof import('../kubectl/cmd/version/version.js')).registerVersion],
  ['api-resources', () => (require('../kubectl/cmd/api-resources/api-resources.js') as typeof import('../kubectl/cmd/api-resources/api-resources.js')).registerApiResources],
  ['get', () => (require('../kubectl/cmd/get/get.js') as typeof import('../kubectl/cmd/get/get.js')).registerGet],
  ['describe', () => (require('../kubectl/cmd/describe/describe.js') as typeof import('../kubectl/cmd/describe/describe.js')).registerDescribe],
  ['create', () => (require('../kubectl/cmd/create/create.js') as typeof import('../kubectl/cmd/create/create.js')).registerCreate],
  ['apply', () => (require('../kubectl/cmd/apply/apply.js') as typeof import('../kubectl/cmd/apply/apply.js')).registerApply],
  ['diff', () => (require('../kubectl/cmd/diff/diff.js') as typeof import('../kubectl/cmd/diff/diff.js')).registerDiff],
  ['run', () => (require('../kubectl/cmd/run/run.js') as typeof import('../kubectl/cmd/run/run.js')).registerRun],
  ['delete', () => (require('../kubectl/cmd/delete/delete.js') as typeof import('../kubectl/cmd/delete/delete.js')).registerDelete],
  ['wait', () => (require('../kubectl/cmd/wait/wait.js') as typeof import('../kubectl/cmd/wait/wait.js')).registerWait],
  ['label', () => (require('../kubectl/cmd/label/label.js') as typeof import('../kubectl/cmd/label/label.js')).registerLabel],
  ['annotate', () => (require('../kubectl/cmd/annotate/annotate.js') as typeof import('../kubectl/cmd/annotate/annotate.js')).registerAnnotate],
  ['patch', () => (require('../kubectl/cmd/patch/patch.js') as typeof import('../kubectl/cmd/patch/patch.js')).registerPatch],
  ['cordon', () => (require('../kubectl/cmd/drain/cordon.js') as typeof import('../kubectl/cmd/drain/cordon.js')).registerCordon],
  ['drain', () => (require('../kubectl/cmd/drain/drain.js') as typeof import('../kubectl/cmd/drain/drain.js')).registerDrain],
  ['uncordon', () => (require('../kubectl/cmd/drain/cordon.js') as typeof import('../kubectl/cmd/drain/cordon.js')).registerUncordon],
  ['taint', () => (require('../kubectl/cmd/taint/taint.js') as typeof import('../kubectl/cmd/taint/taint.js')).registerTaint],
  ['scale', () => (require('../kubectl/cmd/scale/scale.js') as typeof import('../kubectl/cmd/scale/scale.js')).registerScale],
  ['autoscale', () => (require('../kubectl/cmd/autoscale/autoscale.js') as typeof import('../kubectl/cmd/autoscale/autoscale.js')).registerAutoscale],
  ['set', () => (require('../kubectl/cmd/set/set.js') as typeof import('../kubectl/cmd/set/set.js')).registerSet],
  ['logs', () => (require('../kubectl/cmd/logs/logs.js') as typeof import('../kubectl/cmd/logs/logs.js')).registerLogs],
  ['exec', () => (program, inv) => (require('../kubectl/cmd/exec/exec.js') as typeof import('../kubectl/cmd/exec/exec.js')).registerExec(program, inv, { etcdctl: etcdctl })],
  ['etcdctl', etcdctl],
  ['rollout', () => (require('../kubectl/cmd/rollout/rollout.js') as typeof import('../kubectl/cmd/rollout/rollout.js')).registerRollout],
  ['top', () => (require('../kubectl/cmd/top/top.js') as typeof import('../kubectl/cmd/top/top.js')).registerTop],
  ['port-forward', () => (require('../kubectl/cmd/port-forward/port-forward.js') as typeof import('../kubectl/cmd/port-forward/port-forward.js')).registerPortForward],
  ['cluster', () => (require('../tools/cluster/cluster.js') as typeof import('../tools/cluster/cluster.js')).registerCluster],
  ['node', () => (require('../tools/node/node.js') as typeof import('../tools/node/node.js')).registerNode],
  ['replay', () => (require('../tools/replay/replay.js') as typeof import('../tools/replay/replay.js')).registerReplay],
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
