import type { Command } from 'commander';
import { ExitCode } from '../../util/errors.js';
import { fetchSelections } from '../../resource/fetch.js';
import { printGet } from './print.js';
import { parseOutput } from '../../printers/output.js';
import { selectionsOf } from '../../resource/builder.js';
import { rejectNamesWithSelector } from '../../resource/builder-checks.js';
import { statusErrorText } from '../util/check-err.js';
import { StatusError } from '../../../apiserver/errors.js';
import { collect, parseBoolFlag } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
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
    .action(
      action(inv, async (ctx, args, opts) => {
        const files = (opts['filename'] as string[] | undefined) ?? [];
        if (args.length === 0 && files.length === 0) {
          ctx.io.err(noType(ctx.io.programName));
          throw new ExitCode(1);
        }
        const labelColumns = ((opts['labelColumns'] as string[] | undefined) ?? []).flatMap((s) => s.split(','));
        const selector = opts['selector'] as string | undefined;
        const spec = parseOutput(opts['output'] as string | undefined, {
          cwd: ctx.io.cwd,
          tables: true,
          allowMissingKeys:
            opts['allowMissingTemplateKeys'] === undefined ? true : parseBoolFlag('allow-missing-template-keys', opts['allowMissingTemplateKeys']),
        });
        // kubectl checks --request-timeout for every request, watching or not
        const requestTimeout = opts['requestTimeout'] as string | undefined;
        const timeoutMs = requestTimeout === undefined ? undefined : watch().parseRequestTimeout(requestTimeout);
        const cluster = ctx.cluster();
        const selections = selectionsOf({ args, files, recursive: opts['recursive'] === true }, commandEnv(ctx));
        if (selector !== undefined) rejectNamesWithSelector(selections);
        const allNamespaces = opts['allNamespaces'] === true;
        const ignoreNotFound = opts['ignoreNotFound'] !== undefined && parseBoolFlag('ignore-not-found', opts['ignoreNotFound']);
        const flag = (name: string, key: string) => opts[key] !== undefined && parseBoolFlag(name, opts[key]);
        const watchOnly = flag('watch-only', 'watchOnly');
        if (flag('watch', 'watch') || watchOnly) {
          await watch().watchGet(cluster, {
            selections,
            namespace: ctx.namespace(),
            allNamespaces,
            ...(selector !== undefined ? { labelSelector: selector } : {}),
            ...(typeof opts['fieldSelector'] === 'string' ? { fieldSelector: opts['fieldSelector'] } : {}),
            spec,
            table: {
              noHeaders: opts['headers'] === false,
              showLabels: flag('show-labels', 'showLabels'),
              labelColumns,
              showKind: flag('show-kind', 'showKind'),
            },
            watchOnly,
            outputWatchEvents: flag('output-watch-events', 'outputWatchEvents'),
            timeoutMs,
            write: (t) => ctx.io.out(t),
          });
          return;
        }
        const fetchOpts: Parameters<typeof fetchSelections>[2] = {
          namespace: ctx.namespace(),
          allNamespaces,
          ignoreNotFound,
        };
        if (selector !== undefined) fetchOpts.labelSelector = selector;
        if (typeof opts['fieldSelector'] === 'string') fetchOpts.fieldSelector = opts['fieldSelector'];
        const { groups, errors } = fetchSelections(cluster.api, selections, fetchOpts);
        const singleItemImplied =
          args.length > 0 && selections.length === 1 && selections[0]!.name !== undefined && (args.length === 1 || args.length === 2);
        const tableLike = spec.kind === 'table' || spec.kind === 'custom-columns';
        // printGeneric: a single object that could not be read prints nothing but the error.
        if (!tableLike && singleItemImplied && errors.length) {
          ctx.io.err(errors.map((e) => `${e instanceof StatusError ? statusErrorText(e) : `error: ${e.message}`}\n`).join(''));
          throw new ExitCode(1);
        }
        const text = printGet(groups, spec, {
          noHeaders: opts['headers'] === false,
          showLabels: opts['showLabels'] !== undefined && parseBoolFlag('show-labels', opts['showLabels']),
          labelColumns,
          showKind: opts['showKind'] !== undefined && parseBoolFlag('show-kind', opts['showKind']),
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
      }),
    );
}
