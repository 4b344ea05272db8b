import type { Command } from 'commander';
import { KUBERNETES_VERSION } from '../../../cluster/bootstrap.js';
import { CliError } from '../../util/errors.js';
import { type Invocation, action, configure } from '../util/program.js';

/** The kubectl release kubemu answers as (the article's: 1.34+ delete wording). */
export const CLIENT_VERSION = 'v1.35.0';
const KUSTOMIZE_VERSION = 'v5.7.1';

export function registerVersion(program: Command, inv: Invocation): void {
  configure(program.command('version'), inv)
    .description('Print the client and server version information')
    .option('--client', 'If true, shows client version only (no server required).')
    .option('-o, --output <format>', "One of 'yaml' or 'json'.")
    .action(
      action(inv, (ctx, _args, opts) => {
        const client = opts['client'] === true;
        const output = opts['output'] as string | undefined;
        if (output !== undefined && output !== 'yaml' && output !== 'json') {
          throw new CliError('--output must be \'yaml\' or \'json\'');
        }
        if (!client) ctx.cluster();
        if (output === 'json' || output === 'yaml') {
          const info = (v: string) => ({
            major: '1',
            minor: v.split('.')[1] ?? '',
            gitVersion: v,
            gitCommit: '',
            gitTreeState: 'clean',
            buildDate: '2025-12-17T00:00:00Z',
            goVersion: 'go1.25.5',
            compiler: 'gc',
            platform: 'linux/amd64',
          });
          const doc: Record<string, unknown> = { clientVersion: info(CLIENT_VERSION), kustomizeVersion: KUSTOMIZE_VERSION };
          if (!client) doc['serverVersion'] = info(KUBERNETES_VERSION);
          ctx.io.out(`${JSON.stringify(doc, null, 2)}\n`);
          return;
        }
        ctx.io.out(`Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
        if (!client) ctx.io.out(`Server Version: ${KUBERNETES_VERSION}\n`);
      }),
    );
}
