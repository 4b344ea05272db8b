import type { Command } from 'commander';
import { existsSync, rmSync } from 'node:fs';
import { checkReplaceable } from '../../storage/cluster-file.js';
import { checkOpenSettings, openCluster } from '../../cluster/cluster.js';
import { type ClockRequest, SettingsError, clockSettingsFrom } from '../../cluster/settings.js';
import { goDurationError, parseGoDuration } from '../../common/go-duration.js';
import { rfc3339 } from '../../sim/clock.js';
import { advanceBy } from '../../cluster/time.js';
import { CliError } from '../../kubectl/util/errors.js';
import { type Invocation, action, configure } from '../../kubectl/cmd/util/program.js';
import { type ClusterLayout, type LayoutNode, ZONE_LABEL, flagLayoutNodes, layoutOf } from '../../cluster/layout.js';
import { KUBERNETES_VERSION } from '../../controllers/kubelet/node-registration.js';
import { readLayoutConfig } from './layout-config.js';
import { NodeSpecError, labelProblem, parseCpu, parseMemoryKi, parsePods } from '../../cluster/node-spec.js';

/** `kubemu cluster create|info|advance`: the emulated cluster's own lifecycle and clock. */
export function registerCluster(program: Command, inv: Invocation): void {
  const cluster = configure(program.command('cluster'), inv).description("Manage the emulated cluster's file and clock");

  configure(cluster.command('create'), inv)
    .description('Create a new cluster file (namespaces, nodes: by default one control plane and two workers) with the given clock')
    .option('--clock <mode>', 'wall (follows real time) or virtual (moves only when a command waits)')
    .option('--speed <n>', 'wall clock: cluster seconds per real second')
    .option('--seed <n>', 'seed for generated names and UIDs (same seed, same output)')
    .option('--force', 'replace an existing cluster file')
    .option('--control-planes <n>', 'number of control-plane nodes (k8s-master-1...; default 1)')
    .option('--workers <n>', 'number of worker nodes (k8s-node-1...; default 2)')
    .option('--zones <list>', 'zones a,b,c: topology.kubernetes.io/zone round-robin over the nodes of each role')
    .option('--node-cpu <q>', 'CPU of every node (default 2)')
    .option('--node-memory <q>', 'memory of every node (default 4015484Ki)')
    .option('--node-pods <n>', 'pods every node takes (default 110)')
    .option('--version <v>', 'the Kubernetes version the cluster reports (v1.35.N; default v1.35.0)')
    .option('--config <file>', 'a kind-like cluster config (kind.x-k8s.io/v1alpha4 Cluster): nodes with role, labels, taints, capacity')
    .action(
      action<ClusterCreateFlags>(inv, (ctx, _args, flags) => {
        const path = ctx.dbPath;
        const o = asCliError(() => completeClusterCreate(flags, ctx.io.cwd));
        validateClusterCreate(o, ctx.io.env);
        if (path !== ':memory:' && existsSync(path)) {
          if (!o.force) throw new CliError(`cluster file "${path}" already exists (use --force to replace it)`);
          checkReplaceable(path);
          for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
        }
        try {
          const c = openCluster(path, {
            env: ctx.io.env,
            create: o.create,
            ...(o.layout ? { layout: o.layout } : {}),
          });
          const s = c.clock.settings;
          c.close();
          ctx.io.out(`cluster created: ${path} (clock ${s.mode}${s.seed !== undefined ? `, seed ${s.seed}` : ''})\n`);
        } catch (e) {
          if (e instanceof SettingsError) throw new CliError(e.message);
          throw e;
        }
      }),
    );

  configure(cluster.command('info'), inv)
    .description("Show the cluster file, clock mode, cluster time and seed")
    .action(
      action(inv, (ctx) => {
        const c = ctx.cluster();
        const s = c.clock.settings;
        const rows: [string, string][] = [
          ['Cluster file:', c.path],
          ['Clock:', s.mode],
          ['Time:', rfc3339(c.clock.now())],
          ['Speed:', String(s.speed)],
          ['Seed:', s.seed === undefined ? '<none>' : String(s.seed)],
          ['Revision:', String(c.store.revision())],
        ];
        const w = Math.max(...rows.map((r) => r[0].length)) + 2;
        ctx.io.out(rows.map(([k, v]) => `${k.padEnd(w)}${v}\n`).join(''));
      }),
    );

  configure(cluster.command('advance'), inv)
    .description('Virtual clock: move cluster time forward (e.g. 30s, 2m) and run what falls due')
    .argument('<duration>')
    .action(
      action(inv, (ctx, args) => {
        const text = args[0] ?? '';
        const ms = parseGoDuration(text);
        if (ms === undefined) throw new CliError(goDurationError(text));
        if (ms < 0) throw new CliError(`cannot move the clock backwards (${text})`);
        const c = ctx.cluster();
        if (c.clock.settings.mode !== 'virtual') throw new CliError('cluster advance needs a virtual clock (this cluster follows the wall clock)');
        advanceBy(c, ms);
        ctx.io.out(`cluster time: ${rfc3339(c.clock.now())}\n`);
      }),
    );
}

