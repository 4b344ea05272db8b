import type { Command } from 'commander';
import { type EtcdGetOptions, type EtcdWatchOptions, etcdCompact, etcdDefrag, etcdGet, etcdWatch } from './operations.js';
import { CliError } from '../../kubectl/util/errors.js';
import { type Invocation, action, configure } from '../../kubectl/cmd/util/program.js';
import { int64Flag } from '../../kubectl/cmd/util/flags.js';

/**
 * `kubemu etcdctl get|watch|compaction|defrag`: the keyspace as etcdctl v3 shows and maintains it. The connection and TLS
 * flags of a real etcdctl (`--endpoints`, `--cacert`, `--cert`, `--key`) are accepted and ignored.
 */
export function registerEtcdctl(program: Command, inv: Invocation): void {
  const etcd = configure(program.command('etcdctl'), inv).description('Read the cluster keyspace like etcdctl');
  const tls = (c: Command) =>
    c
      .option('--endpoints <list>', 'gRPC endpoints (ignored: the keyspace is the local file)')
      .option('--cacert <file>', 'ignored')
      .option('--cert <file>', 'ignored')
      .option('--key <file>', 'ignored')
      .option('-w, --write-out <format>', 'set the output format (simple)', 'simple');
  tls(etcd);
  tls(configure(etcd.command('get'), inv))
    .description('Gets the key or a range of keys')
    .argument('<key>')
    .argument('[range_end]')
    .option('--prefix', 'Get keys with matching prefix')
    .option('--keys-only', 'Get only the keys')
    .option('--print-value-only', 'Only write values when using the "simple" output format')
    .option('--limit <n>', 'Maximum number of results')
    .option('--rev <n>', 'Specify the kv revision (only the latest is kept)')
    .action(
      action<EtcdGetFlags>(inv, (ctx, args, flags) => {
        validateEtcdctl(flags);
        int64Flag('rev', flags.rev); // checked as etcdctl does; only the latest revision is kept
        // The cluster opens before --limit is read: a missing cluster file wins over a bad --limit.
        const store = ctx.cluster().store;
        ctx.io.out(etcdGet(store, completeEtcdGet(flags, args)));
      }),
    );
  tls(configure(etcd.command('compaction'), inv))
    .description('Compacts the event history in etcd')
    .argument('<revision>')
    .option('--physical', 'accepted (compaction is always complete here)')
    .action(
      action<EtcdCompactionFlags>(inv, (ctx, args, flags) => {
        validateEtcdctl(flags);
        ctx.io.out(etcdCompact(ctx.cluster().store, args[0] ?? ''));
      }),
    );
  tls(configure(etcd.command('defrag'), inv))
    .description('Defragments the storage of the etcd members with given endpoints')
    .option('--cluster', 'use all endpoints from the cluster member list (there is one)')
    .action(
      action<EtcdDefragFlags>(inv, (ctx, _args, flags) => {
        validateEtcdctl(flags);
        ctx.io.out(etcdDefrag(ctx.cluster().store, flags.endpoints));
      }),
    );
  tls(configure(etcd.command('watch'), inv))
    .description('Watches events stream on keys or prefixes')
    .argument('<key>')
    .option('--prefix', 'Watch on a prefix if prefix is set')
    .option('--rev <n>', 'Revision to start watching')
    .option('--prev-kv', 'get the previous key-value pair before the event happens')
    .action(
      action<EtcdWatchFlags>(inv, async (ctx, args, flags) => {
        validateEtcdctl(flags);
        const o = completeEtcdWatch(flags, args);
        await etcdWatch(ctx.cluster(), { ...o, out: (s) => ctx.io.out(s) });
      }),
    );
}

/**
 * The connection flags every etcdctl command takes, as commander parses them. The parent and the
 * subcommand both declare them; commander gives them to the parent wherever they stand, and
 * optsWithGlobals lets the parent's values win.
 */
export interface EtcdctlFlags {
  endpoints?: string;
  cacert?: string;
  cert?: string;
  key?: string;
  writeOut: string;
}

export interface EtcdGetFlags extends EtcdctlFlags {
  prefix?: boolean;
  keysOnly?: boolean;
  printValueOnly?: boolean;
  limit?: string;
  rev?: string;
}

export interface EtcdCompactionFlags extends EtcdctlFlags {
  physical?: boolean;
}

export interface EtcdDefragFlags extends EtcdctlFlags {
  cluster?: boolean;
}

export interface EtcdWatchFlags extends EtcdctlFlags {
  prefix?: boolean;
  rev?: string;
  prevKv?: boolean;
}

/** Every etcdctl command's first check: the output format, of which kubemu emulates "simple". */
function validateEtcdctl(flags: EtcdctlFlags): void {
  if (flags.writeOut !== 'simple') throw new CliError(`unsupported output format "${flags.writeOut}" (kubemu emulates "simple")`);
}

/** Complete of `etcdctl get`: the key range and --limit (0: no limit). */
export function completeEtcdGet(flags: EtcdGetFlags, args: string[]): EtcdGetOptions {
  return {
    key: args[0] ?? '',
    rangeEnd: args[1],
    prefix: flags.prefix === true,
    keysOnly: flags.keysOnly === true,
    valueOnly: flags.printValueOnly === true,
    limit: int64Flag('limit', flags.limit) ?? 0,
  };
}

/** Complete of `etcdctl watch`: the key, --prefix, --rev and --prev-kv. */
export function completeEtcdWatch(flags: EtcdWatchFlags, args: string[]): Omit<EtcdWatchOptions, 'out'> {
  const rev = int64Flag('rev', flags.rev);
  return { key: args[0] ?? '', prefix: flags.prefix === true, rev, prevKv: flags.prevKv === true };
}
