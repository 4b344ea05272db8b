/**
 * The rollout history: a durable, compact record of the writes of Deployments and of the
 * ReplicaSets they control, kept in the cluster file beside the revision log but never compacted
 * with it (the compactor keeps the log's last 5 to 10 minutes; a rollout stuck for days needs all
 * of it). Think of kube-apiserver's audit log restricted to what a rollout needs: one row per
 * write the API server commits, in the same transaction, with a small summary of the object
 * (which the API server makes: storage keeps its text, apiserver/rollout-history.ts says what is
 * in it).
 *
 * Rows are grouped by the Deployment they belong to (its UID: the Deployment's own, a
 * ReplicaSet's controller's) and numbered within it; each Deployment keeps its last
 * HISTORY_KEEP_ROWS rows, and its rows go when it is deleted.
 */

/** How many rows a Deployment keeps (its own and its ReplicaSets'), at least. */
export const HISTORY_KEEP_ROWS = 50_000;
/** The oldest rows are trimmed in steps of this many: a Deployment holds at most KEEP + STEP rows. */
export const HISTORY_TRIM_STEP = 5_000;

export type HistoryRowType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One committed write of a Deployment or of a ReplicaSet it controls. */
export interface HistoryRow {
  /** the UID of the Deployment the row belongs to */
  deploymentUid: string;
  /** 1, 2, 3, ... within the Deployment (a gap below the first: rows trimmed) */
  seq: number;
  /** the write's revision (the object's resourceVersion after it) */
  revision: number;
  /** cluster time of the write, ms since the Unix epoch */
  timeMs: number;
  /** `deployments` or `replicasets` */
  resource: string;
  namespace: string;
  name: string;
  /** the written object's UID */
  uid: string;
  type: HistoryRowType;
  /** the summary's JSON (apiserver/rollout-history.ts) */
  summary: string;
}

export interface RolloutHistoryStore {
  /**
   * Appends a row for the Deployment (inside the caller's write transaction), numbered after its
   * last; `onlyIfKnown`: only when the Deployment already has rows (a ReplicaSet's write, whose
   * Deployment is recorded, or was deleted and is no longer). Returns whether it was written.
   */
  append(row: Omit<HistoryRow, 'seq'>, onlyIfKnown: boolean): boolean;
  /** Drops every row of the Deployment (it was deleted). */
  drop(deploymentUid: string): void;
  /** The Deployment's rows, oldest first (none when the file has no history: a read-only older file). */
  rows(deploymentUid: string): HistoryRow[];
}
