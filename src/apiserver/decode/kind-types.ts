/**
 * The Go type each kind kubemu serves decodes into (k8s.io/api), by `<group>/<Kind>`. TypeMeta
 * (kind, apiVersion) is left out: kubemu resolves the kind before decoding, as the API server's
 * serializer does. Workload status is typed, and a Node's (kube-apiserver keeps the status of a
 * Node created with one, which the scheduler and the kubelet then read); other kinds' status
 * structs are checked only for being objects (kubemu's own controllers write them, and the main
 * resource ignores status).
 */
import { bool, bytes, int32, int64, intOrString, list, map, named, str, struct, time, unchecked, type GoType } from './go-types.js';
import { labelSelector, objectMeta } from './meta-types.js';
import { localObjectReference, podSpec, podTemplateSpec, resourceList } from './pod-types.js';
import { HPA_V1, HPA_V2 } from './hpa-types.js';

const opaque = (name: string): GoType => struct(name, () => ({}));

const objectReference: GoType = struct('v1.ObjectReference', () => ({
  kind: str,
  namespace: str,
  name: str,
  uid: named('types.UID'),
  apiVersion: str,
  resourceVersion: str,
  fieldPath: str,
}));

const deploymentSpec: GoType = struct('v1.DeploymentSpec', () => ({
  replicas: int32,
  selector: labelSelector,
  template: podTemplateSpec,
  strategy: struct('v1.DeploymentStrategy', () => ({
    type: named('v1.DeploymentStrategyType'),
    rollingUpdate: struct('v1.RollingUpdateDeployment', () => ({ maxUnavailable: intOrString, maxSurge: intOrString })),
  })),
  minReadySeconds: int32,
  revisionHistoryLimit: int32,
  paused: bool,
  progressDeadlineSeconds: int32,
}));

const replicaSetSpec: GoType = struct('v1.ReplicaSetSpec', () => ({
  replicas: int32,
  minReadySeconds: int32,
  selector: labelSelector,
  template: podTemplateSpec,
}));

const serviceSpec: GoType = struct('v1.ServiceSpec', () => ({
  ports: list(
    struct('v1.ServicePort', () => ({
      name: str,
      protocol: named('v1.Protocol'),
      appProtocol: str,
      port: int32,
      targetPort: intOrString,
      nodePort: int32,
    })),
  ),
  selector: map(str),
  clusterIP: str,
  clusterIPs: list(str),
  type: named('v1.ServiceType'),
  externalIPs: list(str),
  sessionAffinity: named('v1.ServiceAffinity'),
  loadBalancerIP: str,
  loadBalancerSourceRanges: list(str),
  externalName: str,
  externalTrafficPolicy: named('v1.ServiceExternalTrafficPolicy'),
  healthCheckNodePort: int32,
  publishNotReadyAddresses: bool,
  sessionAffinityConfig: unchecked,
  ipFamilies: list(named('v1.IPFamily')),
  ipFamilyPolicy: named('v1.IPFamilyPolicy'),
  allocateLoadBalancerNodePorts: bool,
  loadBalancerClass: str,
  internalTrafficPolicy: named('v1.ServiceInternalTrafficPolicy'),
  trafficDistribution: str,
}));

const endpointAddress: GoType = struct('v1.EndpointAddress', () => ({
  ip: str,
  hostname: str,
  nodeName: str,
  targetRef: objectReference,
}));

const endpointSubset: GoType = struct('v1.EndpointSubset', () => ({
  addresses: list(endpointAddress),
  notReadyAddresses: list(endpointAddress),
  ports: list(struct('v1.EndpointPort', () => ({ name: str, port: int32, protocol: named('v1.Protocol'), appProtocol: str }))),
}));

const nodeSpec: GoType = struct('v1.NodeSpec', () => ({
  podCIDR: str,
  podCIDRs: list(str),
  providerID: str,
  unschedulable: bool,
  taints: list(struct('v1.Taint', () => ({ key: str, value: str, effect: named('v1.TaintEffect'), timeAdded: time }))),
  configSource: unchecked,
  externalID: str,
}));

/**
 * v1.NodeStatus: `conditions: Ready` or `capacity: []` in an applied Node is refused as
 * kube-apiserver refuses it (`json: cannot unmarshal string into Go struct field
 * NodeStatus.status.conditions of type []v1.NodeCondition`), and `cpu: lots` with the quantity's
 * error, instead of being stored for the scheduler and the kubelet to trip over.
 */
const nodeStatus: GoType = struct('v1.NodeStatus', () => ({
  capacity: resourceList,
  allocatable: resourceList,
  phase: named('v1.NodePhase'),
  conditions: list(
    struct('v1.NodeCondition', () => ({
      type: named('v1.NodeConditionType'),
      status: named('v1.ConditionStatus'),
      lastHeartbeatTime: time,
      lastTransitionTime: time,
      reason: str,
      message: str,
    })),
  ),
  addresses: list(struct('v1.NodeAddress', () => ({ type: named('v1.NodeAddressType'), address: str }))),
  daemonEndpoints: struct('v1.NodeDaemonEndpoints', () => ({ kubeletEndpoint: struct('v1.DaemonEndpoint', () => ({ Port: int32 })) })),
  nodeInfo: struct('v1.NodeSystemInfo', () => ({
    machineID: str,
    systemUUID: str,
    bootID: str,
    kernelVersion: str,
    osImage: str,
    containerRuntimeVersion: str,
    kubeletVersion: str,
    kubeProxyVersion: str,
    operatingSystem: str,
    architecture: str,
    swap: struct('v1.NodeSwapStatus', () => ({ capacity: int64 })),
  })),
  images: list(struct('v1.ContainerImage', () => ({ names: list(str), sizeBytes: int64 }))),
  volumesInUse: list(named('v1.UniqueVolumeName')),
  volumesAttached: list(struct('v1.AttachedVolume', () => ({ name: named('v1.UniqueVolumeName'), devicePath: str }))),
  config: unchecked,
  runtimeHandlers: unchecked,
  features: unchecked,
  declaredFeatures: unchecked,
}));

