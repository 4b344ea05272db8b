/**
 * Which taints a pod's tolerations tolerate (k8s.io/api/core/v1 toleration.go ToleratesTaint and
 * pkg/apis/core/v1/helper GetMatchingTolerations), as the taint-eviction controller reads them.
 */
import type { Taint, Toleration } from './taint.js';

/** The taint effect that evicts running pods. */
export const TAINT_EFFECT_NO_EXECUTE = 'NoExecute';

/**
 * Toleration.ToleratesTaint: the effect matches (or the toleration names none), the key matches
 * (or the toleration names none, which only makes sense with Exists), then Exists tolerates any
 * value and Equal (the default operator) needs the same value. (Lt/Gt are alpha in v1.35, off.)
 */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  const op = t.operator || 'Equal';
  if (op === 'Exists') return true;
  if (op === 'Equal') return (t.value ?? '') === (taint.value ?? '');
  return false;
}

/**
 * GetMatchingTolerations: whether every taint is tolerated, and for each taint the first
 * toleration that tolerates it (so a later, shorter toleration of the same taint is not used).
 */
export function matchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[]): { allTolerated: boolean; used: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}
