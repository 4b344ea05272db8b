/**
 * The flags `label` and `annotate` share (label.go / annotate.go AddFlags) and their reading into
 * the options of the one implementation both verbs run (metadata-edit/edit-metadata.ts).
 */
import type { Command } from 'commander';
import type { LabelAnnotateOptions } from '../../metadata-edit/edit-metadata.js';
import type { MapField } from '../../metadata-edit/map-changes.js';
import { parseDryRun } from '../../util/dry-run.js';
import { type BoolFlagValue, boolFlag, collect } from './flags.js';

/** The flags label and annotate share (label.go / annotate.go AddFlags). */
export function addLabelAnnotateFlags(cmd: Command, noun: string): Command {
  return cmd
    .argument('[args...]')
    .option('--overwrite [bool]', `If true, allow ${noun}s to be overwritten, otherwise reject ${noun} updates that overwrite existing ${noun}s.`)
    .option('--list [bool]', `If true, display the ${noun}s for a given resource.`)
    .option('--local [bool]', `If true, ${noun} will NOT contact api-server but run locally.`)
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--field-selector <selector>', 'Selector (field query) to filter on.')
    .option('--all [bool]', 'Select all resources, in the namespace of the specified resource types.')
    .option('-A, --all-namespaces [bool]', 'If true, check the specified action in all namespaces.')
    .option('--resource-version <version>', `If non-empty, the ${noun}s update will only succeed if this is the current resource-version for the object.`)
    .option('-f, --filename <file>', `Filename, directory, or URL to files identifying the resource to update the ${noun}s`, collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership (accepted; managed fields are not emulated).')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.');
}

/** The flags of `label` and `annotate` as commander parses them (label.go / annotate.go's options). */
export interface LabelAnnotateFlags {
  overwrite?: BoolFlagValue;
  list?: BoolFlagValue;
  local?: BoolFlagValue;
  selector?: string;
  fieldSelector?: string;
  all?: BoolFlagValue;
  allNamespaces?: BoolFlagValue;
  resourceVersion?: string;
  filename?: string[];
  recursive?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  output?: string;
  fieldManager?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
}

/**
 * Complete: the shared flags into the options of runLabelAnnotate (the flag values parse in this
 * order); Validate is validateLabelAnnotate, which runLabelAnnotate calls first.
 */
export function completeLabelAnnotate(field: MapField, commandPath: string, flags: LabelAnnotateFlags, args: string[]): LabelAnnotateOptions {
  return {
    field,
    args,
    files: flags.filename ?? [],
    recursive: boolFlag(flags.recursive, 'recursive', commandPath),
    overwrite: boolFlag(flags.overwrite, 'overwrite', commandPath),
    list: boolFlag(flags.list, 'list', commandPath),
    local: boolFlag(flags.local, 'local', commandPath),
    all: boolFlag(flags.all, 'all', commandPath),
    allNamespaces: boolFlag(flags.allNamespaces, 'all-namespaces', commandPath),
    dryRun: parseDryRun(flags.dryRun),
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.fieldSelector !== undefined ? { fieldSelector: flags.fieldSelector } : {}),
    ...(flags.resourceVersion !== undefined ? { resourceVersion: flags.resourceVersion } : {}),
    ...(flags.output !== undefined ? { output: flags.output } : {}),
  };
}
