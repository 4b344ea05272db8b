import type { Command } from 'commander';
import { runLabelAnnotate } from '../../metadata-edit/edit-metadata.js';
import { type LabelAnnotateFlags, addLabelAnnotateFlags, completeLabelAnnotate } from '../util/label-annotate-flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerLabel(program: Command, inv: Invocation): void {
  addLabelAnnotateFlags(configure(program.command('label'), inv).description('Update the labels on a resource'), 'label').action(
    action<LabelAnnotateFlags>(inv, (ctx, args, flags) => runLabelAnnotate(completeLabelAnnotate('labels', 'label', flags, args), commandEnv(ctx))),
  );
}
