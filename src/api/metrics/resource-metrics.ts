/**
 * metrics.k8s.io/v1beta1 PodMetrics and NodeMetrics (k8s.io/metrics/pkg/apis/metrics/v1beta1):
 * what metrics-server serves and `kubectl top` and the HPA's resource metrics read. Usage is a
 * ResourceList of quantity strings: `{cpu: "12m", memory: "34Mi"}` (metrics-server writes cpu in
 * nanocores `1234567n` and memory in Ki: `102400Ki`).
 */
import type { KubeObject } from '../meta/v1.js';

export const METRICS_API_VERSION = 'metrics.k8s.io/v1beta1';

/** v1beta1.ContainerMetrics. */
export interface ContainerMetrics {
  name: string;
  usage: Record<string, string>;
}

/** v1beta1.PodMetrics: one sample of a pod's containers. */
export interface PodMetrics extends KubeObject {
  /** when the sample was taken (RFC 3339) */
  timestamp: string;
  /** the window the usage was averaged over (a Go duration: `10.5s`) */
  window: string;
  containers: ContainerMetrics[];
}

/** v1beta1.NodeMetrics. */
export interface NodeMetrics extends KubeObject {
  timestamp: string;
  window: string;
  usage: Record<string, string>;
}