const deploymentStatus: GoType = struct('v1.DeploymentStatus', () => ({
  observedGeneration: int64,
  replicas: int32,
  updatedReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  unavailableReplicas: int32,
  terminatingReplicas: int32,
  conditions: list(
    struct('v1.DeploymentCondition', () => ({
      type: named('v1.DeploymentConditionType'),
      status: named('v1.ConditionStatus'),
      lastUpdateTime: time,
      lastTransitionTime: time,
      reason: str,
      message: str,
    })),
  ),
  collisionCount: int32,
}));

const replicaSetStatus: GoType = struct('v1.ReplicaSetStatus', () => ({
  replicas: int32,
  fullyLabeledReplicas: int32,
  readyReplicas: int32,
  availableReplicas: int32,
  terminatingReplicas: int32,
  observedGeneration: int64,
  conditions: list(
    struct('v1.ReplicaSetCondition', () => ({
      type: named('v1.ReplicaSetConditionType'),
      status: named('v1.ConditionStatus'),
      lastTransitionTime: time,
      reason: str,
      message: str,
    })),
  ),
}));

/** Top-level structs by `<group>/<Kind>` ('' for the core group). */
export const KIND_TYPES: Readonly<Record<string, GoType>> = {
  'apps/Deployment': struct('v1.Deployment', () => ({ metadata: objectMeta, spec: deploymentSpec, status: deploymentStatus })),
  'apps/ReplicaSet': struct('v1.ReplicaSet', () => ({ metadata: objectMeta, spec: replicaSetSpec, status: replicaSetStatus })),
  '/Pod': struct('v1.Pod', () => ({ metadata: objectMeta, spec: podSpec, status: opaque('v1.PodStatus') })),
  '/Service': struct('v1.Service', () => ({ metadata: objectMeta, spec: serviceSpec, status: opaque('v1.ServiceStatus') })),
  '/Endpoints': struct('v1.Endpoints', () => ({ metadata: objectMeta, subsets: list(endpointSubset) })),
  '/ConfigMap': struct('v1.ConfigMap', () => ({ metadata: objectMeta, immutable: bool, data: map(str), binaryData: map(bytes) })),
  '/Secret': struct('v1.Secret', () => ({
    metadata: objectMeta,
    immutable: bool,
    data: map(bytes),
    stringData: map(str),
    type: named('v1.SecretType'),
  })),
  '/ServiceAccount': struct('v1.ServiceAccount', () => ({
    metadata: objectMeta,
    secrets: list(objectReference),
    imagePullSecrets: list(localObjectReference),
    automountServiceAccountToken: bool,
  })),
  '/Namespace': struct('v1.Namespace', () => ({
    metadata: objectMeta,
    spec: struct('v1.NamespaceSpec', () => ({ finalizers: list(named('v1.FinalizerName')) })),
    status: opaque('v1.NamespaceStatus'),
  })),
  '/Node': struct('v1.Node', () => ({ metadata: objectMeta, spec: nodeSpec, status: nodeStatus })),
  '/Event': struct('v1.Event', () => ({
    metadata: objectMeta,
    involvedObject: objectReference,
    reason: str,
    message: str,
    source: struct('v1.EventSource', () => ({ component: str, host: str })),
    firstTimestamp: time,
    lastTimestamp: time,
    count: int32,
    type: str,
    eventTime: unchecked,
    series: unchecked,
    action: str,
    related: objectReference,
    reportingComponent: str,
    reportingInstance: str,
  })),
  'coordination.k8s.io/Lease': struct('v1.Lease', () => ({
    metadata: objectMeta,
    spec: struct('v1.LeaseSpec', () => ({
      holderIdentity: str,
      leaseDurationSeconds: int32,
      acquireTime: unchecked,
      renewTime: unchecked,
      leaseTransitions: int32,
      strategy: unchecked,
      preferredHolder: str,
    })),
  })),
  'policy/PodDisruptionBudget': struct('v1.PodDisruptionBudget', () => ({
    metadata: objectMeta,
    spec: struct('v1.PodDisruptionBudgetSpec', () => ({
      minAvailable: intOrString,
      selector: labelSelector,
      maxUnavailable: intOrString,
      unhealthyPodEvictionPolicy: named('v1.UnhealthyPodEvictionPolicyType'),
    })),
    status: opaque('v1.PodDisruptionBudgetStatus'),
  })),
  'autoscaling/HorizontalPodAutoscaler': HPA_V2,
};

/** policy/v1 Eviction, the body of a pods/eviction write. */
export const EVICTION: GoType = struct('v1.Eviction', () => ({
  metadata: objectMeta,
  deleteOptions: struct('v1.DeleteOptions', () => ({
    gracePeriodSeconds: int64,
    preconditions: struct('v1.Preconditions', () => ({ uid: named('types.UID'), resourceVersion: str })),
    orphanDependents: bool,
    propagationPolicy: named('v1.DeletionPropagation'),
    dryRun: list(str),
  })),
}));

/** autoscaling/v1 Scale, the body of a scale subresource write. */
export const SCALE: GoType = struct('v1.Scale', () => ({
  metadata: objectMeta,
  spec: struct('v1.ScaleSpec', () => ({ replicas: int32 })),
  status: struct('v1.ScaleStatus', () => ({ replicas: int32, selector: str })),
}));

