import type { Command } from 'commander';
import { CliError, ExitCode } from '../../util/errors.js';
import { fetchSelectionsToVisit } from '../../resource/fetch.js';
import { printGet } from './print.js';
import { type OutputSpec, parseOutput } from '../../printers/output.js';
import { selectionsOf } from '../../resource/builder.js';
import { rejectNamesWithSelector } from '../../resource/builder-checks.js';
import { statusErrorText } from '../util/check-err.js';
import { StatusError } from '../../../apiserver/errors.js';
import { type BoolFlagValue, collect, parseBoolFlag } from '../util/flags.js';
import { type LateFlag, lateBool } from '../util/late-flag.js';
import { type Context, commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import { lazy } from '../../../common/lazy.js';

/** Only `get -w` needs these. */
const watch = lazy(() => ({
  ...(require('./watch-get.js') as typeof import('./watch-get.js')),
  ...(require('./request-timeout.js') as typeof import('./request-timeout.js')),
}));

/** get without a type: kubectl's two messages, naming the program as the user typed it. */
const noType = (prog: string) => `You must specify the type of resource to get. Use "${prog} api-resources" for a complete list of supported resources.

error: Required resource not specified.
Use "${prog} explain <resource>" for a detailed description of that resource (e.g. ${prog} explain pods).
See '${prog} get -h' for help and examples
`;

export function registerGet(program: Command, inv: Invocation): void {
  configure(program.command('get'), inv)
    .description('Display one or many resources')
    .argument('[args...]')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, wide, jsonpath=..., jsonpath-as-json=..., jsonpath-file=..., custom-columns=..., custom-columns-file=...).')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.')
    .option('--field-selector <selector>', 'Selector (field query) to filter on.')
    .option('-A, --all-namespaces', 'List the requested object(s) across all namespaces.')
    .option('--show-labels [bool]', 'When printing, show all labels as the last column.')
    .option('-L, --label-columns <keys>', 'Accepts a comma separated list of labels that are going to be presented as columns.', collect)
    .option('--no-headers', "When using the default or custom-column output format, don't print headers.")
    .option('--show-kind [bool]', 'If present, list the resource type for the requested object(s).')
    .option('--ignore-not-found [bool]', 'If set to true, suppress NotFound error for specific objects that do not exist.')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to get from a server.', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .option('--chunk-size <n>', 'Return large lists in chunks (accepted; lists are never chunked here).')
    .option('-w, --watch [bool]', 'After listing/getting the requested object, watch for changes.')
    .option('--watch-only [bool]', 'Watch for changes to the requested object(s), without listing/getting first.')
    .option('--output-watch-events [bool]', 'Output watch event objects when --watch or --watch-only is used.')
    .option('--request-timeout <duration>', 'The length of time to wait before giving up on a single server request (a watch ends then).')
    .action(action<GetFlags>(inv, (ctx, args, flags) => runGet(ctx, completeGet(ctx, flags, args))));
}

/** The flags of `get` as commander parses them. */
export interface GetFlags {
  output?: string;
  selector?: string;
  fieldSelector?: string;
  allNamespaces?: boolean;
  showLabels?: BoolFlagValue;
  labelColumns?: string[];
  /** `--no-headers` */
  headers?: boolean;
  showKind?: BoolFlagValue;
  ignoreNotFound?: BoolFlagValue;
  allowMissingTemplateKeys?: BoolFlagValue;
  filename?: string[];
  recursive?: boolean;
  chunkSize?: string;
  watch?: BoolFlagValue;
  watchOnly?: BoolFlagValue;
  outputWatchEvents?: BoolFlagValue;
  requestTimeout?: string;
}

/**
 * What `get` runs with (get.go's GetOptions). The booleans but --allow-missing-template-keys
 * are read where get first needs them, once the cluster is open: --ignore-not-found,
 * --watch-only and --watch before fetching; --show-labels, --show-kind (and
 * --output-watch-events) when printing.
 */
export interface GetOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  selector: string | undefined;
  fieldSelector: string | undefined;
  allNamespaces: boolean;
  spec: OutputSpec;
  noHeaders: boolean;
  /** -L, each value a comma-separated list */
  labelColumns: string[];
  /** --request-timeout: a watch ends then */
  timeoutMs: number | undefined;
  ignoreNotFound: LateFlag<boolean>;
  watch: LateFlag<boolean>;
  watchOnly: LateFlag<boolean>;
  showLabels: LateFlag<boolean>;
  showKind: LateFlag<boolean>;
  outputWatchEvents: LateFlag<boolean>;
}

/**
 * Complete: without a type or a file there is nothing to get (kubectl's two messages); then
 * the printer (-o with --allow-missing-template-keys) and --request-timeout.
 */
