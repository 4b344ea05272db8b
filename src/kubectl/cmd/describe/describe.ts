import type { Command } from 'commander';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { describeObjects } from '../../describe/describe-objects.js';
import { selectionsOf } from '../../resource/builder.js';
import { rejectNamesWithSelector } from '../../resource/builder-checks.js';
import { type BoolFlagValue, collect } from '../util/flags.js';
import { type LateFlag, lateBool } from '../util/late-flag.js';
import { type Context, commandEnv } from '../util/context.js';
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
    .action(action<DescribeFlags>(inv, (ctx, args, flags) => runDescribe(ctx, completeDescribe(ctx, flags, args))));
}

/** The flags of `describe` as commander parses them. */
export interface DescribeFlags {
  selector?: string;
  allNamespaces?: boolean;
  filename?: string[];
  recursive?: boolean;
  showEvents?: BoolFlagValue;
  chunkSize?: string;
}

/** What `describe` runs with. */
export interface DescribeOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  selector: string | undefined;
  allNamespaces: boolean;
  /** read once the cluster is open, where a bad value is reported */
  showEvents: LateFlag<boolean>;
}

/** Complete: the flags into DescribeOptions; with neither a type nor a file there is nothing to describe. */
export function completeDescribe(ctx: Context, flags: DescribeFlags, args: string[]): DescribeOptions {
  const files = flags.filename ?? [];
  if (args.length === 0 && files.length === 0) {
    throw new CliError(
      `You must specify the type of resource to describe. Use "${ctx.io.programName} api-resources" for a complete list of supported resources.\n`,
    );
  }
  return {
    args,
    files,
    recursive: flags.recursive === true,
    selector: flags.selector,
    allNamespaces: flags.allNamespaces === true,
    showEvents: lateBool(flags.showEvents, 'show-events', true),
  };
}

/** Run: the selections (files read first), then the objects described. */
function runDescribe(ctx: Context, o: DescribeOptions): void {
  const { args, selector, allNamespaces } = o;
  const selections = selectionsOf({ args, files: o.files, recursive: o.recursive }, commandEnv(ctx));
  if (selector !== undefined) rejectNamesWithSelector(selections);
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
    showEvents: o.showEvents(),
  });
  ctx.io.out(result.out);
  if (result.nothingFound) {
    ctx.io.err(allNamespaces ? 'No resources found\n' : `No resources found in ${ctx.namespace()} namespace.\n`);
  }
  if (result.errors.length > 0) throw new AggregateCliError(result.errors);
}
