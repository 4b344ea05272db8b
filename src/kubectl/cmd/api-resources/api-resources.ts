import type { Command } from 'commander';
import { type ApiResourcesOptions, apiResources } from './list-resources.js';
import { type BoolFlagValue, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerApiResources(program: Command, inv: Invocation): void {
  configure(program.command('api-resources'), inv)
    .description('Print the supported API resources on the server')
    .option('-o, --output <format>', 'Output format. One of: (wide, name).')
    .option('--no-headers', 'When using the default or custom-column output format, don\'t print headers.')
    .option('--namespaced [bool]', 'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.')
    .option('--api-group <group>', 'Limit to resources in the specified API group.')
    .option('--sort-by <field>', "If non-empty, sort list of resources using specified field. One of (name, kind).")
    .option('--verbs <verbs>', 'Limit to resources that support the specified verbs.')
    .option('--cached', 'Use the cached list of resources if available.')
    .action(
      action<ApiResourcesFlags>(inv, (ctx, _args, flags) => {
        // The cluster (kubectl's discovery client) opens before the flag values are read.
        ctx.cluster();
        ctx.io.out(apiResources(completeApiResources(flags)));
      }),
    );
}

/** The flags of `api-resources` as commander parses them. */
export interface ApiResourcesFlags {
  output?: string;
  /** `--no-headers` */
  headers?: boolean;
  namespaced?: BoolFlagValue;
  apiGroup?: string;
  sortBy?: string;
  verbs?: string;
  cached?: boolean;
}

/**
 * Complete: the flags into ApiResourcesOptions (a bad --namespaced value is kubectl's plain
 * `error: invalid argument ...`); Validate and Run are apiResources'.
 */
export function completeApiResources(flags: ApiResourcesFlags): ApiResourcesOptions {
  return {
    noHeaders: flags.headers === false,
    verbs: flags.verbs !== undefined ? flags.verbs.split(',').filter(Boolean) : [],
    ...(flags.output !== undefined ? { output: flags.output } : {}),
    ...(flags.namespaced !== undefined ? { namespaced: parseBoolFlag('namespaced', flags.namespaced) } : {}),
    ...(flags.apiGroup !== undefined ? { apiGroup: flags.apiGroup } : {}),
    ...(flags.sortBy !== undefined ? { sortBy: flags.sortBy } : {}),
  };
}
