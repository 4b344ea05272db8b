/**
 * A Deployment's rollout history, read for its timeline (apiserver/rollout-history.ts: one row per
 * committed write of the Deployment and of the ReplicaSets it controls, kept in the cluster file
 * whatever the revision log's compaction dropped).
 *
 * A history that starts with the Deployment's creation is whole. One that does not was trimmed
 * (a Deployment keeps its last HISTORY_KEEP_ROWS rows) or began after the Deployment was created
 * (a cluster file from before the history, schema version 5, upgraded since): the objects are
 * taken as first written after its start (their state before that is gone: the first write is the
 * best there is) and those not written since as they are now (unchanged since: that was their
 * state), and the first row says where the history starts.
 */
import type { ApiServer } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import { HISTORY_DEPLOYMENTS, HISTORY_KEEP_ROWS, HISTORY_REPLICASETS, deploymentSummary, readRolloutHistory, replicaSetSummary } from '../../apiserver/rollout-history.js';
import type { KubeObject } from '../../api/meta/v1.js';
import type { TimelineChange, TimelineStart } from './timeline-rows.js';

const REPLICASETS = findByKind('apps/v1', 'ReplicaSet')!;

export interface TimelineHistory {
  changes: TimelineChange[];
  /** the state where the history starts, when it does not start with the Deployment's creation */
  seed: TimelineChange[];
  start?: TimelineStart;
}

export function readTimelineHistory(api: ApiServer, dep: KubeObject): TimelineHistory {
  const uid = dep.metadata.uid ?? '';
  const entries = readRolloutHistory(api.store.history, uid);
  const changes: TimelineChange[] = entries;
  const first = entries[0];
  if (first && first.resource === HISTORY_DEPLOYMENTS && first.type === 'ADDED') return { changes, seed: [] };
  const seed: TimelineChange[] = [];
  const seen = new Set<string>();
  for (const ch of changes) {
    if (seen.has(ch.uid)) continue;
    seen.add(ch.uid);
    if (ch.type !== 'ADDED') seed.push(ch);
  }
  const at = { revision: api.revision(), timeMs: api.clock.now(), type: 'MODIFIED' as const };
  if (!seen.has(uid)) seed.push({ ...at, name: dep.metadata.name ?? '', uid, resource: HISTORY_DEPLOYMENTS, summary: deploymentSummary(dep) });
  for (const rs of api.list(REPLICASETS, dep.metadata.namespace)) {
    const s = replicaSetSummary(rs);
    const id = rs.metadata.uid ?? '';
    if (s && s.ownerUid === uid && !seen.has(id)) seed.push({ ...at, name: rs.metadata.name ?? '', uid: id, resource: HISTORY_REPLICASETS, summary: s });
  }
  const revision = first?.revision ?? at.revision;
  const text =
    first && first.seq > 1
      ? `history trimmed to its last ${HISTORY_KEEP_ROWS} rows: changes before revision ${revision} are gone, objects as first written after it`
      : `history starts at revision ${revision} (earlier changes were not recorded): objects as first written after it`;
  return { changes, seed, start: { revision, timeMs: first?.timeMs ?? at.timeMs, text } };
}
