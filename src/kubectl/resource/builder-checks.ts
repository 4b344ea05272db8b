/**
 * The builder's own refusals (cli-runtime builder.go), worded as kubectl prints them. Each verb
 * calls the ones its upstream builder makes, in the order they are made there (see builder.ts).
 */
import { CliError } from '../util/errors.js';
import type { ResourceSelection } from './resource-args.js';

/** builder.go missingResourceError */
export const MISSING_RESOURCE = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/** Nothing to visit: no argument and no file. */
export function missingResource(): CliError {
  return new CliError(MISSING_RESOURCE);
}

/** `-f` with resource arguments: `label -f d.yaml pods/x a=b`, `label -f d.yaml pods a=b`. */
export function rejectArgsWithPaths(args: string[]): void {
  if (args.some((r) => r.includes('/'))) throw new CliError('resource/name arguments cannot be provided when a path is specified');
  if (args.length) throw new CliError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well');
}

/** `label pods/x -l app=a ...` */
export function rejectTuplesWithSelector(args: string[]): void {
  if (args.some((r) => r.includes('/'))) throw new CliError('selectors and the all flag cannot be used when passing resource/name arguments');
}

/** `get pods x -l app=a`: a selector lists types, it does not filter names. */
export function rejectNamesWithSelector(selections: ResourceSelection[]): void {
  if (selections.some((s) => s.name !== undefined)) throw new CliError('name cannot be provided when a selector is specified');
}

/** `label -l app=a x=y`: a selector needs a type to list. */
export function requireTypesForSelector(selections: ResourceSelection[]): void {
  if (selections.length === 0) throw new CliError('at least one resource must be specified to use a selector');
}

/** `label pod x -A ...`: names are looked up in one namespace. */
export function rejectNamesAcrossNamespaces(selections: ResourceSelection[], allNamespaces: boolean): void {
  if (allNamespaces && selections.some((s) => s.info.namespaced)) {
    throw new CliError('a resource cannot be retrieved by name across all namespaces');
  }
}

/** `label pods a=b` with no name and no selector (a verb that acts on objects, not on lists). */
export function requireNames(selections: ResourceSelection[]): void {
  if (selections.some((s) => s.name === undefined)) throw new CliError('resource(s) were provided, but no name was specified');
}
