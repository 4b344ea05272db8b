import type { KubeObject } from '../../apiserver/object.js';
import { findByKind } from '../../apiserver/resources.js';
import { runUntil } from '../../sim/run-until.js';
import type { Cluster } from '../../cluster/cluster.js';
import { CliError } from '../errors.js';

/** kubectl waits "forever" when no timeout is given: a week. */
const FOREVER_MS = 168 * 3600 * 1000;

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
  const ok = await runUntil(cluster, () => objects.every(gone), deadline);
  if (ok) return;
  const first = objects.find((o) => !gone(o))!;
  const info = findByKind(first.apiVersion, first.kind);
  throw new CliError(`timed out waiting for the condition on ${info?.resource ?? first.kind}/${first.metadata.name ?? ''}`);
}
