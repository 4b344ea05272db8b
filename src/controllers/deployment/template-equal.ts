import type { PodTemplateSpec } from '../../api/core/v1/pod.js';
import { POD_TEMPLATE_HASH_LABEL } from '../../api/apps/v1/annotations.js';
import { setOwn } from '../../common/own-keys.js';

/**
 * EqualIgnoreHash: whether two pod templates are the same apart from the pod-template-hash
 * label. Upstream compares with apimachinery's semantic equality, under which a nil and an
 * empty map or slice are equal; `prune` removes empty objects/arrays and nulls so that
 * `labels: {}` equals no labels at all.
 * Not emulated: resource quantities compare as written ("1000m" ≠ "1").
 */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return templateKey(a) === templateKey(b);
}

/**
 * What equalIgnoreHash compares: the template's canonical text without the hash label. Two
 * templates are equal ignoring the hash exactly when their keys are. The key of a frozen template
 * (the API server's objects are deep-frozen: a ReplicaSet's as read) is remembered, since such a
 * template can never change: a Deployment sync compares its template with each ReplicaSet's twice
 * (isScalingEvent, then the rollout), and every sync of it again.
 */
export function templateKey(t: PodTemplateSpec | undefined): string {
  if (t === undefined || !Object.isFrozen(t)) return canonicalWithoutHash(t);
  let key = frozenKeys.get(t);
  if (key === undefined) frozenKeys.set(t, (key = canonicalWithoutHash(t)));
  return key;
}

/** prune's text of the template without the hash label; prune copies, so only the labels are copied here. */
function canonicalWithoutHash(t: PodTemplateSpec | undefined): string {
  const labels = t?.metadata?.labels;
  if (!t || !labels || !(POD_TEMPLATE_HASH_LABEL in labels)) return JSON.stringify(prune(t ?? {}));
  const rest = { ...labels };
  delete rest[POD_TEMPLATE_HASH_LABEL];
  return JSON.stringify(prune({ ...t, metadata: { ...t.metadata, labels: rest } }));
}

const frozenKeys = new WeakMap<PodTemplateSpec, string>();

/** A copy of the template without the pod-template-hash label. */
export function withoutHash(t: PodTemplateSpec | undefined): PodTemplateSpec {
  const copy = structuredClone(t ?? {});
  const labels = copy.metadata?.labels;
  if (labels && POD_TEMPLATE_HASH_LABEL in labels) {
    delete labels[POD_TEMPLATE_HASH_LABEL];
  }
  return copy;
}

/** Sorted keys, no empty containers, no nulls: one canonical shape per semantic value. */
function prune(v: unknown): unknown {
  if (Array.isArray(v)) {
    const items = v.map(prune);
    return items.length ? items : undefined;
  }
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) {
      const p = prune(o[k]);
      if (p !== undefined) setOwn(out, k, p);
    }
    return Object.keys(out).length ? out : undefined;
  }
  return v === null ? undefined : v;
}
