import type { Command } from 'commander';
import { kubernetesVersion } from '../../../cluster/cluster.js';
import { CliError } from '../../util/errors.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { Context } from '../util/context.js';

/** The kubectl release kubemu answers as (the article's: 1.34+ delete wording). */
export const CLIENT_VERSION = 'v1.35.0';
const KUSTOMIZE_VERSION = 'v5.7.1';

export function registerVersion(program: Command, inv: Invocation): void {
  configure(program.command('version'), inv)
    .description('Print the client and server version information')
    .option('--client', 'If true, shows client version only (no server required).')
    .option('-o, --output <format>', "One of 'yaml' or 'json'.")
    .action(
      action<VersionFlags>(inv, (ctx, _args, flags) => {
        const o = completeVersion(flags);
        validateVersion(o);
        runVersion(ctx, o);
      }),
    );
}

/** The flags of `version` as commander parses them. */
export interface VersionFlags {
  client?: boolean;
  output?: string;
}

/** What `version` runs with (version.go's Options). */
export interface VersionOptions {
  /** --client: the server is not asked */
  client: boolean;
  output: string | undefined;
}

/** Complete: nothing to parse; --client is a plain switch. */
export function completeVersion(flags: VersionFlags): VersionOptions {
  return { client: flags.client === true, output: flags.output };
}

/** Validate: -o is yaml or json. */
export function validateVersion(o: VersionOptions): void {
  if (o.output !== undefined && o.output !== 'yaml' && o.output !== 'json') {
    throw new CliError('--output must be \'yaml\' or \'json\'');
  }
}

/** Run: the server is asked (the cluster opened) unless --client. */
function runVersion(ctx: Context, o: VersionOptions): void {
  const { client, output } = o;
  const serverVersion = client ? '' : kubernetesVersion(ctx.cluster());
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
    if (!client) doc['serverVersion'] = info(serverVersion);
    ctx.io.out(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  ctx.io.out(`Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
  if (!client) ctx.io.out(`Server Version: ${serverVersion}\n`);
}
