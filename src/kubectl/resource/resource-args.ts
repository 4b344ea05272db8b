import { RESOURCES, type ResourceInfo, resolveResource } from '../../apiserver/resources.js';
import { CliError } from '../util/errors.js';

/**
 * What a user asked for on the command line, as kubectl's resource builder reads it:
 * `TYPE`, `TYPE NAME...`, `TYPE/NAME...`, `TYPE1,TYPE2 [NAME...]`, and the `all` category.
 */
export interface ResourceSelection {
  info: ResourceInfo;
  /** undefined: every object of the type (a list) */
  name?: string;
  /** the object's own namespace when it came from a file (`-f`) */
  namespace?: string;
}

export function unknownResourceType(arg: string): CliError {
  return new CliError(`the server doesn't have a resource type "${arg}"`);
}

function resolveType(arg: string): ResourceInfo[] {
  if (arg.toLowerCase() === 'all') return RESOURCES.filter((r) => r.categories.includes('all'));
  const info = resolveResource(arg);
  if (!info) throw unknownResourceType(arg);
  return [info];
}

/** Parses the positional arguments of get/delete/describe/label/annotate. */
export function parseResourceArgs(args: string[]): ResourceSelection[] {
  if (args.length === 0) return [];
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length > 0) {
    if (slashed.length !== args.length) {
      throw new CliError(
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      );
    }
    return args.map((a) => {
      const i = a.indexOf('/');
      const type = a.slice(0, i);
      const name = a.slice(i + 1);
      if (!name) throw new CliError(`arguments in resource/name form must have a single resource and name`);
      const infos = resolveType(type);
      if (infos.length !== 1) throw new CliError(`arguments in resource/name form must have a single resource and name`);
      return { info: infos[0]!, name };
    });
  }
  const [typeArg, ...names] = args;
  const types = (typeArg ?? '').split(',').filter((t) => t !== '');
  const infos = types.flatMap(resolveType);
  if (names.length === 0) return infos.map((info) => ({ info }));
  return infos.flatMap((info) => names.map((name) => ({ info, name })));
}

/**
 * builder.ResourceNames(defaultType, arg), as port-forward reads its target: `NAME` is of the
 * default type, `TYPE/NAME` names its own type (no categories: `all/x` is an unknown type).
 */
export function parseResourceName(arg: string, defaultInfo: ResourceInfo): { info: ResourceInfo; name: string } {
  const i = arg.indexOf('/');
  if (i < 0) return { info: defaultInfo, name: arg };
  const type = arg.slice(0, i);
  const name = arg.slice(i + 1);
  if (!name) throw new CliError('arguments in resource/name form must have a single resource and name');
  const info = resolveResource(type);
  if (!info) throw unknownResourceType(type);
  return { info, name };
}

/** Groups selections by resource, keeping the order in which types first appear. */
export function groupByResource<T extends { info: ResourceInfo }>(items: T[]): { info: ResourceInfo; items: T[] }[] {
  const groups: { info: ResourceInfo; items: T[] }[] = [];
  for (const it of items) {
    const g = groups.find((x) => x.info === it.info);
    if (g) g.items.push(it);
    else groups.push({ info: it.info, items: [it] });
  }
  return groups;
}
