import type { JsonObject, JsonValue } from '../../common/json.js';
import { arrField, has, numField, objField, objList, strField } from './json-fields.js';
import {
  duplicate,
  forbidden,
  invalid,
  nonNegative,
  notFound,
  notSupported,
  required,
  IS_NEGATIVE,
  type FieldError,
} from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoJson } from './go-format.js';
import { isDNS1123Label, isHTTPHeaderName, isRelaxedEnvVarName, isValidPortName, isValidPortNum } from './name-formats.js';
import { compareQuantity, formatQuantity, parseQuantity } from './quantity.js';
import { getOwn } from '../../common/own-keys.js';

/**
 * Container validation from pkg/apis/core/validation (validateContainers and
 * validateContainerCommon with the checks they call), in upstream order.
 */

/** Sorted as sets.List sorts them, which is the order NotSupported prints. */
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
const HTTP_SCHEMES = ['HTTP', 'HTTPS'];

/** Resources whose request may be below the limit (native, non-hugepages). */
function isOvercommitAllowed(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return native && !name.startsWith('hugepages-');
}

function validateContainerPorts(ports: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = path.index(i);
    const name = strField(port, 'name');
    if (name) {
      const msgs = isValidPortName(name);
      if (msgs.length) for (const msg of msgs) errs.push(invalid(p.child('name'), name, msg));
      else if (names.has(name)) errs.push(duplicate(p.child('name'), name));
      else names.add(name);
    }
    const containerPort = numField(port, 'containerPort') ?? 0;
    if (containerPort === 0) errs.push(required(p.child('containerPort')));
    else for (const msg of isValidPortNum(containerPort)) errs.push(invalid(p.child('containerPort'), containerPort, msg));
    const hostPort = numField(port, 'hostPort') ?? 0;
    if (hostPort !== 0) for (const msg of isValidPortNum(hostPort)) errs.push(invalid(p.child('hostPort'), hostPort, msg));
    const protocol = strField(port, 'protocol');
    if (!protocol) errs.push(required(p.child('protocol')));
    else if (!PORT_PROTOCOLS.includes(protocol)) errs.push(notSupported(p.child('protocol'), protocol, PORT_PROTOCOLS));
  });
  return errs;
}

