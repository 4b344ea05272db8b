import type Database from 'better-sqlite3';
import { HISTORY_KEEP_ROWS, HISTORY_TRIM_STEP, type HistoryRow, type RolloutHistoryStore } from './rollout-history.js';

/**
 * The rollout history's table (schema version 5, sqlite-schema.ts creates it): rows by
 * (deployment_uid, seq), so a Deployment's rows are one range of the primary key, its last row
 * one seek (the next number, and whether it is recorded at all), a trim or a drop one range
 * delete. About 300 bytes a row.
 */
export const ROLLOUT_HISTORY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rollout_history (
  deployment_uid TEXT NOT NULL,
  seq INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  time_ms INTEGER NOT NULL,
  resource TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT NOT NULL,
  type TEXT NOT NULL,
  summary TEXT NOT NULL,
  PRIMARY KEY (deployment_uid, seq)
) WITHOUT ROWID;
`;

interface Row {
  deployment_uid: string;
  seq: number;
  revision: number;
  time_ms: number;
  resource: string;
  namespace: string;
  name: string;
  uid: string;
  type: HistoryRow['type'];
  summary: string;
}

const COLUMNS = 'deployment_uid, seq, revision, time_ms, resource, namespace, name, uid, type, summary';

export class SqliteRolloutHistory implements RolloutHistoryStore {
  private readonly stmts;

  /** `bounds`: other than HISTORY_KEEP_ROWS / HISTORY_TRIM_STEP (tests) */
  constructor(
    db: Database.Database,
    private readonly bounds: { keep: number; step: number } = { keep: HISTORY_KEEP_ROWS, step: HISTORY_TRIM_STEP },
  ) {
    // A read-only file of an earlier kubemu (before version 5) has no table: nothing recorded.
    const present = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rollout_history'").get() !== undefined;
    this.stmts = present
      ? {
          last: db.prepare<[string], number>('SELECT seq FROM rollout_history WHERE deployment_uid = ? ORDER BY seq DESC LIMIT 1').pluck(),
          insert: db.prepare<[string, number, number, number, string, string, string, string, string, string]>(
            `INSERT INTO rollout_history (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ),
          trim: db.prepare<[string, number]>('DELETE FROM rollout_history WHERE deployment_uid = ? AND seq <= ?'),
          drop: db.prepare<[string]>('DELETE FROM rollout_history WHERE deployment_uid = ?'),
          rows: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM rollout_history WHERE deployment_uid = ? ORDER BY seq`),
        }
      : undefined;
  }

  append(row: Omit<HistoryRow, 'seq'>, onlyIfKnown: boolean): boolean {
    const s = this.stmts;
    if (!s) return false;
    const last = s.last.get(row.deploymentUid);
    if (last === undefined && onlyIfKnown) return false;
    const seq = (last ?? 0) + 1;
    s.insert.run(row.deploymentUid, seq, row.revision, row.timeMs, row.resource, row.namespace, row.name, row.uid, row.type, row.summary);
    if (seq % this.bounds.step === 0 && seq > this.bounds.keep) s.trim.run(row.deploymentUid, seq - this.bounds.keep);
    return true;
  }

  drop(deploymentUid: string): void {
    this.stmts?.drop.run(deploymentUid);
  }

  rows(deploymentUid: string): HistoryRow[] {
    if (!this.stmts) return [];
    return this.stmts.rows.all(deploymentUid).map((r) => ({
      deploymentUid: r.deployment_uid,
      seq: r.seq,
      revision: r.revision,
      timeMs: r.time_ms,
      resource: r.resource,
      namespace: r.namespace,
      name: r.name,
      uid: r.uid,
      type: r.type,
      summary: r.summary,
    }));
  }
}
