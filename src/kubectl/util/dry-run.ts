/**
 * --dry-run, as every writing verb takes it (cmdutil.GetDryRunStrategy): the strategy a flag value
 * names, and the suffix kubectl adds to action messages in a dry run.
 */
import { CliError } from './errors.js';

export type DryRun = 'none' | 'client' | 'server';

/** --dry-run: `none`, `client`, `server`; a bare --dry-run is kubectl's deprecated `client`. */
export function parseDryRun(v: unknown): DryRun {
  if (v === undefined || v === false || v === 'none' || v === 'false') return 'none';
  if (v === true || v === 'client' || v === 'true') return 'client';
  if (v === 'server') return 'server';
  throw new CliError(`Invalid dry-run value (${String(v)}). Must be "none", "server", or "client".`);
}

/** The suffix kubectl adds to action messages in a dry run. */
export function dryRunSuffix(d: DryRun): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}
