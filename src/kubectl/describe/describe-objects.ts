import type { ApiServer } from '../../apiserver/server.js';
import { StatusError } from '../../apiserver/errors.js';
import { fetchSelections, type FetchOptions } from '../resource/fetch.js';
import type { ResourceSelection } from '../resource/resource-args.js';
import { describerFor } from './registry.js';

export interface DescribeRequest {
  selections: ResourceSelection[];
  /** the positional arguments as typed: `TYPE NAME_PREFIX` falls back to a prefix match */
  args: string[];
  fetch: FetchOptions;
  nowMs: number;
  showEvents: boolean;
}

export interface DescribeResult {
  /** text for stdout */
  out: string;
  /** errors, deduplicated by message, in the order they happened */
  errors: Error[];
  /** nothing found and nothing failed: the caller says `No resources found ...` on stderr */
  nothingFound: boolean;
}

/**
 * `kubectl describe` (pkg/cmd/describe Run): every object the selections name is described,
 * the texts separated by a blank line (`"\n\n" + text` after the first). A `TYPE NAME` whose
 * name does not exist is retried as a name prefix (DescribeMatchingResources), where each
 * match's text is followed by one more newline; with no match the NotFound stands.
 */
export function describeObjects(api: ApiServer, req: DescribeRequest): DescribeResult {
  const ctx = { api, nowMs: req.nowMs, showEvents: req.showEvents };
  const { groups, errors: fetchErrors } = fetchSelections(api, req.selections, req.fetch);
  const isNotFound = (e: Error) => e instanceof StatusError && e.reason === 'NotFound';
  if (fetchErrors.length > 0 && fetchErrors.every(isNotFound) && req.args.length === 2 && req.selections.length === 1) {
    const sel = req.selections[0]!;
    const prefix = req.args[1]!;
    const all = fetchSelections(api, [{ info: sel.info }], { ...req.fetch, allNamespaces: false });
    const matches = all.groups.flatMap((g) => g.objects).filter((o) => (o.metadata.name ?? '').startsWith(prefix));
    if (matches.length > 0) {
      const describe = describerFor(sel.info);
      return { out: matches.map((o) => `${describe(o, ctx)}\n`).join(''), errors: [], nothingFound: false };
    }
  }
  const errors: Error[] = [...fetchErrors];
  const seen = new Set(errors.map((e) => e.message));
  const texts: string[] = [];
  for (const g of groups) {
    const describe = describerFor(g.info);
    for (const obj of g.objects) {
      try {
        texts.push(describe(obj, ctx));
      } catch (e) {
        const err = e as Error;
        if (seen.has(err.message)) continue;
        seen.add(err.message);
        errors.push(err);
      }
    }
  }
  return {
    out: texts.map((t, i) => (i === 0 ? t : `\n\n${t}`)).join(''),
    errors,
    nothingFound: texts.length === 0 && errors.length === 0,
  };
}
