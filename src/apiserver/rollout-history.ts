/**
 * What the API server records in the rollout history (storage/rollout-history.ts) when it commits
 * a write of a Deployment or of a ReplicaSet a Deployment controls: kube-apiserver's audit log
 * restricted to what a rollout needs, one small row per write in the write's own transaction (a
 * rollback leaves no row), nothing per pod.
 *
 * - A Deployment's create, update, patch, status or scale write: its generation, revision
 *   annotation, spec.replicas, paused, a digest of its pod template, and its status counts.
 * - A ReplicaSet's write, when its controller is a Deployment that is recorded: its controller's
 *   name and UID, revision annotation, pod-template-hash, spec.replicas and its status counts
 *   (the timeline's ready and pod counts come from these, not from pods). A delete as a delete.
 * - A Deployment's delete drops its rows (a new Deployment of the same name is another UID, with
 *   a history of its own); its ReplicaSets' later deletes find no Deployment to record for.
 */
import type { KubeObject } from '../api/meta/v1.js';
import { asDeployment, desiredReplicas } from '../api/apps/v1/deployment.js';
import { asReplicaSet } from '../api/apps/v1/replica-set.js';
import { POD_TEMPLATE_HASH_LABEL, REVISION_ANNOTATION } from '../api/apps/v1/annotations.js';
import { controllerOf } from '../api/meta/controller-of.js';
import type { HistoryRow, HistoryRowType, RolloutHistoryStore } from '../storage/rollout-history.js';

export { HISTORY_KEEP_ROWS } from '../storage/rollout-history.js';

export const HISTORY_DEPLOYMENTS = 'deployments';
export const HISTORY_REPLICASETS = 'replicasets';

/** A Deployment as the history keeps it. */
export interface DeploymentSummary {
  generation: number;
  /** deployment.kubernetes.io/revision, when set */
  revision?: string;
  /** spec.replicas (defaulted to 1) */
  replicas: number;
  paused: boolean;
  /** FNV-1a (32 bits, hex) of spec.template's JSON: equal digests, equal templates */
  template: string;
  status: { observedGeneration: number; replicas: number; updatedReplicas: number; readyReplicas: number; availableReplicas: number };
}

/** A ReplicaSet as the history keeps it. */
export interface ReplicaSetSummary {
  /** its controller's name and UID (a Deployment; the UID is kept as the row's deploymentUid) */
  owner: string;
  ownerUid: string;
  /** deployment.kubernetes.io/revision, when set */
  revision?: string;
  /** the pod-template-hash label, when set */
  podTemplateHash?: string;
  /** spec.replicas (defaulted to 1) */
  replicas: number;
  status: { replicas: number; readyReplicas: number; availableReplicas: number; terminatingReplicas: number };
}

/** A history row with its summary read. */
export type RolloutHistoryEntry = Omit<HistoryRow, 'summary'> &
  ({ resource: typeof HISTORY_DEPLOYMENTS; summary: DeploymentSummary } | { resource: typeof HISTORY_REPLICASETS; summary: ReplicaSetSummary });

/** FNV-1a over the UTF-16 code units of a text, as 8 hex digits. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export function deploymentSummary(o: KubeObject): DeploymentSummary {
  const d = asDeployment(o);
  const st = d.status ?? {};
  const revision = d.metadata.annotations?.[REVISION_ANNOTATION];
  return {
    generation: d.metadata.generation ?? 0,
    ...(revision !== undefined ? { revision } : {}),
    replicas: desiredReplicas(d),
    paused: d.spec.paused === true,
    template: digest(JSON.stringify(d.spec.template ?? null)),
    status: {
      observedGeneration: st.observedGeneration ?? 0,
      replicas: st.replicas ?? 0,
      updatedReplicas: st.updatedReplicas ?? 0,
      readyReplicas: st.readyReplicas ?? 0,
      availableReplicas: st.availableReplicas ?? 0,
    },
  };
}

/** The summary of a ReplicaSet a Deployment controls, else undefined. */
export function replicaSetSummary(o: KubeObject): ReplicaSetSummary | undefined {
  const rs = asReplicaSet(o);
  const ref = controllerOf(rs);
  if (!ref || ref.kind !== 'Deployment' || !ref.uid) return undefined;
  const st = rs.status ?? {};
  const revision = rs.metadata.annotations?.[REVISION_ANNOTATION];
  const hash = rs.metadata.labels?.[POD_TEMPLATE_HASH_LABEL];
  return {
    owner: ref.name,
    ownerUid: ref.uid,
    ...(revision !== undefined ? { revision } : {}),
    ...(hash !== undefined ? { podTemplateHash: hash } : {}),
    replicas: rs.spec.replicas ?? 1,
    status: {
      replicas: st.replicas ?? 0,
      readyReplicas: st.readyReplicas ?? 0,
      availableReplicas: st.availableReplicas ?? 0,
      terminatingReplicas: st.terminatingReplicas ?? 0,
    },
  };
}

