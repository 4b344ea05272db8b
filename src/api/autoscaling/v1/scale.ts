/**
 * autoscaling/v1 Scale (k8s.io/api/autoscaling/v1 types.go): what the `scale` subresource of a
 * Deployment or ReplicaSet serves and accepts. Neither field is omitempty in Go, so both
 * replicas are always written (0 when the object has none).
 */
import type { KubeObject } from '../../meta/v1.js';

/** autoscalingv1.ScaleSpec. */
export interface ScaleSpec {
  replicas: number;
}

/** autoscalingv1.ScaleStatus. */
export interface ScaleStatus {
  replicas: number;
  /** the object's label selector as a selector string (`app=hello,tier=web`), absent when empty */
  selector?: string;
}

/** autoscalingv1.Scale. */
export interface Scale extends KubeObject {
  spec: ScaleSpec;
  status: ScaleStatus;
}
