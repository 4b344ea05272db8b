/** k8s.io/api/core/v1 PodSpec and what it holds (the fields kubemu models), in Go declaration order. */
import { bool, int32, int64, intOrString, list, map, named, quantity, str, struct, unchecked, type GoType } from './go-types.js';
import { objectMeta } from './meta-types.js';

export const resourceList: GoType = map(quantity, 'v1.ResourceList');

const localObjectReference: GoType = struct('v1.LocalObjectReference', () => ({ name: str }));

const keySelector = (name: string): GoType => struct(name, () => ({ name: str, key: str, optional: bool }));

const envVar: GoType = struct('v1.EnvVar', () => ({
  name: str,
  value: str,
  valueFrom: struct('v1.EnvVarSource', () => ({
    fieldRef: struct('v1.ObjectFieldSelector', () => ({ apiVersion: str, fieldPath: str })),
    resourceFieldRef: struct('v1.ResourceFieldSelector', () => ({ containerName: str, resource: str, divisor: quantity })),
    configMapKeyRef: keySelector('v1.ConfigMapKeySelector'),
    secretKeyRef: keySelector('v1.SecretKeySelector'),
  })),
}));

const envFromSource: GoType = struct('v1.EnvFromSource', () => ({
  prefix: str,
  configMapRef: struct('v1.ConfigMapEnvSource', () => ({ name: str, optional: bool })),
  secretRef: struct('v1.SecretEnvSource', () => ({ name: str, optional: bool })),
}));

const containerPort: GoType = struct('v1.ContainerPort', () => ({
  name: str,
  hostPort: int32,
  containerPort: int32,
  protocol: named('v1.Protocol'),
  hostIP: str,
}));

const volumeMount: GoType = struct('v1.VolumeMount', () => ({
  name: str,
  readOnly: bool,
  recursiveReadOnly: named('v1.RecursiveReadOnlyMode'),
  mountPath: str,
  subPath: str,
  mountPropagation: named('v1.MountPropagationMode'),
  subPathExpr: str,
}));

/** Probe with ProbeHandler inlined: its fields are Probe's as far as encoding/json is concerned. */
const probe: GoType = struct('v1.Probe', () => ({
  exec: struct('v1.ExecAction', () => ({ command: list(str) })),
  httpGet: struct('v1.HTTPGetAction', () => ({
    path: str,
    port: intOrString,
    host: str,
    scheme: named('v1.URIScheme'),
    httpHeaders: list(struct('v1.HTTPHeader', () => ({ name: str, value: str }))),
  })),
  tcpSocket: struct('v1.TCPSocketAction', () => ({ port: intOrString, host: str })),
  grpc: struct('v1.GRPCAction', () => ({ port: int32, service: str })),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: int64,
}));

export const container: GoType = struct('v1.Container', () => ({
  name: str,
  image: str,
  command: list(str),
  args: list(str),
  workingDir: str,
  ports: list(containerPort),
  envFrom: list(envFromSource),
  env: list(envVar),
  resources: struct('v1.ResourceRequirements', () => ({ limits: resourceList, requests: resourceList, claims: unchecked })),
  resizePolicy: unchecked,
  restartPolicy: named('v1.ContainerRestartPolicy'),
  volumeMounts: list(volumeMount),
  volumeDevices: unchecked,
  livenessProbe: probe,
  readinessProbe: probe,
  startupProbe: probe,
  lifecycle: unchecked,
  terminationMessagePath: str,
  terminationMessagePolicy: named('v1.TerminationMessagePolicy'),
  imagePullPolicy: named('v1.PullPolicy'),
  securityContext: unchecked,
  stdin: bool,
  stdinOnce: bool,
  tty: bool,
}));

const keyToPath: GoType = struct('v1.KeyToPath', () => ({ key: str, path: str, mode: int32 }));

/** Volume with VolumeSource inlined (the sources kubemu models; the others pass unchecked). */
const volume: GoType = struct('v1.Volume', () => ({
  name: str,
  hostPath: struct('v1.HostPathVolumeSource', () => ({ path: str, type: named('v1.HostPathType') })),
  emptyDir: struct('v1.EmptyDirVolumeSource', () => ({ medium: named('v1.StorageMedium'), sizeLimit: quantity })),
  secret: struct('v1.SecretVolumeSource', () => ({ secretName: str, items: list(keyToPath), defaultMode: int32, optional: bool })),
  persistentVolumeClaim: struct('v1.PersistentVolumeClaimVolumeSource', () => ({ claimName: str, readOnly: bool })),
  configMap: struct('v1.ConfigMapVolumeSource', () => ({ name: str, items: list(keyToPath), defaultMode: int32, optional: bool })),
}));

export const toleration: GoType = struct('v1.Toleration', () => ({
  key: str,
  operator: named('v1.TolerationOperator'),
  value: str,
  effect: named('v1.TaintEffect'),
  tolerationSeconds: int64,
}));

export const podSpec: GoType = struct('v1.PodSpec', () => ({
  volumes: list(volume),
  initContainers: list(container),
  containers: list(container),
  ephemeralContainers: unchecked,
  restartPolicy: named('v1.RestartPolicy'),
  terminationGracePeriodSeconds: int64,
  activeDeadlineSeconds: int64,
  dnsPolicy: named('v1.DNSPolicy'),
  nodeSelector: map(str),
  serviceAccountName: str,
  serviceAccount: str,
  automountServiceAccountToken: bool,
  nodeName: str,
  hostNetwork: bool,
  hostPID: bool,
  hostIPC: bool,
  shareProcessNamespace: bool,
  securityContext: unchecked,
  imagePullSecrets: list(localObjectReference),
  hostname: str,
  subdomain: str,
  affinity: unchecked,
  schedulerName: str,
  tolerations: list(toleration),
  hostAliases: unchecked,
  priorityClassName: str,
  priority: int32,
  dnsConfig: unchecked,
  readinessGates: unchecked,
  runtimeClassName: str,
  enableServiceLinks: bool,
  preemptionPolicy: named('v1.PreemptionPolicy'),
  overhead: resourceList,
  topologySpreadConstraints: unchecked,
  setHostnameAsFQDN: bool,
  os: unchecked,
  hostUsers: bool,
}));

export const podTemplateSpec: GoType = struct('v1.PodTemplateSpec', () => ({ metadata: objectMeta, spec: podSpec }));

export { localObjectReference };
