/**
 * The HorizontalPodAutoscaler `kubectl autoscale` builds (cmd/autoscale createHorizontalPodAutoscalerV2
 * and V1): named after --name or the target, its scaleTargetRef the target's group/version and
 * kind, minReplicas only when --min > 0, a CPU Utilization metric only when --cpu-percent ≥ 0
 * (else the server's default, 80 %, applies). kubectl tries v2 first and falls back to v1.
 */
import type { JsonObject } from '../../common/json.js';

export interface HpaParams {
  name: string;
  /** the target's name, apiVersion and kind */
  refName: string;
  apiVersion: string;
  kind: string;
  min: number;
  max: number;
  cpuPercent: number;
}

export function generateHpaV2(p: HpaParams): JsonObject {
  const spec: JsonObject = { scaleTargetRef: { apiVersion: p.apiVersion, kind: p.kind, name: p.refName }, maxReplicas: p.max };
  if (p.min > 0) spec['minReplicas'] = p.min;
  if (p.cpuPercent >= 0) spec['metrics'] = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: p.cpuPercent } } }];
  return { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: p.name }, spec };
}

export function generateHpaV1(p: HpaParams): JsonObject {
  const spec: JsonObject = { scaleTargetRef: { apiVersion: p.apiVersion, kind: p.kind, name: p.refName }, maxReplicas: p.max };
  if (p.min > 0) spec['minReplicas'] = p.min;
  if (p.cpuPercent >= 0) spec['targetCPUUtilizationPercentage'] = p.cpuPercent;
  return { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: p.name }, spec };
}
