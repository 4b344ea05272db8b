import type { Command } from 'commander';
import { runLabelAnnotate } from '../../metadata-edit/edit-metadata.js';
import { type Invocation, action, configure } from '../util/program.js';
import { type LabelAnnotateFlags, addLabelAnnotateFlags, completeLabelAnnotate } from '../util/label-annotate-flags.js';
import { commandEnv } from '../util/context.js';

export function registerAnnotate(program: Command, inv: Invocation): void {
  addLabelAnnotateFlags(configure(program.command('annotate'), inv).description('Update the annotations on a resource'), 'annotation').action(
    action<LabelAnnotateFlags>(inv, (ctx, args, flags) => runLabelAnnotate(completeLabelAnnotate('annotations', 'annotate', flags, args), commandEnv(ctx))),
  );
}
