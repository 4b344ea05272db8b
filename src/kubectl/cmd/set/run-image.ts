/**
 * `kubectl set image` (set_image.go): Complete (pairs, the builder), Validate (all problems
 * at once), Run (one strategic patch per changed object).
 */
import { AggregateCliError, CliError } from '../../util/errors.js';
import { allWithSelector, localWithServerDryRun, resourcesRequired } from '../../resource/flag-conflicts.js';
import type { DryRun } from '../../util/dry-run.js';
import { parseImageArgs } from './image-pairs.js';
import { SetPrinter } from '../../printers/print-set.js';
import { setImages } from './set-image.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { applyChanges, resolveTargets } from './visit.js';

export interface SetImageOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  local: boolean;
  all: boolean;
  selector?: string;
  dryRun: DryRun;
  output?: string;
}

/** builder.go LocalResourceError */
export const LOCAL_RESOURCE_ERROR = `you must specify resources by --filename when --local is set.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'`;

/** set_image.go Validate: every problem at once, one per line. */
export function validateSetImage(o: SetImageOptions, resources: string[], images: ReadonlyMap<string, string>): void {
  const problems: Error[] = [];
  if (o.all && o.selector) problems.push(allWithSelector());
  if (resources.length < 1 && o.files.length === 0) {
    problems.push(resourcesRequired());
  }
  if (images.size < 1) problems.push(new CliError('at least one image update is required'));
  else if (images.size > 1 && images.has('*')) {
    problems.push(new CliError('all containers are already specified by *, but saw more than one container_name=container_image pairs'));
  }
  if (o.local && o.dryRun === 'server') {
    problems.push(localWithServerDryRun());
  }
  if (problems.length === 1) throw problems[0]!;
  if (problems.length > 1) throw new AggregateCliError(problems);
}

export function runSetImage(o: SetImageOptions, env: CommandEnv): void {
  // Complete
  const printer = new SetPrinter(o.output, env.cwd, 'image updated', o.dryRun);
  const { resources, images } = parseImageArgs(o.args);
  if (o.local && resources.length) throw new CliError(LOCAL_RESOURCE_ERROR);
  const targets = resolveTargets({ ...o, resources, ...(o.selector ? { selector: o.selector } : {}) }, env);
  validateSetImage(o, resources, images);
  // Run
  const missing: Error[] = [];
  const errors = applyChanges(
    targets,
    (obj) => {
      for (const m of setImages(obj, images)) missing.push(new CliError(m));
    },
    printer,
    {
      local: o.local,
      dryRun: o.dryRun,
      changeError: (name, e) => `error: ${name} ${e.message}\n`,
      patchFailure: 'failed to patch image update to pod template',
    },
    env,
  );
  // kubectl appends the "unable to find container" errors while computing the patches, i.e.
  // before the errors of the objects.
  const all = [...missing, ...errors];
  if (all.length === 1) throw all[0]!;
  if (all.length > 1) throw new AggregateCliError(all);
}
