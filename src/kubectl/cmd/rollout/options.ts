/**
 * The flags of every `rollout` subcommand as commander parses them, and their Complete and
 * Validate (rollout_status.go, rollout_history.go, rollout_undo.go, rollout_pause.go, ...). The
 * order of the checks is kubemu's so far and kept: a subcommand's own flag values parse first,
 * then Validate ("required resource not specified", a negative --revision), and -R is read only
 * when the builder runs, after Validate.
 */
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { type DryRun, parseDryRun } from '../../util/dry-run.js';
import { CliError, UsageError } from '../../util/errors.js';
import { type BoolFlagValue, parseBoolFlag } from '../util/flags.js';

/** -l, -f, -R and -k, which every rollout subcommand takes. */
export interface RolloutBuilderFlags {
  selector?: string;
  filename?: string[];
  recursive?: BoolFlagValue;
  kustomize?: string;
}

/** The flags of `rollout status`. */
export interface RolloutStatusFlags extends RolloutBuilderFlags {
  watch?: BoolFlagValue;
  revision?: string;
  timeout?: string;
}

/** The flags of `rollout history`. */
export interface RolloutHistoryFlags extends RolloutBuilderFlags {
  revision?: string;
  output?: string;
}

/** The flags of `rollout undo`. */
export interface RolloutUndoFlags extends RolloutBuilderFlags {
  toRevision?: string;
  dryRun?: BoolFlagValue;
  output?: string;
}

/** The flags of `rollout pause`, `resume` and `restart`. */
export interface RolloutObjectFlags extends RolloutBuilderFlags {
  fieldManager?: string;
  output?: string;
}

/** What the builder of every subcommand selects from. */
export interface RolloutBuilderOptions {
  args: string[];
  files: string[];
  selector?: string;
  /** -k, refused by Validate */
  kustomize?: string;
  /** -R as typed: the builder reads it (parseRecursive) after Validate, kubemu's order */
  recursive: BoolFlagValue;
}

export interface RolloutStatusOptions {
  builder: RolloutBuilderOptions;
  watch: boolean;
  revision: number;
  timeoutMs: number;
}

export interface RolloutHistoryOptions {
  builder: RolloutBuilderOptions;
  revision: number;
}

export interface RolloutUndoOptions {
  builder: RolloutBuilderOptions;
  toRevision: number;
  dryRun: DryRun;
}

/** pflag's Int64Var: a whole number (0 when absent), or the usage error kubectl prints. */
function int64Flag(value: string | undefined, flag: string, path: string): number {
  if (value === undefined) return 0;
  if (!/^[+-]?\d+$/.test(value)) throw new UsageError(`invalid argument "${value}" for "--${flag}" flag: strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`, path);
  return Number(value);
}

/** -o: kubemu prints the name-printer lines only. */
function rejectOutput(flags: { output?: string }): void {
  if (flags.output !== undefined) throw new CliError('-o/--output is not emulated by kubemu for rollout commands');
}

function builderOptions(flags: RolloutBuilderFlags, args: string[]): RolloutBuilderOptions {
  return {
    args,
    files: flags.filename ?? [],
    recursive: flags.recursive,
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.kustomize !== undefined ? { kustomize: flags.kustomize } : {}),
  };
}

/** -R, read when the builder runs. */
export function parseRecursive(b: RolloutBuilderOptions): boolean {
  return b.recursive === undefined ? false : parseBoolFlag('recursive', b.recursive);
}

/** Validate's first check, common to every subcommand. */
export function validateRolloutBuilder(b: RolloutBuilderOptions): void {
  if (b.kustomize !== undefined) throw new CliError('-k/--kustomize is not emulated by kubemu');
  if (b.args.length === 0 && b.files.length === 0) throw new CliError('required resource not specified');
}

function validateRevision(revision: number): void {
  if (revision < 0) throw new CliError(`revision must be a positive integer: ${revision}`);
}

/** Complete of `rollout status`: --watch, --revision, then --timeout. */
export function completeRolloutStatus(flags: RolloutStatusFlags, args: string[]): RolloutStatusOptions {
  const path = 'rollout status';
  const watch = flags.watch === undefined ? true : parseBoolFlag('watch', flags.watch);
  const revision = int64Flag(flags.revision, 'revision', path);
  const timeoutText = flags.timeout ?? '0s';
  const timeoutMs = parseGoDuration(timeoutText);
  if (timeoutMs === undefined) throw new UsageError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`, path);
  return { builder: builderOptions(flags, args), watch, revision, timeoutMs };
}

export function validateRolloutStatus(o: RolloutStatusOptions): void {
  validateRolloutBuilder(o.builder);
  validateRevision(o.revision);
}

/** Complete of `rollout history`: the refusal of -o, then --revision. */
export function completeRolloutHistory(flags: RolloutHistoryFlags, args: string[]): RolloutHistoryOptions {
  rejectOutput(flags);
  const revision = int64Flag(flags.revision, 'revision', 'rollout history');
  return { builder: builderOptions(flags, args), revision };
}

export function validateRolloutHistory(o: RolloutHistoryOptions): void {
  validateRolloutBuilder(o.builder);
  validateRevision(o.revision);
}

/** Complete of `rollout undo`: the refusal of -o, --to-revision, then --dry-run. */
export function completeRolloutUndo(flags: RolloutUndoFlags, args: string[]): RolloutUndoOptions {
  rejectOutput(flags);
  const toRevision = int64Flag(flags.toRevision, 'to-revision', 'rollout undo');
  const dryRun = parseDryRun(flags.dryRun);
  return { builder: builderOptions(flags, args), toRevision, dryRun };
}

/** Complete of `rollout pause`, `resume` and `restart`: the refusal of -o; the builder's options. */
export function completeRolloutObject(flags: RolloutObjectFlags, args: string[]): RolloutBuilderOptions {
  rejectOutput(flags);
  return builderOptions(flags, args);
}
