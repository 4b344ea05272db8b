import type { Command } from 'commander';
import { CliError, UsageError } from '../../kubectl/util/errors.js';
import { type Invocation, action, commandPath, configure } from '../../kubectl/cmd/util/program.js';
import type { Context } from '../../kubectl/cmd/util/context.js';
import { NODE_ROLE_CONTROL_PLANE_LABEL } from '../../api/core/v1/label-keys.js';
import { ZONE_LABEL, DEFAULT_NODE } from '../../cluster/layout.js';
import { MachineError, addMachine, removeMachine, startMachine, stopMachine } from '../../controllers/kubelet/machine-power.js';
import { ScaleDownError, removeNodeWithDrain } from './scale-down.js';
import { clusterScaleDownClient } from './scale-down-client.js';
import { NodeSpecError, labelProblem, parseCpu, parseLabels, parseMemoryKi, parsePods, parseTaints } from '../../cluster/node-spec.js';

/**
 * `kubemu node add|stop|start|remove NAME`: the cluster's machines. A node added here has a
 * kubelet (it registers the Node ready, with its Lease, and node IPAM gives it a pod CIDR);
 * `stop` powers the machine off (its kubelet stops renewing its lease and posting status, its
 * containers stop progressing: the node lifecycle controller marks it NotReady after the grace
 * period), `start` powers it on again (Ready, its pods started over), `remove` deletes the Node.
 */

interface AddFlags {
  role?: string;
  zone?: string;
  cpu?: string;
  memory?: string;
  pods?: string;
  labels?: string;
  taints?: string;
}

interface RemoveFlags {
  drain?: boolean;
}

function oneName(cmd: Command, args: string[]): string {
  if (args.length !== 1) throw new UsageError(`exactly one NAME is required, got ${args.length}`, commandPath(cmd));
  return args[0]!;
}

/** Runs a power change in one write transaction, then lets the control plane react. */
function power(ctx: Context, fn: (deps: { api: ReturnType<Context['cluster']>['api']; timers: ReturnType<Context['cluster']>['timers'] }) => void): void {
  const c = ctx.cluster();
  try {
    c.store.transaction(() => fn({ api: c.api, timers: c.timers }));
  } catch (e) {
    if (e instanceof MachineError) throw new CliError(e.message);
    throw e;
  }
  ctx.settle();
}

export function registerNode(program: Command, inv: Invocation): void {
  const node = configure(program.command('node'), inv).description("Manage the emulated cluster's machines (nodes with a kubelet)");

  const add = configure(node.command('add'), inv)
    .description('Add a node whose kubelet registers it (Ready, its Lease, a pod CIDR)')
    .usage('NAME [--role control-plane|worker] [--zone Z] [--cpu Q] [--memory Q] [--pods N] [--labels k=v,...] [--taints k=v:Effect,...]')
    .option('--role <role>', 'control-plane (kubeadm role label and NoSchedule taint) or worker', 'worker')
    .option('--zone <zone>', 'the topology.kubernetes.io/zone label')
    .option('--cpu <q>', 'CPU capacity (default 2)')
    .option('--memory <q>', 'memory capacity (default 4015484Ki)')
    .option('--pods <n>', 'pods the node takes (default 110)')
    .option('--labels <list>', 'more labels, k=v,k2=v2')
    .option('--taints <list>', 'taints it registers with, k=v:Effect,k2:Effect');
  add.action(
    action<AddFlags>(inv, (ctx, args, flags) => {
      try {
        addNode(ctx, oneName(add, args), flags);
      } catch (e) {
        if (e instanceof NodeSpecError) throw new CliError(e.message);
        throw e;
      }
    }),
  );

  const stop = configure(node.command('stop'), inv).description("Power a node's machine off: its kubelet stops heartbeating and its containers stop").usage('NAME');
  stop.action(
    action(inv, (ctx, args) => {
      const name = oneName(stop, args);
      power(ctx, (deps) => stopMachine(deps, name));
      ctx.io.out(`node/${name} stopped\n`);
    }),
  );

  const start = configure(node.command('start'), inv).description("Power a stopped node's machine on: Ready again, its pods started over").usage('NAME');
  start.action(
    action(inv, (ctx, args) => {
      const name = oneName(start, args);
      power(ctx, (deps) => startMachine(deps, name));
      ctx.io.out(`node/${name} started\n`);
    }),
  );

  const remove = configure(node.command('remove'), inv)
    .description("Delete a node (its Lease goes with it); with --drain, first taint it and evict its pods as a cluster autoscaler does")
    .usage('NAME [--drain]')
    .option('--drain', "taint it ToBeDeletedByClusterAutoscaler:NoSchedule and evict its pods through the Eviction API first, respecting PodDisruptionBudgets (a cluster autoscaler's way)");
  remove.action(
    action<RemoveFlags>(inv, async (ctx, args, flags) => {
      const name = oneName(remove, args);
      if (flags.drain) {
        await removeDrained(ctx, name);
        return;
      }
      power(ctx, (deps) => removeMachine(deps, name));
      ctx.io.out(`node/${name} removed\n`);
    }),
  );
}

/** `kubemu node remove NAME --drain`: the cluster autoscaler's removal (scale-down.ts), in cluster time. */
async function removeDrained(ctx: Context, name: string): Promise<void> {
  const c = ctx.cluster();
  ctx.settle();
  try {
    await removeNodeWithDrain(clusterScaleDownClient(c, ctx.io), name);
  } catch (e) {
    if (e instanceof ScaleDownError) {
      ctx.settle();
      throw new CliError(e.message);
    }
    throw e;
  }
  ctx.settle();
}

/** `kubemu node add NAME`: checks the flags, then the machine registers its node. */
function addNode(ctx: Context, name: string, flags: AddFlags): void {
  const role = flags.role ?? 'worker';
  if (role !== 'worker' && role !== 'control-plane') throw new CliError(`invalid --role "${role}": must be "control-plane" or "worker"`);
  const labels = flags.labels === undefined ? {} : parseLabels(flags.labels, '--labels');
  if (flags.zone !== undefined) {
    const problem = labelProblem(ZONE_LABEL, flags.zone);
    if (flags.zone === '' || problem) throw new CliError(`invalid --zone "${flags.zone}": ${problem ?? 'must not be empty'}`);
    labels[ZONE_LABEL] = flags.zone;
  }
  const controlPlane = role === 'control-plane';
  const given = flags.taints === undefined ? [] : parseTaints(flags.taints, '--taints');
  const taints = controlPlane ? [{ key: NODE_ROLE_CONTROL_PLANE_LABEL, effect: 'NoSchedule' }, ...given] : given;
  const reg = {
    labels,
    taints,
    cpu: flags.cpu === undefined ? DEFAULT_NODE.cpu : parseCpu(flags.cpu, '--cpu'),
    memoryKi: flags.memory === undefined ? DEFAULT_NODE.memoryKi : parseMemoryKi(flags.memory, '--memory'),
    pods: flags.pods === undefined ? DEFAULT_NODE.pods : parsePods(flags.pods, '--pods'),
  };
  power(ctx, (deps) => addMachine(deps, name, controlPlane, reg));
  ctx.io.out(`node/${name} added\n`);
}
