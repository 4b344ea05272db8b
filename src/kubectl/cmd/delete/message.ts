import type { ResourceInfo } from '../../../apiserver/resources.js';
import { kindGroup } from '../../../apiserver/resources.js';
import type { DryRun } from '../../util/dry-run.js';

/**
 * delete.go PrintObj (kubectl 1.34+): `deployment.apps "hello" deleted from default namespace`,
 * `namespace "foo" deleted` for cluster-scoped objects, `force deleted` for a zero grace
 * period, the dry-run suffixes, and `deployment.apps/hello` with -o name.
 */
export function deleteMessage(
  info: ResourceInfo,
  name: string,
  namespace: string | undefined,
  o: { gracePeriod: number; dryRun: DryRun; outputName: boolean },
): string {
  const kind = kindGroup(info);
  if (o.outputName) return `${kind}/${name}\n`;
  let op = o.gracePeriod === 0 ? 'force deleted' : 'deleted';
  if (o.dryRun === 'client') op += ' (dry run)';
  if (o.dryRun === 'server') op += ' (server dry run)';
  const where = info.namespaced && namespace ? ` from ${namespace} namespace` : '';
  return `${kind} "${name}" ${op}${where}\n`;
}
