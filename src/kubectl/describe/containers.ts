import { compareGoStrings } from '../../common/go-strings.js';
import { rfc1123z } from './time-format.js';
import { quantityText } from './quantity-text.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './prefix-writer.js';
import { parseQuantity } from '../../apiserver/validation/quantity.js';
import { getOwn } from '../../common/own-keys.js';
import type { Container, EnvVar, Probe } from '../../api/core/v1/container.js';
import type { ContainerState, ContainerStatus } from '../../api/core/v1/container-status.js';

/** Resolves an env var's fieldRef against the pod (EnvValueRetriever); absent in templates. */
export type EnvResolver = (e: EnvVar) => string;

/** intstr.String(): the number, or the port name. */
function intOrString(v: number | string | undefined): string {
  return v === undefined ? '' : String(v);
}

/** net.JoinHostPort: brackets around IPv6 hosts. */
function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * DescribeProbe: the handler, then `delay=… timeout=… period=… #success=… #failure=…`.
 *
 *     httpGet {path: /readyz, port: http, scheme: HTTP}, timeout 2, period 5, failure 2
 *     → "http-get http://:http/readyz delay=0s timeout=2s period=5s #success=1 #failure=2"
 */
export function describeProbe(p: Probe): string {
  const attrs = `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 0}s period=${p.periodSeconds ?? 0}s #success=${
    p.successThreshold ?? 0
  } #failure=${p.failureThreshold ?? 0}`;
  if (p.exec) return `exec [${(p.exec.command ?? []).join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const g = p.httpGet;
    const port = intOrString(g.port);
    const host = port.length > 0 ? joinHostPort(g.host ?? '', port) : g.host ?? '';
    const scheme = (g.scheme ?? '').toLowerCase();
    let path = g.path ?? '';
    // url.URL.String() inserts a slash between a host and a relative path.
    if (path !== '' && !path.startsWith('/') && host !== '') path = `/${path}`;
    const url = `${scheme ? `${scheme}:` : ''}${scheme || host ? `//${host}` : ''}${path}`;
    return `http-get ${url} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${intOrString(p.tcpSocket.port)} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${p.grpc.port ?? 0} ${p.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

/** `Containers:` or, with none, `Containers: <none>`. */
function describeContainersLabel(containers: Container[], label: string, space: string, w: PrefixWriter): void {
  w.write(LEVEL_0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
}

function describeContainerBasicInfo(c: Container, status: ContainerStatus | undefined, space: string, w: PrefixWriter): void {
  // Inside a pod template (space = "  ") names get one more space: `   hello:`.
  const nameIndent = space.length > 0 ? ' ' : '';
  w.write(LEVEL_1, `${nameIndent}${c.name}:\n`);
  if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
  w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
  if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
  const ports = (c.ports ?? []).map((p) => `${p.containerPort ?? 0}/${p.protocol ?? ''}`).join(', ');
  if (ports.includes(',')) w.write(LEVEL_2, `Ports:\t${ports}\n`);
  else w.write(LEVEL_2, `Port:\t${ports || '<none>'}\n`);
  const hostPorts = (c.ports ?? []).map((p) => `${p.hostPort ?? 0}/${p.protocol ?? ''}`).join(', ');
  if (hostPorts.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPorts}\n`);
  else w.write(LEVEL_2, `Host Port:\t${hostPorts || '<none>'}\n`);
  const seccomp = c.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
}

function describeContainerCommand(c: Container, w: PrefixWriter): void {
  if ((c.command ?? []).length > 0) {
    w.write(LEVEL_2, 'Command:\n');
    for (const part of c.command ?? []) for (const s of part.split('\n')) w.write(LEVEL_3, `${s}\n`);
  }
  if ((c.args ?? []).length > 0) {
    w.write(LEVEL_2, 'Args:\n');
    for (const part of c.args ?? []) for (const s of part.split('\n')) w.write(LEVEL_3, `${s}\n`);
  }
}

/** describeResources: `Limits:` then `Requests:`, each resource sorted by name at level + 1. */
export function describeResources(res: Container['resources'], w: PrefixWriter, level: number): void {
  if (!res) return;
  for (const [title, list] of [
    ['Limits', res.limits],
    ['Requests', res.requests],
  ] as const) {
    const names = Object.keys(list ?? {}).sort(compareGoStrings);
    if (names.length > 0) w.write(level, `${title}:\n`);
    for (const n of names) w.write(level + 1, `${n}:\t${quantityText(list?.[n])}\n`);
  }
}

/** describeStatus: one container state (Running / Waiting / Terminated) with its details. */
function describeStatus(stateName: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

function describeContainerState(s: ContainerStatus, w: PrefixWriter): void {
  describeStatus('State', s.state, w);
  if (s.lastState?.terminated) describeStatus('Last State', s.lastState, w);
  w.write(LEVEL_2, `Ready:\t${s.ready ? 'True' : 'False'}\n`);
  w.write(LEVEL_2, `Restart Count:\t${s.restartCount ?? 0}\n`);
}

function describeContainerProbes(c: Container, w: PrefixWriter): void {
  if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
}

function describeContainerEnvFrom(c: Container, w: PrefixWriter): void {
  w.write(LEVEL_2, `Environment Variables from:${(c.envFrom ?? []).length === 0 ? '\t<none>' : ''}\n`);
  for (const e of c.envFrom ?? []) {
    let from = '';
    let name = '';
    let optional = false;
    if (e.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name ?? '';
      optional = e.configMapRef.optional === true;
    } else if (e.secretRef) {
      from = 'Secret';
      name = e.secretRef.name ?? '';
      optional = e.secretRef.optional === true;
    }
    if (!e.prefix) w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

/**
 * resourcehelper.ExtractContainerResourceValue for a resourceFieldRef: the container's value
 * divided by the divisor, rounded up (cpu in cores by default: 500m → "1").
 */
function containerResourceValue(c: Container, resource: string, divisor: string | number | undefined): string {
  const [kind, name] = resource.split('.') as [string, string | undefined];
  const list = kind === 'limits' ? c.resources?.limits : kind === 'requests' ? c.resources?.requests : undefined;
  if (!name) return '';
  const value = parseQuantity(String(getOwn(list, name) ?? '0'))?.nanos ?? 0n;
  const div = parseQuantity(String(divisor ?? '1'))?.nanos || 1_000_000_000n;
  return String((value + div - 1n) / div);
}

function describeContainerEnvVars(c: Container, resolve: EnvResolver | undefined, w: PrefixWriter): void {
  w.write(LEVEL_2, `Environment:${(c.env ?? []).length === 0 ? '\t<none>' : ''}\n`);
  for (const e of c.env ?? []) {
    const from = e.valueFrom;
    if (!from) {
      (e.value ?? '').split('\n').forEach((s, i) => w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      continue;
    }
    if (from.fieldRef) {
      const value = resolve ? resolve(e) : '';
      w.write(LEVEL_3, `${e.name}:\t${value} (${from.fieldRef.apiVersion ?? ''}:${from.fieldRef.fieldPath ?? ''})\n`);
    } else if (from.resourceFieldRef) {
      const resource = from.resourceFieldRef.resource ?? '';
      let value = containerResourceValue(c, resource, from.resourceFieldRef.divisor);
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${value} (${resource})\n`);
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key ?? ''}' in secret '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key ?? ''}' of config map '${r.name ?? ''}'>\tOptional: ${r.optional === true}\n`);
    }
  }
}

