/**
 * `kubectl label` and `kubectl annotate` (label.go, annotate.go of kubectl 1.33): the checks
 * in kubectl's order, the visit of every object with errors collected, and per object either a
 * local change (--local, --dry-run=client, --list) or a JSON merge patch sent to the server
 * (so resourceVersion and generation behave as with kube-apiserver).
 *
 * The two commands differ in small ways, kept visible here:
 *  - label prints `label "k" not found.` before patching for each removed key that is absent;
 *  - label's message depends on what changed (labeled / unlabeled / not labeled), annotate
 *    always says `annotated`;
 *  - label prints the object as it changed it locally, annotate prints the server's answer;
 *  - label resolves -o per object (a bad -o fails once per object), annotate up front;
 *  - annotate clears resourceVersion only on the server path.
 */
import type { JsonObject } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import { objectJson } from '../../api/meta/v1.js';
import { createJsonMergePatch } from '../../apiserver/patch/json-merge-patch.js';
import { type DryRun, dryRunSuffix } from '../util/dry-run.js';
import { CliError } from '../util/errors.js';
import { allWithFieldSelector, allWithSelector, localWithServerDryRun, resourcesRequired } from '../resource/flag-conflicts.js';
import type { CommandEnv } from '../resource/command-env.js';
import { throwCollected } from '../resource/go-aggregate.js';
import { labelChangeMessage } from './change-message.js';
import { formatMapList } from './list-output.js';
import { type MapField, applyMapChanges, currentMap } from './map-changes.js';
import { type MapChanges, checkAnnotationModifyRemove, parseAnnotationSpecs, parseLabelSpecs, splitResourcesAndPairs } from './pairs.js';
import { type ObjectPrinter, objectPrinter, printObject } from '../printers/print-object.js';
import { type Target, visit, visitEach } from '../resource/builder.js';

export interface LabelAnnotateOptions {
  field: MapField;
  /** positional arguments: resources, then KEY=VAL / KEY- */
  args: string[];
  files: string[];
  recursive: boolean;
  overwrite: boolean;
  list: boolean;
  local: boolean;
  dryRun: DryRun;
  all: boolean;
  allNamespaces: boolean;
  selector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  output?: string;
}

/** Names and words that differ between the two commands. */
const WORDS = {
  labels: { pair: 'label', noun: 'label', file: 'pod.yaml', json: 'pod.json' },
  annotations: { pair: 'annotation', noun: 'annotation', file: 'rsrc.yaml', json: 'rsrc.json' },
} as const;

/** Complete + Validate: throws the first problem kubectl would report, before any object is read. */
export function validateLabelAnnotate(o: LabelAnnotateOptions, env: Pick<CommandEnv, 'cwd'>): { changes: MapChanges; printer: ObjectPrinter | undefined } {
  const w = WORDS[o.field];
  const isLabel = o.field === 'labels';
  // annotate builds its printer first; label builds one per object (see runLabelAnnotate).
  const printer = isLabel ? undefined : objectPrinter(o.output, env.cwd);
  const { resources, pairs } = splitResourcesAndPairs(o.args, w.pair);
  const changes = isLabel ? parseLabelSpecs(pairs) : parseAnnotationSpecs(pairs);
  // annotate's version of this check reads a flag field that -o never sets, so only label has it.
  if (isLabel && o.list && o.output) throw new CliError('--list and --output may not be specified together');
  if (o.all && o.selector) throw allWithSelector();
  if (o.all && o.fieldSelector) throw allWithFieldSelector();
  if (o.local) {
    if (o.dryRun === 'server') throw localWithServerDryRun();
    if (resources.length) throw new CliError(`can only use local files by -f ${w.file} or --filename=${w.json} when --local=true is set`);
    if (o.files.length === 0) throw new CliError(`one or more files must be specified as -f ${w.file} or --filename=${w.json}`);
  } else if (resources.length === 0 && o.files.length === 0) {
    throw resourcesRequired();
  }
  if (changes.set.size === 0 && changes.remove.length === 0 && !o.list) {
    throw new CliError(`at least one ${w.noun} update is required`);
  }
  if (!isLabel) checkAnnotationModifyRemove(changes);
  return { changes, printer };
}

