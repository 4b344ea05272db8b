import type { Cluster } from '../../../cluster/cluster.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import type { ApiServer, PropagationPolicy } from '../../../apiserver/server.js';
import { type BuilderEnv, type BuilderRequest, type Target, placeNamed, visitFiles } from '../../resource/builder.js';
import { rejectNamesWithSelector, requireNames } from '../../resource/builder-checks.js';
import { fetchSelections } from '../../resource/fetch.js';
import { parseResourceArgs } from '../../resource/resource-args.js';
import { StatusError, withSource } from '../../../apiserver/errors.js';
import type { DryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { deleteMessage } from './message.js';

/**
 * One object to delete: the builder's target without its object (delete.go's builder has
 * RequireObject(false): named objects are not read before the DELETE).
 */
export type DeleteTarget = Pick<Target, 'info' | 'namespace' | 'name' | 'source'>;

/**
 * delete's builder: the objects of -f as the files name them (resource arguments beside -f are
 * ignored), or the named objects, or the lists -l / --field-selector / --all select (NotFound
 * ignored). Unlike visitServer, --all selects with any number of types, a TYPE/NAME with a
 * selector gets the "name cannot be provided" error, and nothing is read before the DELETE.
 */
export function selectDeleteTargets(api: ApiServer, req: BuilderRequest, env: BuilderEnv): { targets: DeleteTarget[]; errors: Error[] } {
  if (req.files.length) {
    const items = visitFiles(req, env).items;
    return { targets: items.filter((t): t is Target => !(t instanceof Error)), errors: items.filter((t): t is Error => t instanceof Error) };
  }
  const byFilter = req.all || req.selector !== undefined || req.fieldSelector !== undefined;
  const selections = parseResourceArgs(req.args);
  if (!byFilter) {
    requireNames(selections);
    return { targets: placeNamed(selections, env.namespace), errors: [] };
  }
  rejectNamesWithSelector(selections);
  const fetched = fetchSelections(api, selections, {
    namespace: env.namespace,
    allNamespaces: req.allNamespaces,
    ignoreNotFound: true,
    ...(req.selector !== undefined ? { labelSelector: req.selector } : {}),
    ...(req.fieldSelector !== undefined ? { fieldSelector: req.fieldSelector } : {}),
  });
  const targets = fetched.groups.flatMap((g) => g.objects.map((o) => ({ info: g.info, namespace: o.metadata.namespace, name: o.metadata.name ?? '' })));
  return { targets, errors: [] };
}

export interface DeleteRun {
  propagation: PropagationPolicy;
  gracePeriod: number;
  dryRun: DryRun;
  outputName: boolean;
  ignoreNotFound: boolean;
}

/**
 * Sends one DELETE per target (delete.go DeleteResult) and prints kubectl's line for each.
 * Returns the objects whose deletion started, for --wait, and the errors to report.
 */
export function deleteTargets(
  cluster: Cluster,
  targets: DeleteTarget[],
  o: DeleteRun,
  out: (s: string) => void,
): { deleted: KubeObject[]; errors: Error[] } {
  const deleted: KubeObject[] = [];
  const errors: Error[] = [];
  for (const t of targets) {
    if (t.name === '') {
      // A manifest item without a (string) name: cli-runtime reads it as "" and client-go's
      // Request.Name("") refuses before anything is sent; AddSourceToErr names the file.
      const why = 'resource name may not be empty';
      errors.push(new CliError(t.source ? `error when deleting "${t.source}": ${why}` : why));
      continue;
    }
    try {
      if (o.dryRun === 'client') {
        cluster.api.get(t.info, t.namespace, t.name);
      } else {
        const opts: Parameters<typeof cluster.api.delete>[3] = { propagationPolicy: o.propagation, dryRun: o.dryRun === 'server' };
        if (o.gracePeriod >= 0) opts.gracePeriodSeconds = o.gracePeriod;
        deleted.push(cluster.api.delete(t.info, t.namespace, t.name, opts));
      }
      out(deleteMessage(t.info, t.name, t.namespace, o));
    } catch (e) {
      if (e instanceof StatusError && e.reason === 'NotFound' && o.ignoreNotFound) continue;
      errors.push(e instanceof StatusError && t.source ? withSource(e, 'deleting', t.source) : (e as Error));
    }
  }
  return { deleted, errors };
}
