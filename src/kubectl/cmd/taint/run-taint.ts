/**
 * `kubectl taint` (pkg/cmd/taint/taint.go): Complete → Validate → Run as upstream, each check in
 * its place, so a bad command fails with kubectl's first complaint before the cluster is asked:
 *   Complete: --dry-run, then resources before taint changes, at least one of each, the specs
 *             (usage errors); Validate: the type is Node, nothing both added and removed,
 *             --all / -l / names; Run: the nodes (names, or -l, or --all), each on its own
 *             (ContinueOnError: one that fails is reported at the end, the others are written).
 * Per node, the new taints (reorganize.ts) go as a two-way strategic merge patch (spec.taints is
 * atomic, so the whole list), and the node is printed with the operation: `node/NAME tainted`,
 * `untainted` or `modified`. kubectl taint never adds ` (dry run)`: its printer's operation is
 * set after the dry-run suffix would have been, so `--dry-run=client` prints `node/NAME tainted`.
 *
 * kubectl does not set timeAdded on a NoExecute taint (the node lifecycle controller does on its
 * own taints); the taint-eviction controller counts tolerationSeconds from when it saw the taint.
 */
import { findByKind, resolveResource } from '../../../apiserver/resources.js';
import { asNode } from '../../../api/core/v1/node.js';
import type { Taint } from '../../../api/core/v1/taint.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { objectJson } from '../../../api/meta/v1.js';
import type { JsonObject } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';
import { diffMaps, TWO_WAY } from '../../../apiserver/patch/strategic-diff.js';
import { PLAIN, strategicSchemaFor } from '../../../apiserver/patch/patch-meta.js';
import { type DryRun, parseDryRun } from '../../util/dry-run.js';
import { CliError, RawError } from '../../util/errors.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { aggregate, throwCollected } from '../../resource/go-aggregate.js';
import type { Target } from '../../resource/builder.js';
import { labelSelectorOrBadRequest, listSelected } from '../../resource/fetch.js';
import { objectPrinter, printObject } from '../../printers/print-object.js';
import { conflictingChanges, isTaintArg, parseTaints, type TaintChanges, TaintSpecError } from './taint-specs.js';
import { existingTaintKeys, reorganizeTaints } from './reorganize.js';

const NODES = findByKind('v1', 'Node')!;

/** The flags Complete reads. */
export interface TaintFlagValues {
  selector?: string;
  output?: string;
  overwrite: boolean;
  all: boolean;
  /** --dry-run as given */
  dryRun: unknown;
  programName: string;
}

/** TaintOptions after Complete and Validate. */
export interface TaintOptions {
  /** the node names (resources[1:]) */
  names: string[];
  changes: TaintChanges;
  selector?: string;
  output?: string;
  overwrite: boolean;
  all: boolean;
  dryRun: DryRun;
}

/** Complete + Validate: throws kubectl's first complaint, reading nothing from the cluster. */
export function completeTaint(args: readonly string[], f: TaintFlagValues): TaintOptions {
  const dryRun = parseDryRun(f.dryRun);
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const a of args) {
    const isTaint = isTaintArg(a);
    if (isTaint) taintArgs.push(a);
    else if (taintArgs.length === 0) resources.push(a);
    else throw new CliError(`all resources must be specified before taint changes: ${a}`);
  }
  if (resources.length < 1) throw new CliError('one or more resources must be specified as <resource> <name>');
  if (taintArgs.length < 1) throw new CliError('at least one taint update is required');
  let changes: TaintChanges;
  try {
    changes = parseTaints(taintArgs);
  } catch (e) {
    if (e instanceof TaintSpecError) throw new CliError(`${e.message}\nSee '${f.programName} taint -h' for help and examples`);
    throw e;
  }
  // Validate
  const resourceType = resources[0]!.toLowerCase();
  const info = resolveResource(resourceType);
  // checkErr prints a no-match error without `error: `.
  if (!info) throw new RawError(`the server doesn't have a resource type ${JSON.stringify(resourceType)}`);
  if (info !== NODES) throw new CliError(`invalid resource type ${resourceType}, only node types are supported`);
  const conflicts = conflictingChanges(changes);
  if (conflicts.length) throw new CliError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  const selector = f.selector ?? '';
  if (f.all && selector) throw new CliError("setting 'all' parameter with a non empty selector is prohibited");
  if (!f.all && !selector && resources.length < 2) throw new CliError("at least one resource name must be specified since 'all' parameter is not set");
  return {
    names: resources.slice(1),
    changes,
    ...(selector ? { selector } : {}),
    ...(f.output !== undefined ? { output: f.output } : {}),
    overwrite: f.overwrite,
    all: f.all,
    dryRun,
  };
}

/** A node as read, and its JSON (what the patch is computed from). */
interface NodeTarget extends Target {
  node: KubeObject;
}

/** The builder's nodes: by -l, or all, or by name (each name's error kept in its place). */
function taintTargets(o: TaintOptions, env: CommandEnv): (NodeTarget | Error)[] {
  const api = env.api();
  const toTarget = (obj: KubeObject): NodeTarget => ({ info: NODES, namespace: undefined, name: obj.metadata.name ?? '', object: objectJson(obj), node: obj });
  if (o.selector || o.all) {
    return listSelected(api, NODES, undefined, o.selector ? labelSelectorOrBadRequest(o.selector) : undefined, undefined).map(toTarget);
  }
  return o.names.map((name) => {
    try {
      return toTarget(api.get(NODES, undefined, name));
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  });
}

/** The node with spec.taints replaced (left out when empty, as Go's omitempty marshals it). */
function withTaints(node: JsonObject, taints: Taint[]): JsonObject {
  const spec: JsonObject = isJsonObject(node['spec']) ? { ...node['spec'] } : {};
  if (taints.length) spec['taints'] = taints.map((t) => ({ ...t }));
  else delete spec['taints'];
  return { ...node, spec };
}

/** One node: updateTaints, the patch, the printer, the write, the print. */
function taintOne(t: NodeTarget, o: TaintOptions, env: CommandEnv): boolean {
  const old = asNode(t.node).spec?.taints ?? [];
  if (!o.overwrite) {
    const exists = existingTaintKeys(old, o.changes.add);
    if (exists) throw new CliError(`node ${t.name} already has ${exists} taint(s) with same effect(s) and --overwrite is false`);
  }
  const r = reorganizeTaints(old, o.overwrite, o.changes);
  if (!('taints' in r)) throw aggregate(r.errors.map((m) => new CliError(m)))!;
  const changed = withTaints(t.object, r.taints);
  const schema = strategicSchemaFor('v1', 'Node') ?? PLAIN;
  const patch = diffMaps(t.object, changed, schema, TWO_WAY);
  const printer = objectPrinter(o.output, env.cwd);
  if (o.dryRun === 'client') {
    env.out(printObject(printer, NODES, changed, r.operation));
    return false;
  }
  const answer = env.api().patch(NODES, undefined, t.name, 'strategic', patch, { dryRun: o.dryRun === 'server' });
  env.out(printObject(printer, NODES, objectJson(answer), r.operation));
  return o.dryRun === 'none';
}

export function runTaint(o: TaintOptions, env: CommandEnv): void {
  const errors: Error[] = [];
  let wrote = false;
  for (const item of taintTargets(o, env)) {
    if (item instanceof Error) {
      errors.push(item);
      continue;
    }
    try {
      wrote = taintOne(item, o, env) || wrote;
    } catch (e) {
      errors.push(e instanceof Error ? e : new Error(String(e)));
    }
  }
  if (wrote) env.settle();
  throwCollected(errors);
}
