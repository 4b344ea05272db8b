import type { Command } from 'commander';
import { runLabelAnnotate } from '../../metadata-edit/edit-metadata.js';
import { addLabelAnnotateFlags, labelAnnotateOptions } from '../util/label-annotate-flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerLabel(program: Command, inv: Invocation): void {
  addLabelAnnotateFlags(configure(program.command('label'), inv).description('Update the labels on a resource'), 'label').action(
    action(inv, (ctx, args, opts) => runLabelAnnotate(labelAnnotateOptions('labels', 'label', args, opts), commandEnv(ctx))),
  );
}
