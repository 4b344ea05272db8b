/**
 * The pod template a Deployment or ReplicaSet carries (spec.template), as kubemu's controllers and
 * kubectl read it today: its metadata typed, the pod spec left as JSON. It becomes core/v1's
 * PodTemplateSpec once that model exists.
 */
import type { ObjectMeta } from '../../meta/v1.js';

export interface PodTemplateShape {
  metadata?: ObjectMeta;
  spec?: Record<string, unknown>;
  [k: string]: unknown;
}
