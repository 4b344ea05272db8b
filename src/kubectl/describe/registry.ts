import type { ResourceInfo } from '../../apiserver/resources.js';
import { describeConfigMap } from './configmap.js';
import { describeDeployment } from './deployment.js';
import type { Describer } from './describer.js';
import { describeGeneric } from './generic.js';
import { describeMetricSource } from './metric-source.js';
import { describeNamespace } from './namespace.js';
import { describeNode } from './node.js';
import { describePod } from './pod.js';
import { describePodDisruptionBudget } from './pod-disruption-budget.js';
import { describeHorizontalPodAutoscaler } from './horizontal-pod-autoscaler.js';
import { describeReplicaSet } from './replicaset.js';
import { describeSecret } from './secret.js';
import { describeService } from './service.js';

/** describe.go describerMap, for the kinds kubemu serves; everything else is described generically. */
const DESCRIBERS: Record<string, Describer> = {
  'apps/Deployment': describeDeployment,
  'apps/ReplicaSet': describeReplicaSet,
  '/Pod': describePod,
  '/Node': describeNode,
  '/Namespace': describeNamespace,
  '/Service': describeService,
  '/ConfigMap': describeConfigMap,
  '/Secret': describeSecret,
  'policy/PodDisruptionBudget': describePodDisruptionBudget,
  'autoscaling/HorizontalPodAutoscaler': describeHorizontalPodAutoscaler,
  'kubemu.io/MetricSource': describeMetricSource,
};

export function describerFor(info: ResourceInfo): Describer {
  return DESCRIBERS[`${info.group}/${info.kind}`] ?? describeGeneric;
}
