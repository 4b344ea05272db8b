import type { Command } from 'commander';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { UsageError } from '../../util/errors.js';
import { selectionsOf } from '../../resource/builder.js';
import { missingResource } from '../../resource/builder-checks.js';
import { commandEnv } from '../util/context.js';
import { parseForCondition } from './for-condition.js';
import { waitForObjects } from './wait-objects.js';
import { FOREVER_MS } from '../../../cluster/time.js';
import { collect } from '../util/flags.js';
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
    .action(
      action(inv, async (ctx, args, opts) => {
        // wait.go ToOptions: the condition is parsed before anything is looked up.
        const condition = parseForCondition(String(opts['for'] ?? ''));
        const timeoutText = String(opts['timeout']);
        const parsed = parseGoDuration(timeoutText);
        if (parsed === undefined) {
          throw new UsageError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`, 'wait');
        }
        const files = (opts['filename'] as string[] | undefined) ?? [];
        const selections = selectionsOf({ args, files, recursive: opts['recursive'] === true }, commandEnv(ctx));
        if (selections.length === 0) throw missingResource();
        const cluster = ctx.cluster();
        await waitForObjects(cluster, {
          selections,
          namespace: ctx.namespace(),
          allNamespaces: opts['allNamespaces'] === true,
          all: opts['all'] === true,
          ...(typeof opts['selector'] === 'string' ? { labelSelector: opts['selector'] } : {}),
          ...(typeof opts['fieldSelector'] === 'string' ? { fieldSelector: opts['fieldSelector'] } : {}),
          condition,
          timeoutMs: parsed < 0 ? FOREVER_MS : parsed,
          write: (t) => ctx.io.out(t),
        });
      }),
    );
}
