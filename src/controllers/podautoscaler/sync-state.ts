/** What one reconcile of an HPA works on: its status being built, its events, its reads. */
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import type { Pod } from '../../api/core/v1/pod.js';
import type { Selector } from '../../labels/label-selector.js';
import type { HpaControllerSettings } from './defaults.js';
import type { HpaMetricsSource } from './metrics-client.js';
import { setCondition } from './conditions.js';
import type { Tolerances } from './tolerances.js';

export interface SyncState {
  hpa: HorizontalPodAutoscaler;
  namespace: string;
  settings: HpaControllerSettings;
  tolerances: Tolerances;
  nowMs: number;
  /** the reconcile's conditions, set in place as upstream's setCondition does */
  conditions: HorizontalPodAutoscalerCondition[];
  reader: HpaMetricsSource;
  /** the namespace's pods the target's selector selects (read once per sync; set once the scale is read) */
  pods(): readonly Pod[];
  /** the namespace's pods a selector selects */
  listPods(selector: Selector): readonly Pod[];
  /** records an Event about the HPA */
  event(type: 'Normal' | 'Warning', reason: string, message: string): void;
  now(): string;
}

export function condition(s: SyncState, type: string, status: string, reason: string, message: string): void {
  s.conditions = setCondition(s.conditions, type, status, reason, message, s.now());
}
