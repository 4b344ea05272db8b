import type { Command } from 'commander';
import { apiResources } from './list-resources.js';
import { parseBoolFlag } from '../util/flags.js';
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
      action(inv, (ctx, _args, opts) => {
        ctx.cluster();
        const o: Parameters<typeof apiResources>[0] = {
          noHeaders: opts['headers'] === false,
          verbs: typeof opts['verbs'] === 'string' ? opts['verbs'].split(',').filter(Boolean) : [],
        };
        if (typeof opts['output'] === 'string') o.output = opts['output'];
        if (opts['namespaced'] !== undefined) o.namespaced = parseBoolFlag('namespaced', opts['namespaced']);
        if (typeof opts['apiGroup'] === 'string') o.apiGroup = opts['apiGroup'];
        if (typeof opts['sortBy'] === 'string') o.sortBy = opts['sortBy'];
        ctx.io.out(apiResources(o));
      }),
    );
}
