/**
 * The revision log of a Deployment's namespace, read for its timeline: the changes of
 * Deployments, ReplicaSets and pods after the log's compacted revision, in revision order.
 *
 * The compactor keeps about the last 5 to 10 minutes of the log (apiserver/compactor.ts,
 * kube-apiserver's --etcd-compaction-interval): what happened before is gone. The objects the
 * log last wrote at or before the compacted revision are read as they are now (they have not
 * changed since: that was their state), those changed since from their first change after it
 * (their state before it is gone: the first write is the best there is; a pod first seen marked
 * for deletion was not so marked before, that write being the mark), and the timeline says where
 * its history starts.
 */
import type { ApiServer } from '../../apiserver/server.js';
import { findByKind, type ResourceInfo } from '../../apiserver/resources.js';
import type { KubeObject } from '../../api/meta/v1.js';
import type { TimelineChange } from './timeline-rows.js';

const KINDS: readonly [TimelineChange['kind'], ResourceInfo][] = [
  ['Deployment', findByKind('apps/v1', 'Deployment')!],
  ['ReplicaSet', findByKind('apps/v1', 'ReplicaSet')!],
  ['Pod', findByKind('v1', 'Pod')!],
];

export interface TimelineLog {
  changes: TimelineChange[];
  /** the state at the compacted revision, as far as it is still known */
  seed: KubeObject[];
  /** the revision the log was compacted to (0: the whole history is there) */
  compactedRevision: number;
}

export function readTimelineLog(api: ApiServer, namespace: string): TimelineLog {
  const compactedRevision = api.store.compactedRevision();
  const changes: TimelineChange[] = [];
  const seed: KubeObject[] = [];
  for (const [kind, info] of KINDS) {
    const events = api.changesSince(compactedRevision, info, namespace);
    const touched = new Set<string>();
    for (const ev of events) {
      if (!touched.has(ev.key)) {
        touched.add(ev.key);
        // a key first seen modified or deleted existed at the compacted revision
        if (compactedRevision > 0 && ev.type !== 'ADDED') seed.push(kind === 'Pod' ? beforeDeletionMark(ev.object) : ev.object);
      }
      changes.push({ revision: ev.revision, timeMs: ev.timeMs, type: ev.type, kind, object: ev.object });
    }
    if (compactedRevision > 0) {
      for (const o of api.list(info, namespace)) if (Number(o.metadata.resourceVersion ?? 0) <= compactedRevision) seed.push(o);
    }
  }
  changes.sort((a, b) => a.revision - b.revision);
  return { changes, seed, compactedRevision };
}

/** A pod as it was before its deletion mark: the same without deletionTimestamp. */
function beforeDeletionMark(pod: KubeObject): KubeObject {
  if (!pod.metadata.deletionTimestamp) return pod;
  const { deletionTimestamp: _, deletionGracePeriodSeconds: __, ...metadata } = pod.metadata;
  return { ...pod, metadata };
}
