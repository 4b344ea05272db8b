/**
 * The refusals of the selection flags that several verbs' Validate share (delete.go, label.go,
 * annotate.go, patch.go, set_image.go, set_env.go word them alike). Each verb keeps its own
 * condition (a set flag, or a non-empty one) and its own moment (thrown, or collected among
 * set image's problems); only the wording lives here.
 */
import { CliError } from '../util/errors.js';

/** --all with -l */
export function allWithSelector(): CliError {
  return new CliError('cannot set --all and --selector at the same time');
}

/** --all with --field-selector */
export function allWithFieldSelector(): CliError {
  return new CliError('cannot set --all and --field-selector at the same time');
}

/** --local never talks to the server, so the server cannot dry-run. */
export function localWithServerDryRun(): CliError {
  return new CliError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
}

/** no resource argument and no -f (label, annotate, set) */
export function resourcesRequired(): CliError {
  return new CliError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
}
