import type { PodTemplateSpec } from '../../../api/core/v1/pod.js';
import { type KubeObject, objectJson } from '../../../api/meta/v1.js';
import type { Deployment } from '../../../api/apps/v1/deployment.js';
import { type ReplicaSet, asReplicaSet } from '../../../api/apps/v1/replica-set.js';
import { findByKind } from '../../../apiserver/resources.js';
import type { ApiServer } from '../../../apiserver/server.js';
import { type JsonObject, jsonEqual } from '../../../common/json.js';
import { labelSelectorAsSelector, selectorMatches } from '../../../labels/label-selector.js';
import { POD_TEMPLATE_HASH_LABEL, REVISION_ANNOTATION } from '../../../api/apps/v1/annotations.js';

/** A Deployment's ReplicaSets as kubectl's deploymentutil.GetAllReplicaSets splits them. */
export interface DeploymentReplicaSets {
  /** the ReplicaSet whose template equals the Deployment's (ignoring the hash label), if any */
  newRS?: ReplicaSet;
  /** every other ReplicaSet the Deployment controls, in list (name) order */
  oldRSs: ReplicaSet[];
}

/** The pod template of a Deployment or ReplicaSet (undefined when absent). */
export function templateOf(obj: Deployment | ReplicaSet): PodTemplateSpec | undefined {
  return obj.spec?.template;
}

/** A copy of a pod template without the pod-template-hash label (an emptied labels map stays, as in Go). */
export function withoutHashLabel(template: PodTemplateSpec | undefined): JsonObject {
  const copy = structuredClone(objectJson(template ?? {}));
  if (copy.metadata?.labels) delete copy.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  return copy;
}

/**
 * EqualIgnoreHash: two templates are the same if they are equal once the pod-template-hash
 * label is removed from both (the Deployment's template never has it).
 */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return jsonEqual(withoutHashLabel(a), withoutHashLabel(b));
}

/**
 * deploymentutil.Revision for a ReplicaSet: the revision annotation; missing means 0 and a
 * value that is not an integer means the ReplicaSet is skipped (undefined).
 */
export function replicaSetRevision(rs: KubeObject): number | undefined {
  const text = rs.metadata.annotations?.[REVISION_ANNOTATION];
  if (text === undefined) return 0;
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

function createdMs(o: KubeObject): number {
  return Date.parse(o.metadata.creationTimestamp ?? '') || 0;
}

/**
 * GetAllReplicaSets: the ReplicaSets in the Deployment's namespace that its selector matches and
 * that it controls (controller ownerReference with its uid). The new one is the oldest (by
 * creation time, then name) whose template matches the Deployment's.
 */
export function deploymentReplicaSets(api: ApiServer, deployment: Deployment): DeploymentReplicaSets {
  const info = findByKind('apps/v1', 'ReplicaSet');
  if (!info) throw new Error('replicasets.apps is not served');
  const selector = labelSelectorAsSelector(deployment.spec?.selector);
  const uid = deployment.metadata.uid;
  const owned = api
    .list(
      info,
      deployment.metadata.namespace,
      (rs) =>
        selectorMatches(selector, rs.metadata.labels) &&
        (rs.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === uid),
    )
    .map(asReplicaSet);
  const template = templateOf(deployment);
  const byAge = [...owned].sort((a, b) => createdMs(a) - createdMs(b) || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  const newRS = byAge.find((rs) => equalIgnoreHash(templateOf(rs), template));
  return { ...(newRS ? { newRS } : {}), oldRSs: owned.filter((rs) => rs !== newRS) };
}

/** The ReplicaSets in the order kubectl visits them: old ones, then the new one. */
export function allReplicaSets(sets: DeploymentReplicaSets): ReplicaSet[] {
  return sets.newRS ? [...sets.oldRSs, sets.newRS] : sets.oldRSs;
}
