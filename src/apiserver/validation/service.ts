import type { JsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { arrField, has, numField, objField, objList, strField, stringMap } from './json-fields.js';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { validatePortNumOrName } from './container.js';
import { isDNS1123Label, isDNS1123Subdomain, isValidPortNum, nameIsDNS1035Label } from './name-formats.js';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';

/**
 * Service validation (ValidateService). Service names are DNS-1035 labels (must start with a
 * letter). Cluster IP allocation and its rules belong to the service REST storage, not here.
 */

const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const SESSION_AFFINITIES = ['ClientIP', 'None'];
const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const TRAFFIC_POLICIES = ['Cluster', 'Local'];

function isHeadless(spec: JsonObject): boolean {
  const ips = arrField(spec, 'clusterIPs');
  return strField(spec, 'clusterIP') === 'None' || ips[0] === 'None';
}

/** The internal core.ServicePort as json.Marshal prints it (no JSON tags, Go field names). */
function internalServicePortKey(protocol: string, port: number): object {
  return { Name: '', Protocol: protocol, AppProtocol: null, Port: port, TargetPort: 0, NodePort: 0 };
}

function validateServicePort(sp: JsonObject, requireName: boolean, names: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = strField(sp, 'name');
  if (requireName && !name) errs.push(required(path.child('name')));
  else if (name) {
    for (const msg of isDNS1123Label(name)) errs.push(invalid(path.child('name'), name, msg));
    if (names.has(name)) errs.push(duplicate(path.child('name'), name));
    else names.add(name);
  }
  const port = numField(sp, 'port') ?? 0;
  for (const msg of isValidPortNum(port)) errs.push(invalid(path.child('port'), port, msg));
  const protocol = strField(sp, 'protocol');
  if (!protocol) errs.push(required(path.child('protocol')));
  else if (!PORT_PROTOCOLS.includes(protocol)) errs.push(notSupported(path.child('protocol'), protocol, PORT_PROTOCOLS));
  errs.push(...validatePortNumOrName(sp['targetPort'] ?? 0, path.child('targetPort')));
  return errs;
}

function validateServiceSpec(spec: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const specPath = FieldPath.root('spec');
  const type = strField(spec, 'type');
  const ports = objList(spec, 'ports');
  if (ports.length === 0 && !isHeadless(spec) && type !== 'ExternalName') errs.push(required(specPath.child('ports')));
  if (type === 'ExternalName') {
    const cname = strField(spec, 'externalName').replace(/\.$/, '');
    if (cname) for (const msg of isDNS1123Subdomain(cname)) errs.push(invalid(specPath.child('externalName'), cname, msg));
    else errs.push(required(specPath.child('externalName')));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validateServicePort(p, ports.length > 1, names, specPath.child('ports').index(i))));
  if (has(spec, 'selector')) errs.push(...validateLabels(stringMap(spec, 'selector'), specPath.child('selector')));
  const affinity = strField(spec, 'sessionAffinity');
  if (!affinity) errs.push(required(specPath.child('sessionAffinity')));
  else if (!SESSION_AFFINITIES.includes(affinity)) errs.push(notSupported(specPath.child('sessionAffinity'), affinity, SESSION_AFFINITIES));
  if (!type) errs.push(required(specPath.child('type')));
  else if (!SERVICE_TYPES.includes(type)) errs.push(notSupported(specPath.child('type'), type, SERVICE_TYPES));
  if (type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (numField(p, 'nodePort')) errs.push(forbidden(specPath.child('ports').index(i).child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    const np = numField(p, 'nodePort') ?? 0;
    if (np === 0) return;
    const key = `${strField(p, 'protocol')}/${np}`;
    if (nodePorts.has(key)) errs.push(duplicate(specPath.child('ports').index(i).child('nodePort'), np));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const key = `${strField(p, 'protocol')}/${numField(p, 'port') ?? 0}`;
    if (seen.has(key)) errs.push(duplicate(specPath.child('ports').index(i), internalServicePortKey(strField(p, 'protocol'), numField(p, 'port') ?? 0)));
    seen.add(key);
  });
  const externallyAccessible = type === 'NodePort' || type === 'LoadBalancer' || (type === 'ClusterIP' && arrField(spec, 'externalIPs').length > 0);
  const etp = strField(spec, 'externalTrafficPolicy');
  if (!externallyAccessible) {
    if (etp) errs.push(invalid(specPath.child('externalTrafficPolicy'), etp, 'may only be set for externally-accessible services'));
  } else if (!etp) errs.push(required(specPath.child('externalTrafficPolicy')));
  else if (!TRAFFIC_POLICIES.includes(etp)) errs.push(notSupported(specPath.child('externalTrafficPolicy'), etp, TRAFFIC_POLICIES));
  const itp = spec['internalTrafficPolicy'];
  if ((itp === undefined || itp === null) && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(type)) {
    errs.push(required(specPath.child('internalTrafficPolicy')));
  }
  if (typeof itp === 'string' && !TRAFFIC_POLICIES.includes(itp)) {
    errs.push(notSupported(specPath.child('internalTrafficPolicy'), itp, TRAFFIC_POLICIES));
  }
  return errs;
}

export function validateServiceCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNS1035Label, FieldPath.root('metadata'));
  errs.push(...validateServiceSpec(objField(objectJson(obj), 'spec') ?? {}));
  return errs;
}

export function validateServiceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  return errs.concat(validateServiceCreate(obj));
}
