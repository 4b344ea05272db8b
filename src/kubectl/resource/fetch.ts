import type { ApiServer } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import { StatusError } from '../../apiserver/errors.js';
import { fieldSelectorPredicate } from '../../apiserver/field-selector.js';
import { lazy } from '../../common/lazy.js';
import type { Selector } from '../../labels/label-selector.js';
import type { ObjectSource } from '../printers/table/format-group.js';

/** The label selector parser, loaded only for -l. */
const selectors = lazy(() => require('../../labels/label-selector.js') as typeof import('../../labels/label-selector.js'));
import type { ResourceSelection } from './resource-args.js';

/** One group of fetched objects of a single type, in the order the user asked for them. */
export interface FetchedGroup {
  info: ResourceInfo;
  objects: KubeObject[];
}

export interface FetchOptions {
  /** the request namespace; ignored for cluster-scoped resources */
  namespace: string;
  allNamespaces: boolean;
  labelSelector?: string;
  fieldSelector?: string;
  ignoreNotFound: boolean;
}

export interface FetchResult {
  groups: FetchedGroup[];
  /** errors of individual names (NotFound), reported after what was found */
  errors: Error[];
}

/**
 * Reads what a selection names: a list per type (filtered by -l/--field-selector), or single
 * objects by name. Consecutive selections of one type share a group (`get deploy/a deploy/b`).
 */
export function fetchSelections(api: ApiServer, selections: ResourceSelection[], o: FetchOptions): FetchResult {
  const { groups, errors } = fetchParts(api, selections, o, (info, ns, labelSel, fieldSelector) => listSelected(api, info, ns, labelSel, fieldSelector));
  return { groups: groups.map((g) => ({ info: g.info, objects: g.parts.flat() })), errors };
}

/** A FetchedGroup whose lists are read only when its objects are visited. */
export interface VisitedGroup {
  info: ResourceInfo;
  objects: ObjectSource;
}

/**
 * fetchSelections for a printer that visits each object once and keeps only what it makes of it
 * (get's tables keep cells): objects named are read now, as there (their errors are reported
 * after what was found); a list is read, one object at a time, when the group is visited
 * (ApiServer.eachListed), so 10,000 pods are not all decoded and held before the first row.
 * Selectors are checked now, as fetchSelections checks them.
 */
export function fetchSelectionsToVisit(
  api: ApiServer,
  selections: ResourceSelection[],
  o: FetchOptions,
): { groups: VisitedGroup[]; errors: Error[] } {
  const { groups, errors } = fetchParts<ObjectSource>(api, selections, o, (info, ns, labelSel, fieldSelector) => {
    const fieldPred = fieldSelector ? fieldSelectorPredicate(info, fieldSelector) : undefined;
    return { forEach: (visit) => api.eachListed(info, ns, labelSel, fieldPred, visit) };
  });
  return {
    groups: groups.map((g) => ({ info: g.info, objects: { forEach: (visit) => g.parts.forEach((p) => p.forEach((obj) => visit(obj))) } })),
    errors,
  };
}

/**
 * What a selection names, as parts of groups: single objects by name (read now), or a list per
 * type made by `list`. Consecutive selections of one type share a group.
 */
function fetchParts<L extends ObjectSource>(
  api: ApiServer,
  selections: ResourceSelection[],
  o: FetchOptions,
  list: (info: ResourceInfo, ns: string | undefined, labelSel: Selector | undefined, fieldSelector: string | undefined) => L,
): { groups: { info: ResourceInfo; parts: (KubeObject[] | L)[] }[]; errors: Error[] } {
  const labelSel = o.labelSelector !== undefined ? labelSelectorOrBadRequest(o.labelSelector) : undefined;
  const groups: { info: ResourceInfo; parts: (KubeObject[] | L)[] }[] = [];
  const errors: Error[] = [];
  const groupFor = (info: ResourceInfo) => {
    const last = groups[groups.length - 1];
    if (last && last.info === info) return last;
    const g = { info, parts: [] as (KubeObject[] | L)[] };
    groups.push(g);
    return g;
  };
  for (const sel of selections) {
    const ns = selectionNamespace(sel, o.namespace, o.allNamespaces);
    const group = groupFor(sel.info);
    if (sel.name !== undefined) {
      try {
        group.parts.push([api.get(sel.info, ns, sel.name)]);
      } catch (e) {
        if (e instanceof StatusError && e.reason === 'NotFound' && o.ignoreNotFound) continue;
        errors.push(e as Error);
      }
      continue;
    }
    group.parts.push(list(sel.info, ns, labelSel, o.fieldSelector || undefined));
  }
  return { groups, errors };
}

/**
 * Where a selection is read: nowhere in particular for a cluster-scoped type; every namespace
 * for a list with -A; else the object's own namespace (from -f), else the request's.
 */
export function selectionNamespace(sel: ResourceSelection, namespace: string, allNamespaces: boolean): string | undefined {
  if (!sel.info.namespaced) return undefined;
  return allNamespaces && sel.name === undefined ? undefined : sel.namespace ?? namespace;
}

/** The list of one type in a namespace (undefined: all), filtered by -l (parsed) and --field-selector. */
export function listSelected(api: ApiServer, info: ResourceInfo, ns: string | undefined, labelSel: Selector | undefined, fieldSelector: string | undefined): KubeObject[] {
  const fieldPred = fieldSelector ? fieldSelectorPredicate(info, fieldSelector) : undefined;
  if (labelSel) {
    const selected = api.listSelectedOnce(info, ns, labelSel);
    return fieldPred ? selected.filter(fieldPred) : selected;
  }
  return api.list(info, ns, (obj) => {
    if (labelSel && !selectors().selectorMatches(labelSel, obj.metadata.labels)) return false;
    return !fieldPred || fieldPred(obj);
  });
}

/** The API server parses -l; a bad selector is its BadRequest. */
export function labelSelectorOrBadRequest(text: string) {
  try {
    return selectors().parseSelector(text);
  } catch (e) {
    if (e instanceof selectors().SelectorError) throw new StatusError('BadRequest', 400, e.message);
    throw e;
  }
}
