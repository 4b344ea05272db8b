import type { KubeObject } from '../../api/meta/v1.js';
import { findByKind } from '../../apiserver/resources.js';
import type { Cluster } from '../../cluster/cluster.js';
import { FOREVER_MS, waitUntil } from '../../cluster/time.js';
import { CliError } from '../util/errors.js';

/**
 * `delete --wait`: returns when every object is gone (or was replaced by one with another UID),
 * else fails as kubectl's wait does at the timeout.
 */
export async function waitForDeletion(cluster: Cluster, objects: KubeObject[], timeoutMs: number): Promise<void> {
  const gone = (o: KubeObject) => {
    const info = findByKind(o.apiVersion, o.kind);
    if (!info) return true;
    const now = cluster.api.tryGet(info, o.metadata.namespace, o.metadata.name ?? '');
    return !now || now.metadata.uid !== o.metadata.uid;
  };
  const deadline = cluster.clock.now() + (timeoutMs > 0 ? timeoutMs : FOREVER_MS);
  const ok = await waitUntil(cluster, { deadlineMs: deadline, done: () => objects.every(gone) });
  if (ok) return;
  const first = objects.find((o) => !gone(o))!;
  const info = findByKind(first.apiVersion, first.kind);
  throw new CliError(`timed out waiting for the condition on ${info?.resource ?? first.kind}/${first.metadata.name ?? ''}`);
}