/**
 * Records a committed write (inside its transaction): `obj` as written (as deleted, for a
 * delete), `revision` the write's. Any other kind is no row.
 */
export function recordRolloutWrite(history: RolloutHistoryStore, type: HistoryRowType, obj: KubeObject, revision: number, timeMs: number): void {
  if (obj.apiVersion !== 'apps/v1') return;
  const meta = obj.metadata;
  if (obj.kind === 'Deployment') {
    const uid = meta.uid ?? '';
    if (!uid) return;
    if (type === 'DELETED') {
      history.drop(uid);
      return;
    }
    const summary = JSON.stringify(deploymentSummary(obj));
    history.append({ deploymentUid: uid, revision, timeMs, resource: HISTORY_DEPLOYMENTS, namespace: meta.namespace ?? '', name: meta.name ?? '', uid, type, summary }, false);
    return;
  }
  if (obj.kind !== 'ReplicaSet') return;
  const s = replicaSetSummary(obj);
  if (!s) return;
  // the controller's UID is the row's deploymentUid: not kept twice
  const { ownerUid, ...kept } = s;
  const row = { deploymentUid: ownerUid, revision, timeMs, resource: HISTORY_REPLICASETS, namespace: meta.namespace ?? '', name: meta.name ?? '', uid: meta.uid ?? '', type, summary: JSON.stringify(kept) };
  history.append(row, true);
}

/** The Deployment's history, oldest first, summaries read (a row this kubemu cannot read is left out). */
export function readRolloutHistory(history: RolloutHistoryStore, deploymentUid: string): RolloutHistoryEntry[] {
  const out: RolloutHistoryEntry[] = [];
  for (const r of history.rows(deploymentUid)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(r.summary);
    } catch {
      continue;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) continue;
    const j = parsed as Record<string, unknown>;
    if (r.resource === HISTORY_DEPLOYMENTS) out.push({ ...r, resource: HISTORY_DEPLOYMENTS, summary: readDeploymentSummary(j) });
    else if (r.resource === HISTORY_REPLICASETS) out.push({ ...r, resource: HISTORY_REPLICASETS, summary: readReplicaSetSummary(j, r.deploymentUid) });
  }
  return out;
}

const num = (o: Record<string, unknown>, k: string, d = 0): number => (typeof o[k] === 'number' ? (o[k] as number) : d);
const str = (o: Record<string, unknown>, k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
const obj = (o: Record<string, unknown>, k: string): Record<string, unknown> => {
  const v = o[k];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

function readDeploymentSummary(j: Record<string, unknown>): DeploymentSummary {
  const st = obj(j, 'status');
  const revision = str(j, 'revision');
  return {
    generation: num(j, 'generation'),
    ...(revision !== undefined ? { revision } : {}),
    replicas: num(j, 'replicas', 1),
    paused: j['paused'] === true,
    template: str(j, 'template') ?? '',
    status: {
      observedGeneration: num(st, 'observedGeneration'),
      replicas: num(st, 'replicas'),
      updatedReplicas: num(st, 'updatedReplicas'),
      readyReplicas: num(st, 'readyReplicas'),
      availableReplicas: num(st, 'availableReplicas'),
    },
  };
}

function readReplicaSetSummary(j: Record<string, unknown>, ownerUid: string): ReplicaSetSummary {
  const st = obj(j, 'status');
  const revision = str(j, 'revision');
  const hash = str(j, 'podTemplateHash');
  return {
    owner: str(j, 'owner') ?? '',
    ownerUid,
    ...(revision !== undefined ? { revision } : {}),
    ...(hash !== undefined ? { podTemplateHash: hash } : {}),
    replicas: num(j, 'replicas', 1),
    status: {
      replicas: num(st, 'replicas'),
      readyReplicas: num(st, 'readyReplicas'),
      availableReplicas: num(st, 'availableReplicas'),
      terminatingReplicas: num(st, 'terminatingReplicas'),
    },
  };
}
