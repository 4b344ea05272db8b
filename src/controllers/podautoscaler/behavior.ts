/**
 * horizontal.go's normalization of a proposal: stabilization over recent recommendations, and
 * the rate limits — scale-up/scale-down policies over the scale events of each policy's
 * period (with behavior), or ×2/+4 (without). Pure functions of the memory and the clock.
 */
import { SCALE_UP_LIMIT_FACTOR, SCALE_UP_LIMIT_MINIMUM, type ScalingRules } from './defaults.js';
import { lastSample, type RecommendationSegment, type ScaleEvent } from './recommendations.js';

const MAX_INT32 = 2147483647;
const MIN_INT32 = -2147483648;

export interface Limited {
  replicas: number;
  reason: string;
  message: string;
}

/**
 * stabilizeRecommendationWithBehaviors: the current count brought within [lowest recommendation
 * of the scale-up window, highest of the scale-down window] (the proposal included); samples
 * count when strictly after the window's start.
 */
export function stabilizeWithBehaviors(
  recs: readonly RecommendationSegment[],
  currentReplicas: number,
  desiredReplicas: number,
  upWindowSeconds: number,
  downWindowSeconds: number,
  nowMs: number,
  periodMs: number,
): Limited {
  let up = desiredReplicas;
  let down = desiredReplicas;
  const upCutoff = nowMs - upWindowSeconds * 1000;
  const downCutoff = nowMs - downWindowSeconds * 1000;
  for (const seg of recs) {
    const last = lastSample(seg, nowMs, periodMs);
    if (last > upCutoff) up = Math.min(seg.r, up);
    if (last > downCutoff) down = Math.max(seg.r, down);
  }
  let recommendation = currentReplicas;
  if (recommendation < up) recommendation = up;
  if (recommendation > down) recommendation = down;
  return desiredReplicas >= currentReplicas
    ? { replicas: recommendation, reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' }
    : { replicas: recommendation, reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };
}

/** stabilizeRecommendation (no behavior): the highest recommendation not older than the window. */
export function stabilizeWithoutBehavior(recs: readonly RecommendationSegment[], desiredReplicas: number, windowMs: number, nowMs: number, periodMs: number): number {
  let max = desiredReplicas;
  const cutoff = nowMs - windowMs;
  for (const seg of recs) if (lastSample(seg, nowMs, periodMs) >= cutoff && seg.r > max) max = seg.r;
  return max;
}

/** getReplicasChangePerPeriod: the changes of the events strictly after now − period. */
export function replicasChangePerPeriod(periodSeconds: number, events: readonly ScaleEvent[] | undefined, nowMs: number): number {
  const cutoff = nowMs - periodSeconds * 1000;
  let sum = 0;
  for (const e of events ?? []) if (e.ts > cutoff) sum += e.change;
  return sum;
}

/** calculateScaleUpLimitWithScalingRules. */
export function scaleUpLimitWithRules(currentReplicas: number, upEvents: readonly ScaleEvent[] | undefined, downEvents: readonly ScaleEvent[] | undefined, rules: ScalingRules, nowMs: number): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const minPolicy = rules.selectPolicy === 'Min';
  let result = minPolicy ? MAX_INT32 : MIN_INT32;
  for (const p of rules.policies) {
    const added = replicasChangePerPeriod(p.periodSeconds, upEvents, nowMs);
    const deleted = replicasChangePerPeriod(p.periodSeconds, downEvents, nowMs);
    const start = currentReplicas - added + deleted;
    let proposed = 0;
    if (p.type === 'Pods') proposed = start + p.value;
    else if (p.type === 'Percent') proposed = Math.ceil(start * (1 + p.value / 100));
    result = minPolicy ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

/** calculateScaleDownLimitWithBehaviors. */
export function scaleDownLimitWithRules(currentReplicas: number, upEvents: readonly ScaleEvent[] | undefined, downEvents: readonly ScaleEvent[] | undefined, rules: ScalingRules, nowMs: number): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const minPolicy = rules.selectPolicy === 'Min';
  let result = minPolicy ? MIN_INT32 : MAX_INT32;
  for (const p of rules.policies) {
    const added = replicasChangePerPeriod(p.periodSeconds, upEvents, nowMs);
    const deleted = replicasChangePerPeriod(p.periodSeconds, downEvents, nowMs);
    const start = currentReplicas - added + deleted;
    let proposed = 0;
    if (p.type === 'Pods') proposed = start - p.value;
    else if (p.type === 'Percent') proposed = Math.trunc(start * (1 - p.value / 100));
    result = minPolicy ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

const WITHIN: Omit<Limited, 'replicas'> = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };

/** convertDesiredReplicasWithBehaviorRate. */
export function limitWithBehaviorRate(
  a: { currentReplicas: number; desiredReplicas: number; minReplicas: number; maxReplicas: number; up: ScalingRules; down: ScalingRules },
  upEvents: readonly ScaleEvent[] | undefined,
  downEvents: readonly ScaleEvent[] | undefined,
  nowMs: number,
): Limited {
  if (a.desiredReplicas > a.currentReplicas) {
    let limit = scaleUpLimitWithRules(a.currentReplicas, upEvents, downEvents, a.up, nowMs);
    if (limit < a.currentReplicas) limit = a.currentReplicas;
    let maxAllowed = a.maxReplicas;
    let reason = 'TooManyReplicas';
    let message = 'the desired replica count is more than the maximum replica count';
    if (maxAllowed > limit) {
      maxAllowed = limit;
      reason = 'ScaleUpLimit';
      message = 'the desired replica count is increasing faster than the maximum scale rate';
    }
    if (a.desiredReplicas > maxAllowed) return { replicas: maxAllowed, reason, message };
  } else if (a.desiredReplicas < a.currentReplicas) {
    let limit = scaleDownLimitWithRules(a.currentReplicas, upEvents, downEvents, a.down, nowMs);
    if (limit > a.currentReplicas) limit = a.currentReplicas;
    let minAllowed = a.minReplicas;
    let reason = 'TooFewReplicas';
    let message = 'the desired replica count is less than the minimum replica count';
    if (minAllowed < limit) {
      minAllowed = limit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    }
    if (a.desiredReplicas < minAllowed) return { replicas: minAllowed, reason, message };
  }
  return { replicas: a.desiredReplicas, ...WITHIN };
}

/** calculateScaleUpLimit: max(2 × current, 4). */
export function scaleUpLimit(currentReplicas: number): number {
  return Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * currentReplicas, SCALE_UP_LIMIT_MINIMUM));
}