/** The flags of `cluster create` as commander parses them. */
export interface ClusterCreateFlags {
  clock?: string;
  speed?: string;
  seed?: string;
  force?: boolean;
  controlPlanes?: string;
  workers?: string;
  zones?: string;
  nodeCpu?: string;
  nodeMemory?: string;
  nodePods?: string;
  version?: string;
  config?: string;
}

export interface ClusterCreateOptions {
  /** --clock, --speed and --seed as typed; openCluster reads them */
  create: ClockRequest;
  force: boolean;
  /** the nodes, when a layout flag or --config says; absent: the default three */
  layout?: ClusterLayout;
}

export function completeClusterCreate(flags: ClusterCreateFlags, cwd: string): ClusterCreateOptions {
  const o: ClusterCreateOptions = { create: { clock: flags.clock, speed: flags.speed, seed: flags.seed }, force: flags.force === true };
  const layout = layoutFromFlags(flags, cwd);
  if (layout) o.layout = layout;
  return o;
}

/** The most nodes a layout has: the cluster CIDR 10.244.0.0/16 holds 256 node CIDRs (/24). */
const MAX_NODES = 256;

function count(text: string | undefined, flag: string, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || n < min || n > MAX_NODES) throw new CliError(`invalid ${flag} "${text}": must be a whole number from ${min} to ${MAX_NODES}`);
  return n;
}

/** The layout the flags describe (layout.ts), checked before any file is touched. */
function layoutFromFlags(flags: ClusterCreateFlags, cwd: string): ClusterLayout | undefined {
  const version = flags.version ?? KUBERNETES_VERSION;
  if (!/^v1\.35\.[0-9]+$/.test(version)) throw new CliError(`invalid --version "${version}": kubemu emulates Kubernetes v1.35 (e.g. v1.35.1)`);
  const shapeFlags: [string, string | undefined][] = [
    ['--control-planes', flags.controlPlanes],
    ['--workers', flags.workers],
    ['--zones', flags.zones],
    ['--node-cpu', flags.nodeCpu],
    ['--node-memory', flags.nodeMemory],
    ['--node-pods', flags.nodePods],
  ];
  const given = shapeFlags.filter(([, v]) => v !== undefined).map(([f]) => f);
  let nodes: LayoutNode[];
  if (flags.config !== undefined) {
    if (given.length) throw new CliError(`--config cannot be combined with ${given.join(', ')}: the config file describes the nodes`);
    nodes = readLayoutConfig(flags.config, cwd);
  } else {
    if (!given.length && flags.version === undefined) return undefined;
    const controlPlanes = count(flags.controlPlanes, '--control-planes', 1) ?? 1;
    const workers = count(flags.workers, '--workers', 0) ?? 2;
    if (controlPlanes + workers > MAX_NODES) throw new CliError(`too many nodes (${controlPlanes + workers}): at most ${MAX_NODES}`);
    const zones = flags.zones === undefined ? [] : flags.zones.split(',');
    for (const z of zones) {
      const problem = labelProblem(ZONE_LABEL, z);
      if (z === '' || problem) throw new CliError(`invalid --zones "${flags.zones}": ${problem ?? 'a zone name is empty'}`);
    }
    const size: { cpu?: string; memoryKi?: number; pods?: number } = {};
    if (flags.nodeCpu !== undefined) size.cpu = parseCpu(flags.nodeCpu, '--node-cpu');
    if (flags.nodeMemory !== undefined) size.memoryKi = parseMemoryKi(flags.nodeMemory, '--node-memory');
    if (flags.nodePods !== undefined) size.pods = parsePods(flags.nodePods, '--node-pods');
    nodes = flagLayoutNodes(controlPlanes, workers, zones, size);
  }
  if (nodes.length > MAX_NODES) throw new CliError(`too many nodes (${nodes.length}): at most ${MAX_NODES}`);
  const layout = layoutOf(nodes, version);
  const names = new Set<string>();
  for (const n of layout.nodes) {
    if (names.has(n.name)) throw new CliError(`two nodes are named "${n.name}"`);
    names.add(n.name);
  }
  return layout;
}

/**
 * Bad settings are refused before any file is touched: no file left behind, and --force does not
 * remove the cluster it was to replace.
 */
export function validateClusterCreate(o: ClusterCreateOptions, env: NodeJS.ProcessEnv): void {
  try {
    clockSettingsFrom(o.create, env, 0);
    checkOpenSettings(env);
  } catch (e) {
    if (e instanceof SettingsError) throw new CliError(e.message);
    throw e;
  }
}

/** A size, label or taint refused (node-spec.ts), said as kubectl says an error. */
export function asCliError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof NodeSpecError) throw new CliError(e.message);
    throw e;
  }
}