export function runLabelAnnotate(o: LabelAnnotateOptions, env: CommandEnv): void {
  const { changes, printer: earlyPrinter } = validateLabelAnnotate(o, env);
  const { resources } = splitResourcesAndPairs(o.args, WORDS[o.field].pair);
  const targets = visit(() => env.api(), { ...o, args: resources }, env);
  if (!targets.singleItemImplied && o.resourceVersion) {
    throw new CliError('--resource-version may only be used with a single resource');
  }
  throwCollected(visitEach(targets.items, (t) => visitOne(t, o, changes, earlyPrinter, targets.singleItemImplied, env)));
}

function visitOne(t: Target, o: LabelAnnotateOptions, changes: MapChanges, earlyPrinter: ObjectPrinter, single: boolean, env: CommandEnv): void {
  const isLabel = o.field === 'labels';
  const onClient = o.dryRun === 'client' || o.local || o.list;
  let before = t.object;
  // Both clear resourceVersion so that --resource-version always ends up in the patch; label
  // does it on every path, annotate only when it talks to the server.
  if (o.resourceVersion && (isLabel || !onClient)) before = withoutResourceVersion(before);
  const applyOpts = o.resourceVersion ? { overwrite: o.overwrite, resourceVersion: o.resourceVersion } : { overwrite: o.overwrite };
  let changed: JsonObject;
  let fromServer: JsonObject | undefined;
  if (onClient) {
    changed = applyMapChanges(before, o.field, changes, applyOpts);
  } else {
    if (isLabel) {
      const current = currentMap(before, 'labels') ?? {};
      for (const k of changes.remove) if (!(k in current)) env.out(`label ${JSON.stringify(k)} not found.\n`);
    }
    changed = applyMapChanges(before, o.field, changes, applyOpts);
    const patch = serverSafePatch(createJsonMergePatch(before, changed), before, o.field);
    fromServer = objectJson(env.api().patch(t.info, t.namespace, t.name, 'merge', patch, { dryRun: o.dryRun === 'server' }));
    if (o.dryRun !== 'server') env.settle();
  }
  const output = fromServer ?? changed;
  if (o.list) {
    env.out(formatMapList(output, o.field, !single));
    return;
  }
  if (isLabel) {
    const printer = objectPrinter(o.output, env.cwd);
    const op = labelChangeMessage(before, changed, o.overwrite) + dryRunSuffix(o.dryRun);
    env.out(printObject(printer, t.info, changed, op));
  } else {
    env.out(printObject(earlyPrinter, t.info, output, `annotated${dryRunSuffix(o.dryRun)}`));
  }
}

function withoutResourceVersion(obj: JsonObject): JsonObject {
  const meta = obj['metadata'];
  if (!isJsonObject(meta) || !('resourceVersion' in meta)) return obj;
  const copy = { ...meta };
  delete copy['resourceVersion'];
  return { ...obj, metadata: copy };
}

/**
 * kubectl's patch for "remove a key the object has no map for" is `{"metadata":{"labels":{}}}`;
 * kube-apiserver decodes it into a typed object where an empty map is omitted, so nothing
 * changes. Our server stores JSON as sent, so that empty map is left out of the patch.
 */
function serverSafePatch(patch: JsonObject, before: JsonObject, field: MapField): JsonObject {
  const meta = patch['metadata'];
  if (!isJsonObject(meta)) return patch;
  const m = meta[field];
  if (isJsonObject(m) && Object.keys(m).length === 0 && currentMap(before, field) === undefined) {
    const rest = { ...meta };
    delete rest[field];
    const out = { ...patch };
    if (Object.keys(rest).length) out['metadata'] = rest;
    else delete out['metadata'];
    return out;
  }
  return patch;
}