export function completeGet(ctx: Context, flags: GetFlags, args: string[]): GetOptions {
  const files = flags.filename ?? [];
  if (args.length === 0 && files.length === 0) {
    ctx.io.err(noType(ctx.io.programName));
    throw new ExitCode(1);
  }
  const labelColumns = (flags.labelColumns ?? []).flatMap((s) => s.split(','));
  const spec = parseOutput(flags.output, {
    cwd: ctx.io.cwd,
    tables: true,
    allowMissingKeys: flags.allowMissingTemplateKeys === undefined ? true : parseBoolFlag('allow-missing-template-keys', flags.allowMissingTemplateKeys),
  });
  // kubectl checks --request-timeout for every request, watching or not
  const timeoutMs = flags.requestTimeout === undefined ? undefined : watch().parseRequestTimeout(flags.requestTimeout);
  return {
    args,
    files,
    recursive: flags.recursive === true,
    selector: flags.selector,
    fieldSelector: flags.fieldSelector,
    allNamespaces: flags.allNamespaces === true,
    spec,
    noHeaders: flags.headers === false,
    labelColumns,
    timeoutMs,
    ignoreNotFound: lateBool(flags.ignoreNotFound, 'ignore-not-found'),
    watch: lateBool(flags.watch, 'watch'),
    watchOnly: lateBool(flags.watchOnly, 'watch-only'),
    showLabels: lateBool(flags.showLabels, 'show-labels'),
    showKind: lateBool(flags.showKind, 'show-kind'),
    outputWatchEvents: lateBool(flags.outputWatchEvents, 'output-watch-events'),
  };
}

/** Run: the selections, then a watch, or the objects fetched and printed. */
async function runGet(ctx: Context, o: GetOptions): Promise<void> {
  const { args, files, selector, spec, labelColumns, allNamespaces } = o;
  const cluster = ctx.cluster();
  const selections = selectionsOf({ args, files, recursive: o.recursive }, commandEnv(ctx));
  if (selector !== undefined) rejectNamesWithSelector(selections);
  const ignoreNotFound = o.ignoreNotFound();
  const watchOnly = o.watchOnly();
  if (o.watch() || watchOnly) {
    await watch().watchGet(cluster, {
      selections,
      namespace: ctx.namespace(),
      allNamespaces,
      ...(selector !== undefined ? { labelSelector: selector } : {}),
      ...(o.fieldSelector !== undefined ? { fieldSelector: o.fieldSelector } : {}),
      spec,
      table: {
        noHeaders: o.noHeaders,
        showLabels: o.showLabels(),
        labelColumns,
        showKind: o.showKind(),
      },
      watchOnly,
      outputWatchEvents: o.outputWatchEvents(),
      timeoutMs: o.timeoutMs,
      write: (t) => ctx.io.out(t),
    });
    return;
  }
  const fetchOpts: Parameters<typeof fetchSelectionsToVisit>[2] = {
    namespace: ctx.namespace(),
    allNamespaces,
    ignoreNotFound,
  };
  if (selector !== undefined) fetchOpts.labelSelector = selector;
  if (o.fieldSelector !== undefined) fetchOpts.fieldSelector = o.fieldSelector;
  const { groups, errors } = fetchSelectionsToVisit(cluster.api, selections, fetchOpts);
  const singleItemImplied =
    args.length > 0 && selections.length === 1 && selections[0]!.name !== undefined && (args.length === 1 || args.length === 2);
  const tableLike = spec.kind === 'table' || spec.kind === 'custom-columns';
  // printGeneric: a single object that could not be read prints nothing but the error.
  if (!tableLike && singleItemImplied && errors.length) {
    ctx.io.err(errors.map((e) => `${e instanceof StatusError ? statusErrorText(e) : `error: ${e.message}`}\n`).join(''));
    throw new ExitCode(1);
  }
  const text = printGet(groups, spec, {
    noHeaders: o.noHeaders,
    showLabels: o.showLabels(),
    labelColumns,
    showKind: o.showKind(),
    allNamespaces,
    nowMs: cluster.clock.now(),
    singleItemImplied,
  });
  ctx.io.out(text);
  if (tableLike && text === '' && errors.length === 0 && !ignoreNotFound) {
    const allNamespaced = groups.every((g) => g.info.namespaced);
    ctx.io.err(allNamespaced && !allNamespaces ? `No resources found in ${ctx.namespace()} namespace.\n` : 'No resources found\n');
  }
  if (errors.length) {
    ctx.io.err(errors.map((e) => `${e instanceof StatusError ? statusErrorText(e) : `error: ${e.message}`}\n`).join(''));
    throw new ExitCode(1);
  }
}
