import { RESOURCES, type ResourceInfo, apiVersionOf } from '../../../apiserver/resources.js';
import { tabwrite } from '../../printers/tabwriter.js';
import { CliError } from '../../util/errors.js';

export interface ApiResourcesOptions {
  output?: string;
  noHeaders: boolean;
  /** --namespaced=true|false; undefined: both */
  namespaced?: boolean;
  apiGroup?: string;
  sortBy?: string;
  verbs: string[];
}

/** `kubectl api-resources`: discovery as a table (api-resources.go). */
export function apiResources(o: ApiResourcesOptions): string {
  if (o.output !== undefined && o.output !== 'wide' && o.output !== 'name') {
    throw new CliError(`--output ${o.output} is not available`);
  }
  if (o.sortBy !== undefined && o.sortBy !== 'name' && o.sortBy !== 'kind') {
    throw new CliError(`--sort-by accepts only name or kind`);
  }
  let list: ResourceInfo[] = RESOURCES.filter(
    (r) =>
      (o.namespaced === undefined || r.namespaced === o.namespaced) &&
      (o.apiGroup === undefined || r.group === o.apiGroup) &&
      o.verbs.every((v) => r.verbs.includes(v)),
  );
  // sortableResource: by API group unless --sort-by says name or kind, ties by name (discovery
  // lists policy before coordination.k8s.io; kubectl prints coordination.k8s.io, kubemu.io, policy).
  const key = (r: ResourceInfo) => (o.sortBy === 'name' ? r.resource : o.sortBy === 'kind' ? r.kind : r.group);
  list = [...list].sort((a, b) => cmp(key(a), key(b)) || cmp(a.resource, b.resource));
  if (o.output === 'name') {
    return list.map((r) => (r.group ? `${r.resource}.${r.group}\n` : `${r.resource}\n`)).join('');
  }
  const wide = o.output === 'wide';
  const lines: string[] = [];
  if (!o.noHeaders) {
    lines.push(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])].join('\t'));
  }
  for (const r of list) {
    const cells = [r.resource, r.shortNames.join(','), apiVersionOf(r), String(r.namespaced), r.kind];
    if (wide) cells.push(`[${r.verbs.join(' ')}]`, `[${r.categories.join(' ')}]`);
    lines.push(cells.join('\t'));
  }
  return tabwrite(lines.map((l) => `${l}\n`).join(''));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