function describeContainerVolumes(c: Container, w: PrefixWriter): void {
  const none = (c.volumeMounts ?? []).length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => compareGoStrings(a.mountPath, b.mountPath));
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  if ((c.volumeDevices ?? []).length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    const devices = [...(c.volumeDevices ?? [])].sort((a, b) => compareGoStrings(a.devicePath, b.devicePath));
    for (const d of devices) w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`);
  }
}

/**
 * describeContainers: the label line, then per container its image and ports, command,
 * state (pods only: statuses are matched by name), resources, probes, environment and mounts.
 * `space` is "  " inside a pod template and "" for a pod.
 */
export function describeContainers(
  label: string,
  containers: Container[],
  statuses: ContainerStatus[] | undefined,
  resolve: EnvResolver | undefined,
  w: PrefixWriter,
  space: string,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  describeContainersLabel(containers, label, space, w);
  for (const c of containers) {
    const status = byName.get(c.name);
    describeContainerBasicInfo(c, status, space, w);
    describeContainerCommand(c, w);
    if (status) describeContainerState(status, w);
    describeResources(c.resources, w, LEVEL_2);
    describeContainerProbes(c, w);
    if ((c.envFrom ?? []).length > 0) describeContainerEnvFrom(c, w);
    describeContainerEnvVars(c, resolve, w);
    describeContainerVolumes(c, w);
  }
}
