import type { Command } from 'commander';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { describeObjects } from '../../describe/describe-objects.js';
import { selectionsOf } from '../../resource/builder.js';
import { rejectNamesWithSelector } from '../../resource/builder-checks.js';
import { commandEnv } from '../util/context.js';
import { collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerDescribe(program: Command, inv: Invocation): void {
  configure(program.command('describe'), inv)
    .description('Show details of a specific resource or group of resources')
    .argument('[args...]')
    .option('-l, --selector <selector>', "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.")
    .option('-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files containing the resource to describe', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .option('--show-events [bool]', 'If true, display events related to the described object.')
    .option('--chunk-size <n>', 'Return large lists in chunks (accepted; lists are never chunked here).')
    .action(
      action(inv, (ctx, args, opts) => {
        const files = (opts['filename'] as string[] | undefined) ?? [];
        if (args.length === 0 && files.length === 0) {
          throw new CliError(
            `You must specify the type of resource to describe. Use "${ctx.io.programName} api-resources" for a complete list of supported resources.\n`,
          );
        }
        const selector = opts['selector'] as string | undefined;
        const selections = selectionsOf({ args, files, recursive: opts['recursive'] === true }, commandEnv(ctx));
        if (selector !== undefined) rejectNamesWithSelector(selections);
        const allNamespaces = opts['allNamespaces'] === true;
        const cluster = ctx.cluster();
        const result = describeObjects(cluster.api, {
          selections,
          args,
          fetch: {
            namespace: ctx.namespace(),
            allNamespaces,
            ignoreNotFound: false,
            ...(selector !== undefined ? { labelSelector: selector } : {}),
          },
          nowMs: cluster.clock.now(),
          showEvents: opts['showEvents'] === undefined || parseBoolFlag('show-events', opts['showEvents']),
        });
        ctx.io.out(result.out);
        if (result.nothingFound) {
          ctx.io.err(allNamespaces ? 'No resources found\n' : `No resources found in ${ctx.namespace()} namespace.\n`);
        }
        if (result.errors.length > 0) throw new AggregateCliError(result.errors);
      }),
    );
}
