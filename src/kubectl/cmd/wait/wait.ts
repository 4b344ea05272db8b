import type { Command } from 'commander';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { UsageError } from '../../util/errors.js';
import { selectionsOf } from '../../resource/builder.js';
import { missingResource } from '../../resource/builder-checks.js';
import { type ForCondition, parseForCondition } from './for-condition.js';
import { waitForObjects } from './wait-objects.js';
import { FOREVER_MS } from '../../../cluster/time.js';
import { collect } from '../util/flags.js';
import { type Context, commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerWait(program: Command, inv: Invocation): void {
  configure(program.command('wait'), inv)
    .description('Experimental: Wait for a specific condition on one or many resources')
    .argument('[args...]')
    .option('--for <condition>', "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]].", '')
    .option('--timeout <duration>', "The length of time to wait before giving up. Zero means check once and don't wait, negative means wait for a week.", '30s')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--field-selector <selector>', 'Selector (field query) to filter on.')
    .option('--all', 'Select all resources in the namespace of the specified resource types')
    .option('-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.')
    .option('-f, --filename <file>', 'identifying the resource.', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .action(action<WaitFlags>(inv, (ctx, args, flags) => runWait(ctx, completeWait(flags, args))));
}

/** The flags of `wait` as commander parses them (wait.go's WaitFlags). */
export interface WaitFlags {
  for: string;
  timeout: string;
  selector?: string;
  fieldSelector?: string;
  all?: boolean;
  allNamespaces?: boolean;
  filename?: string[];
  recursive?: boolean;
}

export interface WaitOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  condition: ForCondition;
  /** --timeout; a negative one is a week (FOREVER_MS) */
  timeoutMs: number;
  all: boolean;
  allNamespaces: boolean;
  labelSelector?: string;
  fieldSelector?: string;
}

/** Complete (wait.go ToOptions): the condition is parsed before anything is looked up, then --timeout. */
export function completeWait(flags: WaitFlags, args: string[]): WaitOptions {
  const condition = parseForCondition(flags.for);
  const timeoutText = flags.timeout;
  const parsed = parseGoDuration(timeoutText);
  if (parsed === undefined) {
    throw new UsageError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`, 'wait');
  }
  return {
    args,
    files: flags.filename ?? [],
    recursive: flags.recursive === true,
    condition,
    timeoutMs: parsed < 0 ? FOREVER_MS : parsed,
    all: flags.all === true,
    allNamespaces: flags.allNamespaces === true,
    ...(flags.selector !== undefined ? { labelSelector: flags.selector } : {}),
    ...(flags.fieldSelector !== undefined ? { fieldSelector: flags.fieldSelector } : {}),
  };
}

/** Run: the builder's selections (none is the builder's error), then the wait in cluster time. */
async function runWait(ctx: Context, o: WaitOptions): Promise<void> {
  const selections = selectionsOf({ args: o.args, files: o.files, recursive: o.recursive }, commandEnv(ctx));
  if (selections.length === 0) throw missingResource();
  const cluster = ctx.cluster();
  await waitForObjects(cluster, {
    selections,
    namespace: ctx.namespace(),
    allNamespaces: o.allNamespaces,
    all: o.all,
    ...(o.labelSelector !== undefined ? { labelSelector: o.labelSelector } : {}),
    ...(o.fieldSelector !== undefined ? { fieldSelector: o.fieldSelector } : {}),
    condition: o.condition,
    timeoutMs: o.timeoutMs,
    write: (t) => ctx.io.out(t),
  });
}
