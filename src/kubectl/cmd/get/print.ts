import type { JsonValue } from '../../../common/json.js';
import { objectJson } from '../../../api/meta/v1.js';
import { kindGroup } from '../../../apiserver/resources.js';
import { asList, nameOf, type OutputSpec, printCustomColumns, printStructured } from '../../printers/output.js';
import { renderTables } from '../../printers/table/render.js';
import type { FetchedGroup, VisitedGroup } from '../../resource/fetch.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import type { ObjectSource } from '../../printers/table/format-group.js';

export interface GetPrintOptions {
  noHeaders: boolean;
  showLabels: boolean;
  labelColumns: string[];
  showKind: boolean;
  allNamespaces: boolean;
  nowMs: number;
  /** one `TYPE NAME` or `TYPE/NAME` argument: structured output prints the object, not a List */
  singleItemImplied: boolean;
}

/**
 * What `kubectl get` prints for what was fetched. Returns the text for stdout; an empty table
 * output means nothing was found (the caller then says so on stderr, as kubectl does).
 */
export function printGet(groups: VisitedGroup[], spec: OutputSpec, o: GetPrintOptions): string {
  // A table keeps only the cells of each object, visited one at a time; the other outputs print
  // the objects themselves, all at once.
  if (spec.kind !== 'table') return printObjects(groups.map((g) => ({ info: g.info, objects: toArray(g.objects) })), spec, o);
  return renderTables(
    groups.map((g) => ({
      resourceLabel: kindGroup(g.info),
      kind: g.info.kind,
      objects: g.objects,
      namespaced: g.info.namespaced,
    })),
    {
      wide: spec.wide,
      noHeaders: o.noHeaders,
      showLabels: o.showLabels,
      labelColumns: o.labelColumns,
      allNamespaces: o.allNamespaces,
      showKind: o.showKind,
      nowMs: o.nowMs,
    },
  );
}

function toArray(source: ObjectSource): KubeObject[] {
  const all: KubeObject[] = [];
  source.forEach((obj) => all.push(obj));
  return all;
}

/** -o name, custom-columns, json, yaml, jsonpath, go-template. */
function printObjects(groups: FetchedGroup[], spec: Exclude<OutputSpec, { kind: 'table' }>, o: GetPrintOptions): string {
  const objects = groups.flatMap((g) => g.objects);
  switch (spec.kind) {
    case 'name':
      return groups.flatMap((g) => g.objects.map((obj) => `${nameOf(kindGroup(g.info), obj)}\n`)).join('');
    case 'custom-columns':
      return groups
        .filter((g) => g.objects.length > 0)
        .map((g, i) => printCustomColumns(spec.columns, g.objects, o.noHeaders || i > 0))
        .join('');
    default: {
      const only = o.singleItemImplied && objects.length === 1 ? objects[0] : undefined;
      const value: JsonValue = only ? objectJson(only) : asList(objects);
      return printStructured(spec, value);
    }
  }
}
