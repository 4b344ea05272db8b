import type { Command, CommanderError } from 'commander';
import { ExitCode, RawError, UsageError } from '../../util/errors.js';
import { lazy } from '../../../common/lazy.js';
import { checkErr } from '../util/check-err.js';
import { type BoolFlagValue, collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { Context } from '../util/context.js';
import type { DiffOptions } from './diff-command.js';

const diffCommand = lazy(() => require('./diff-command.js') as typeof import('./diff-command.js'));

/**
 * kubectl diff reports usage errors through CheckDiffErr with its own flag error function:
 * `error: <msg>` then `See 'kubectl diff -h' for help and examples`, exit 2 (1 would mean
 * "differences found").
 */
function diffUsageError(message: string, programName: string): RawError {
  return new RawError(`error: ${message}\nSee '${programName} diff -h' for help and examples\n`, 2);
}

export function registerDiff(program: Command, inv: Invocation): void {
  const cmd = configure(program.command('diff'), inv)
    .description('Diff the live version against a would-be applied version')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files contains the configuration to diff', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('-k, --kustomize <dir>', 'Process the kustomization directory (not emulated).')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--server-side [bool]', 'If true, apply runs in the server instead of the client (not emulated).')
    .option('--force-conflicts [bool]', 'If true, server-side apply will force the changes against conflicts.')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership.', 'kubectl-client-side-apply')
    .option('--show-managed-fields [bool]', 'If true, include managed fields in the diff.')
    .option('--prune [bool]', 'Include resources that would be deleted by pruning (not emulated).')
    .option('--prune-allowlist <gvk>', 'Overwrite the default allowlist with <group/version/kind> for --prune', collect)
    .option('--concurrency <n>', 'Number of objects to process in parallel when diffing against the live version.', '1')
    .action(action<DiffFlags>(inv, runDiffCommand));
  // Turn the usage errors configure() produces into diff's wording and exit code. Commander
  // keeps configure()'s handler in its (untyped) _exitCallback field; we wrap it.
  const cobraLike = (cmd as unknown as { _exitCallback?: (e: CommanderError) => void })._exitCallback;
  cmd.exitOverride((err) => {
    try {
      cobraLike?.(err);
    } catch (e) {
      if (e instanceof UsageError) throw diffUsageError(e.message, inv.io.programName);
      throw e;
    }
    throw err;
  });
}

/** The flags of `diff` as commander parses them (--field-manager and --concurrency have defaults). */
export interface DiffFlags {
  filename?: string[];
  recursive?: BoolFlagValue;
  kustomize?: string;
  selector?: string;
  serverSide?: BoolFlagValue;
  forceConflicts?: BoolFlagValue;
  fieldManager: string;
  showManagedFields?: BoolFlagValue;
  prune?: BoolFlagValue;
  pruneAllowlist?: string[];
  concurrency: string;
}

/**
 * Complete: the flag values (one that does not parse is a flag error: diff's usage wording,
 * exit 2), --concurrency first, then the booleans in the flags' order; then no arguments.
 */
export function completeDiff(flags: DiffFlags, args: string[], programName: string): DiffOptions {
  const bool = (value: BoolFlagValue, name: string): boolean => {
    if (value === undefined) return false;
    try {
      return parseBoolFlag(name, value);
    } catch (e) {
      throw diffUsageError((e as Error).message, programName);
    }
  };
  const concurrency = flags.concurrency;
  if (!/^[+-]?(\d+|0[xX][0-9a-fA-F]+)$/.test(concurrency)) {
    throw diffUsageError(`invalid argument "${concurrency}" for "--concurrency" flag: strconv.ParseInt: parsing "${concurrency}": invalid syntax`, programName);
  }
  const o: DiffOptions = {
    filenames: flags.filename ?? [],
    kustomize: flags.kustomize,
    recursive: bool(flags.recursive, 'recursive'),
    selector: flags.selector,
    serverSide: bool(flags.serverSide, 'server-side'),
    forceConflicts: bool(flags.forceConflicts, 'force-conflicts'),
    showManagedFields: bool(flags.showManagedFields, 'show-managed-fields'),
    prune: bool(flags.prune, 'prune'),
  };
  if (args.length) throw diffUsageError(`Unexpected args: [${args.join(' ')}]`, programName);
  return o;
}

async function runDiffCommand(ctx: Context, args: string[], flags: DiffFlags): Promise<void> {
  try {
    const o = completeDiff(flags, args, ctx.io.programName);
    diffCommand().validateDiff(o);
    const env = {
      cwd: ctx.io.cwd,
      env: ctx.io.env,
      readStdin: () => ctx.io.readStdin(),
      out: (t: string) => ctx.io.out(t),
      err: (t: string) => ctx.io.err(t),
      namespace: ctx.namespace(),
      enforceNamespace: ctx.namespaceExplicit,
      cluster: () => ctx.cluster(),
    };
    const status = diffCommand().diffCommand(env, o);
    if (status !== 0) throw new ExitCode(status);
  } catch (e) {
    if (e instanceof ExitCode) throw e;
    // CheckDiffErr: kubectl's own errors print as usual but exit with 2.
    throw new ExitCode(checkErr(e, ctx.io, 2));
  }
}
