import type { JsonObject } from '../../common/json.js';
import { objectJson } from '../../api/meta/v1.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { defaultNamespace } from './namespace.js';
import { defaultNode } from './node.js';
import { defaultPod } from './pod.js';
import { defaultSecret } from './secret.js';
import { defaultService } from './service.js';
import { defaultImageRepository } from './imagerepository.js';
import { defaultHorizontalPodAutoscaler } from './horizontal-pod-autoscaler.js';
import { defaultMetricSource } from './metric-source.js';
import {
  defaultDaemonSet,
  defaultDeployment,
  defaultEmbeddedTemplate,
  defaultReplicaSet,
  defaultStatefulSet,
} from './workloads.js';

/**
 * defaultObject fills in what kube-apiserver fills in before storing, so a stored object reads
 * back like `kubectl get -o yaml` on a real cluster: API defaults (pkg/apis/<group>/v1/defaults.go),
 * plus, for Pods, the default admission plugins (see pod-admission.ts). Idempotent: running it
 * again on its own output changes nothing, so it is safe on every update.
 */

const BY_KIND: Record<string, (o: JsonObject) => void> = {
  'apps/Deployment': defaultDeployment,
  'apps/ReplicaSet': defaultReplicaSet,
  'apps/DaemonSet': defaultDaemonSet,
  'apps/StatefulSet': defaultStatefulSet,
  '/Pod': defaultPod,
  '/Service': defaultService,
  '/Namespace': defaultNamespace,
  '/Node': defaultNode,
  '/Secret': defaultSecret,
  'kubemu.io/ImageRepository': defaultImageRepository,
  'autoscaling/HorizontalPodAutoscaler': defaultHorizontalPodAutoscaler,
  'kubemu.io/MetricSource': defaultMetricSource,
};

export function defaultObject(obj: KubeObject): void {
  const apiVersion = obj.apiVersion ?? '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] ?? '' : '';
  const fn = BY_KIND[`${group}/${obj.kind}`] ?? defaultEmbeddedTemplate;
  fn(objectJson(obj));
}

export { defaultPodSpec, defaultPodTemplateSpec } from './pod-spec.js';
export { defaultContainer } from './container.js';
export { defaultImagePullPolicy, imageTag } from './image-pull-policy.js';
export { podQOSClass } from './qos-class.js';
