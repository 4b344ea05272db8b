/**
 * core/v1 Container and what it holds (k8s.io/api/core/v1/types.go), as far as kubemu reads and
 * writes it. Pods are JSON in kubemu: every field is optional unless validation guarantees it.
 */
import type { IntOrString } from '../../meta/v1.js';

/** resource.Quantity as JSON: "500m", "1Gi", or a bare number (5 and "5" both decode). */
export type QuantityValue = string | number;

/** v1.ResourceList: resource name → quantity. */
export type ResourceList = Record<string, QuantityValue>;

/**
 * v1.ResourceRequirements. A type rather than an interface so that it is JSON as it stands: the
 * kubelet copies a container's resources verbatim into its status.
 */
export type ResourceRequirements = {
  limits?: ResourceList;
  requests?: ResourceList;
};

/** v1.ContainerPort. */
export interface ContainerPort {
  name?: string;
  containerPort?: number;
  hostPort?: number;
  protocol?: string;
  hostIP?: string;
}

/** v1.ConfigMapKeySelector / v1.SecretKeySelector. */
export interface KeySelector {
  name?: string;
  key?: string;
  optional?: boolean;
}

/** v1.EnvVarSource. */
export interface EnvVarSource {
  fieldRef?: { apiVersion?: string; fieldPath?: string };
  resourceFieldRef?: { containerName?: string; resource?: string; divisor?: QuantityValue };
  configMapKeyRef?: KeySelector;
  secretKeyRef?: KeySelector;
}

/** v1.EnvVar. */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: EnvVarSource;
}

/** v1.EnvFromSource: every key of a ConfigMap or Secret, with an optional prefix. */
export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean };
  secretRef?: { name?: string; optional?: boolean };
}

/** v1.VolumeMount. */
export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  recursiveReadOnly?: string;
  subPath?: string;
}

/** v1.VolumeDevice. */
export interface VolumeDevice {
  name: string;
  devicePath: string;
}

/** v1.Probe with its ProbeHandler inlined, as the API server defaults it (timeout 1, period 10, success 1, failure 3). */
export interface Probe {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: IntOrString; host?: string; scheme?: string };
  tcpSocket?: { port?: IntOrString; host?: string };
  grpc?: { port?: number; service?: string };
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

/** v1.LifecycleHandler: what a postStart or preStop hook runs. */
export interface LifecycleHandler {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: IntOrString; host?: string; scheme?: string };
  tcpSocket?: { port?: IntOrString; host?: string };
  sleep?: { seconds?: number };
}

/** v1.Lifecycle. */
export interface Lifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
}

/** v1.SecurityContext, the part describe prints. */
export interface SecurityContext {
  seccompProfile?: { type?: string; localhostProfile?: string };
}

/** v1.Container (also an init container: restartPolicy Always makes it a sidecar). */
export interface Container {
  name: string;
  image: string;
  imagePullPolicy?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  resources?: ResourceRequirements;
  /** an init container's restart policy: Always makes it a sidecar */
  restartPolicy?: string;
  volumeMounts?: VolumeMount[];
  volumeDevices?: VolumeDevice[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  securityContext?: SecurityContext;
  stdin?: boolean;
  tty?: boolean;
}

/** ContainerRestartPolicyAlways: an init container with it is a sidecar that runs for the pod's whole life. */
export const CONTAINER_RESTART_POLICY_ALWAYS = 'Always';

/** An init container that keeps running beside the app containers (restartPolicy: Always). */
export function isRestartableInitContainer(c: { restartPolicy?: string }): boolean {
  return c.restartPolicy === CONTAINER_RESTART_POLICY_ALWAYS;
}