/** convertDesiredReplicasWithRules (no behavior). */
export function limitWithRules(currentReplicas: number, desiredReplicas: number, minReplicas: number, maxReplicas: number): Limited {
  const upLimit = scaleUpLimit(currentReplicas);
  let maxAllowed: number;
  let reason: string;
  let message: string;
  if (maxReplicas > upLimit) {
    maxAllowed = upLimit;
    reason = 'ScaleUpLimit';
    message = 'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maxAllowed = maxReplicas;
    reason = 'TooManyReplicas';
    message = 'the desired replica count is more than the maximum replica count';
  }
  if (desiredReplicas < minReplicas) return { replicas: minReplicas, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
  if (desiredReplicas > maxAllowed) return { replicas: maxAllowed, reason, message };
  return { replicas: desiredReplicas, ...WITHIN };
}

/** getLongestPolicyPeriod. */
export function longestPolicyPeriod(rules: ScalingRules): number {
  let longest = 0;
  for (const p of rules.policies) if (p.periodSeconds > longest) longest = p.periodSeconds;
  return longest;
}

/**
 * storeScaleEvent for one direction: events older than the longest policy period are marked
 * outdated, and the new one takes the last outdated slot or is appended.
 */
export function storeScaleEvent(events: readonly ScaleEvent[] | undefined, change: number, rules: ScalingRules, nowMs: number): ScaleEvent[] {
  const cutoff = nowMs - longestPolicyPeriod(rules) * 1000;
  const out = (events ?? []).map((e) => (e.ts < cutoff ? { ...e, outdated: true } : e));
  let slot = -1;
  out.forEach((e, i) => {
    if (e.outdated) slot = i;
  });
  const next: ScaleEvent = { change, ts: nowMs };
  if (slot >= 0) out[slot] = next;
  else out.push(next);
  return out;
}
