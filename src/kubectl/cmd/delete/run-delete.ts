import type { Cluster } from '../../../cluster/cluster.js';
import type { ResourceInfo } from '../../../apiserver/resources.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import type { PropagationPolicy } from '../../../apiserver/server.js';
import { StatusError, withSource } from '../../../apiserver/errors.js';
import type { DryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { deleteMessage } from './message.js';

/** One object to delete, as the resource builder found it. */
export interface DeleteTarget {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  /** the manifest it came from (`-f`), for error messages */
  source?: string;
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
