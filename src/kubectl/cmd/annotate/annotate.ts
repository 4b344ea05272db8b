import type { Command } from 'commander';
import { runLabelAnnotate } from '../../metadata-edit/edit-metadata.js';
import { type Invocation, action, configure } from '../util/program.js';
import { addLabelAnnotateFlags, labelAnnotateOptions } from '../util/label-annotate-flags.js';
import { commandEnv } from '../util/context.js';

export function registerAnnotate(program: Command, inv: Invocation): void {
  addLabelAnnotateFlags(configure(program.command('annotate'), inv).description('Update the annotations on a resource'), 'annotation').action(
    action(inv, (ctx, args, opts) => runLabelAnnotate(labelAnnotateOptions('annotations', 'annotate', args, opts), commandEnv(ctx))),
  );
}
