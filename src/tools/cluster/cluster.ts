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

/** `kubemu cluster create|info|advance`: the emulated cluster's own lifecycle and clock. */
export function registerCluster(program: Command, inv: Invocation): void {
  const cluster = configure(program.command('cluster'), inv).description("Manage the emulated cluster's file and clock");

  configure(cluster.command('create'), inv)
    .description('Create a new cluster file (namespaces, three nodes) with the given clock')
    .option('--clock <mode>', 'wall (follows real time) or virtual (moves only when a command waits)')
    .option('--speed <n>', 'wall clock: cluster seconds per real second')
    .option('--seed <n>', 'seed for generated names and UIDs (same seed, same output)')
    .option('--force', 'replace an existing cluster file')
    .action(
      action<ClusterCreateFlags>(inv, (ctx, _args, flags) => {
        const path = ctx.dbPath;
        const o = completeClusterCreate(flags);
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
}

export interface ClusterCreateOptions {
  /** --clock, --speed and --seed as typed; openCluster reads them */
  create: ClockRequest;
  force: boolean;
}

export function completeClusterCreate(flags: ClusterCreateFlags): ClusterCreateOptions {
  return { create: { clock: flags.clock, speed: flags.speed, seed: flags.seed }, force: flags.force === true };
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