function validateEnv(env: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  env.forEach((ev, i) => {
    const p = path.index(i);
    const name = strField(ev, 'name');
    if (!name) errs.push(required(p.child('name')));
    else for (const msg of isRelaxedEnvVarName(name)) errs.push(invalid(p.child('name'), name, msg));
    const from = objField(ev, 'valueFrom');
    if (from) {
      const sources = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'].filter((k) => has(from, k)).length;
      const vp = p.child('valueFrom');
      if (sources === 0) {
        errs.push(invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
      } else if (strField(ev, 'value')) {
        errs.push(invalid(vp, '', 'may not be specified when `value` is not empty'));
      } else if (sources > 1) {
        errs.push(invalid(vp, '', 'may not have more than one field specified at a time'));
      }
    }
  });
  return errs;
}

function validateVolumeMounts(mounts: JsonObject[], volumes: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  mounts.forEach((m, i) => {
    const p = path.index(i);
    const name = strField(m, 'name');
    const mountPath = strField(m, 'mountPath');
    if (!name) errs.push(required(p.child('name')));
    if (!volumes.has(name)) errs.push(notFound(p.child('name'), name));
    if (!mountPath) errs.push(required(p.child('mountPath')));
    if (mountPoints.has(mountPath)) errs.push(invalid(p.child('mountPath'), mountPath, 'must be unique'));
    mountPoints.add(mountPath);
  });
  return errs;
}

function validatePullPolicy(policy: string, path: FieldPath): FieldError[] {
  if (PULL_POLICIES.includes(policy)) return [];
  return policy ? [notSupported(path, policy, PULL_POLICIES)] : [required(path)];
}

function sortedEntries(o: JsonObject | undefined): [string, JsonValue][] {
  return Object.entries(o ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * ValidateResourceRequirements: quantities non-negative, requests ≤ limits. The
 * request-vs-limit error is reported on `resources.requests` (not the key) with the request's
 * canonical text: `Invalid value: "2": must be less than or equal to cpu limit of 1`.
 */
function validateResources(resources: JsonObject | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const limits = objField(resources, 'limits');
  const requests = objField(resources, 'requests');
  const checkValue = (name: string, raw: JsonValue, p: FieldPath): void => {
    const q = parseQuantity(typeof raw === 'number' ? raw : String(raw));
    if (q && q.nanos < 0n) errs.push(invalid(p, formatQuantity(q), IS_NEGATIVE));
    void name;
  };
  for (const [name, raw] of sortedEntries(limits)) checkValue(name, raw, path.child('limits').key(name));
  for (const [name, raw] of sortedEntries(requests)) {
    checkValue(name, raw, path.child('requests').key(name));
    const limitRaw = getOwn(limits, name);
    if (limitRaw === undefined) continue;
    const req = parseQuantity(typeof raw === 'number' ? raw : String(raw));
    const lim = parseQuantity(typeof limitRaw === 'number' ? limitRaw : String(limitRaw));
    if (!req || !lim) continue;
    const cmp = compareQuantity(req, lim);
    if (cmp !== 0 && !isOvercommitAllowed(name)) {
      errs.push(invalid(path.child('requests'), formatQuantity(req), `must be equal to ${name} limit of ${formatQuantity(lim)}`));
    } else if (cmp > 0) {
      errs.push(
        invalid(path.child('requests'), formatQuantity(req), `must be less than or equal to ${name} limit of ${formatQuantity(lim)}`),
      );
    }
  }
  return errs;
}

/** ValidatePortNumOrName for an IntOrString port (probes, service targetPort). */
export function validatePortNumOrName(port: JsonValue | undefined, path: FieldPath): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((msg) => invalid(path, port, msg));
  const s = typeof port === 'string' ? port : '';
  return isValidPortName(s).map((msg) => invalid(path, s, msg));
}

/** validateHandler: exactly one of exec, httpGet, tcpSocket, grpc (probes) or sleep (lifecycle). */
function validateHandler(handler: JsonObject, kinds: string[], gracePeriod: number, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const kind of kinds) {
    const h = objField(handler, kind);
    if (!h) continue;
    if (count > 0) {
      errs.push(forbidden(path.child(kind), 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    const p = path.child(kind);
    switch (kind) {
      case 'exec':
        if (arrField(h, 'command').length === 0) errs.push(required(p.child('command')));
        break;
      case 'httpGet': {
        if (!strField(h, 'path')) errs.push(required(p.child('path')));
        errs.push(...validatePortNumOrName(h['port'], p.child('port')));
        const scheme = strField(h, 'scheme');
        if (!HTTP_SCHEMES.includes(scheme)) errs.push(notSupported(p.child('scheme'), scheme, HTTP_SCHEMES));
        for (const header of objList(h, 'httpHeaders')) {
          const name = strField(header, 'name');
          for (const msg of isHTTPHeaderName(name)) errs.push(invalid(p.child('httpHeaders'), name, msg));
        }
        break;
      }
      case 'tcpSocket':
        errs.push(...validatePortNumOrName(h['port'], p.child('port')));
        break;
      case 'grpc':
        errs.push(...validatePortNumOrName(numField(h, 'port') ?? 0, p.child('port')));
        break;
      case 'sleep': {
        const seconds = numField(h, 'seconds') ?? 0;
        if (seconds <= 0 || seconds > gracePeriod) {
          errs.push(
            invalid(p, seconds, `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod})`),
          );
        }
        break;
      }
      default:
        break;
    }
  }
  if (count === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const LIFECYCLE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

function validateProbe(probe: JsonObject, gracePeriod: number, path: FieldPath): FieldError[] {
  const errs = validateHandler(probe, PROBE_HANDLERS, gracePeriod, path);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    errs.push(...nonNegative(numField(probe, f) ?? 0, path.child(f)));
  }
  const tgps = numField(probe, 'terminationGracePeriodSeconds');
  if (tgps !== undefined && tgps <= 0) errs.push(invalid(path.child('terminationGracePeriodSeconds'), tgps, 'must be greater than 0'));
  return errs;
}

/** Liveness and startup probes must have successThreshold 1; readiness may not set a grace period. */
function validateProbes(ctr: JsonObject, gracePeriod: number, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const liveness = objField(ctr, 'livenessProbe');
  if (liveness) {
    errs.push(...validateProbe(liveness, gracePeriod, path.child('livenessProbe')));
    const st = numField(liveness, 'successThreshold') ?? 0;
    if (st !== 1) errs.push(invalid(path.child('livenessProbe', 'successThreshold'), st, 'must be 1'));
  }
  const readiness = objField(ctr, 'readinessProbe');
  if (readiness) {
    errs.push(...validateProbe(readiness, gracePeriod, path.child('readinessProbe')));
    if (has(readiness, 'terminationGracePeriodSeconds')) {
      errs.push(
        invalid(
          path.child('readinessProbe', 'terminationGracePeriodSeconds'),
          new GoJson(readiness['terminationGracePeriodSeconds']),
          'must not be set for readinessProbes',
        ),
      );
    }
  }
  const startup = objField(ctr, 'startupProbe');
  if (startup) {
    errs.push(...validateProbe(startup, gracePeriod, path.child('startupProbe')));
    const st = numField(startup, 'successThreshold') ?? 0;
    if (st !== 1) errs.push(invalid(path.child('startupProbe', 'successThreshold'), st, 'must be 1'));
  }
  return errs;
}

function validateLifecycle(lifecycle: JsonObject, gracePeriod: number, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const hook of ['postStart', 'preStop']) {
    const h = objField(lifecycle, hook);
    if (h) errs.push(...validateHandler(h, LIFECYCLE_HANDLERS, gracePeriod, path.child(hook)));
  }
  return errs;
}

/** validateContainerCommon: what every container kind must satisfy. */
function validateContainerCommon(ctr: JsonObject, volumes: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = strField(ctr, 'name');
  if (!name) errs.push(required(path.child('name')));
  else for (const msg of isDNS1123Label(name)) errs.push(invalid(path.child('name'), name, msg));
  if (!strField(ctr, 'image')) errs.push(required(path.child('image')));
  const tmp = strField(ctr, 'terminationMessagePolicy');
  if (!tmp) errs.push(required(path.child('terminationMessagePolicy')));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(tmp)) {
    errs.push(notSupported(path.child('terminationMessagePolicy'), tmp, TERMINATION_MESSAGE_POLICIES));
  }
  errs.push(...validateContainerPorts(objList(ctr, 'ports'), path.child('ports')));
  errs.push(...validateEnv(objList(ctr, 'env'), path.child('env')));
  errs.push(...validateVolumeMounts(objList(ctr, 'volumeMounts'), volumes, path.child('volumeMounts')));
  errs.push(...validatePullPolicy(strField(ctr, 'imagePullPolicy'), path.child('imagePullPolicy')));
  errs.push(...validateResources(objField(ctr, 'resources'), path.child('resources')));
  return errs;
}

/**
 * validateContainers: at least one; each valid; names unique (`Duplicate value: "x"`); probes
 * and lifecycle hooks checked against the pod's grace period.
 */
export function validateContainers(
  containers: JsonObject[],
  volumes: Set<string>,
  gracePeriod: number,
  path: FieldPath,
): FieldError[] {
  if (containers.length === 0) return [required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((ctr, i) => {
    const p = path.index(i);
    errs.push(...validateContainerCommon(ctr, volumes, p));
    const name = strField(ctr, 'name');
    if (names.has(name)) errs.push(duplicate(p.child('name'), name));
    else names.add(name);
    const lifecycle = objField(ctr, 'lifecycle');
    if (lifecycle) errs.push(...validateLifecycle(lifecycle, gracePeriod, p.child('lifecycle')));
    errs.push(...validateProbes(ctr, gracePeriod, p));
    if (has(ctr, 'restartPolicy')) errs.push(forbidden(p.child('restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...hostPortConflicts(containers, path));
  return errs;
}

/** validateInitContainers: names unique across init and regular containers; sidecars may have probes. */
export function validateInitContainers(
  inits: JsonObject[],
  regular: JsonObject[],
  volumes: Set<string>,
  gracePeriod: number,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set(regular.map((c) => strField(c, 'name')));
  inits.forEach((ctr, i) => {
    const p = path.index(i);
    errs.push(...validateContainerCommon(ctr, volumes, p));
    const restartPolicy = strField(ctr, 'restartPolicy');
    if (has(ctr, 'restartPolicy') && restartPolicy !== 'Always') {
      errs.push(notSupported(p.child('restartPolicy'), restartPolicy, ['Always']));
    }
    const name = strField(ctr, 'name');
    if (names.has(name)) errs.push(duplicate(p.child('name'), name));
    else if (name) names.add(name);
    errs.push(...hostPortConflicts([ctr], path));
    if (restartPolicy === 'Always') {
      const lifecycle = objField(ctr, 'lifecycle');
      if (lifecycle) errs.push(...validateLifecycle(lifecycle, gracePeriod, p.child('lifecycle')));
      errs.push(...validateProbes(ctr, gracePeriod, p));
    } else {
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']) {
        if (has(ctr, f)) errs.push(forbidden(p.child(f), 'may not be set for init containers without restartPolicy=Always'));
      }
    }
  });
  return errs;
}

/** AccumulateUniqueHostPorts: `Duplicate value: "TCP//8080"` for a reused protocol/hostIP/hostPort. */
function hostPortConflicts(containers: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((ctr, ci) => {
    objList(ctr, 'ports').forEach((port, pi) => {
      const hostPort = numField(port, 'hostPort') ?? 0;
      if (hostPort === 0) return;
      const key = `${strField(port, 'protocol')}/${strField(port, 'hostIP')}/${hostPort}`;
      if (seen.has(key)) errs.push(duplicate(path.index(ci).child('ports').index(pi).child('hostPort'), key));
      else seen.add(key);
    });
  });
  return errs;
}

/** validateContainerOnlyForPod: real pods may not have an image with surrounding whitespace. */
export function validateContainersOnlyForPod(containers: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  containers.forEach((ctr, i) => {
    const image = strField(ctr, 'image');
    if (image.trim() !== image) {
      errs.push(invalid(path.index(i).child('image'), image, 'must not have leading or trailing whitespace'));
    }
  });
  return errs;
}
