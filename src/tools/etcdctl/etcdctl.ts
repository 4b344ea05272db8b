import type { Command } from 'commander';
import { etcdCompact, etcdDefrag, etcdGet, etcdWatch } from './operations.js';
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
      action(inv, (ctx, args, opts) => {
        checkFormat(opts);
        int64Flag('rev', opts['rev']); // checked as etcdctl does; only the latest revision is kept
        const text = etcdGet(ctx.cluster().store, {
          key: args[0] ?? '',
          rangeEnd: args[1],
          prefix: opts['prefix'] === true,
          keysOnly: opts['keysOnly'] === true,
          valueOnly: opts['printValueOnly'] === true,
          limit: int64Flag('limit', opts['limit']) ?? 0,
        });
        ctx.io.out(text);
      }),
    );
  tls(configure(etcd.command('compaction'), inv))
    .description('Compacts the event history in etcd')
    .argument('<revision>')
    .option('--physical', 'accepted (compaction is always complete here)')
    .action(
      action(inv, (ctx, args, opts) => {
        checkFormat(opts);
        ctx.io.out(etcdCompact(ctx.cluster().store, args[0] ?? ''));
      }),
    );
  tls(configure(etcd.command('defrag'), inv))
    .description('Defragments the storage of the etcd members with given endpoints')
    .option('--cluster', 'use all endpoints from the cluster member list (there is one)')
    .action(
      action(inv, (ctx, _args, opts) => {
        checkFormat(opts);
        ctx.io.out(etcdDefrag(ctx.cluster().store, opts['endpoints'] as string | undefined));
      }),
    );
  tls(configure(etcd.command('watch'), inv))
    .description('Watches events stream on keys or prefixes')
    .argument('<key>')
    .option('--prefix', 'Watch on a prefix if prefix is set')
    .option('--rev <n>', 'Revision to start watching')
    .option('--prev-kv', 'get the previous key-value pair before the event happens')
    .action(
      action(inv, async (ctx, args, opts) => {
        checkFormat(opts);
        const rev = int64Flag('rev', opts['rev']);
        await etcdWatch(ctx.cluster(), {
          key: args[0] ?? '',
          prefix: opts['prefix'] === true,
          rev,
          prevKv: opts['prevKv'] === true,
          out: (s) => ctx.io.out(s),
        });
      }),
    );
}

function checkFormat(opts: Record<string, unknown>): void {
  const f = opts['writeOut'];
  if (f !== undefined && f !== 'simple') throw new CliError(`unsupported output format "${String(f)}" (kubemu emulates "simple")`);
}
