/**
 * The resources kubemu serves, as discovery describes them (`kubectl api-resources`), and
 * where each is kept in the keyspace (kube-apiserver's etcd layout, quirks included:
 * nodes live under `minions`, services under `services/specs`).
 */

export interface ResourceInfo {
  /** plural resource name: `deployments` */
  resource: string;
  singular: string;
  shortNames: string[];
  kind: string;
  /** API group; '' for the core group */
  group: string;
  version: string;
  namespaced: boolean;
  verbs: string[];
  categories: string[];
  /** keyspace prefix under /registry, without slashes: `deployments`, `minions` */
  etcdPrefix: string;
  /** whether the resource has a status subresource (status is ignored on main-resource writes) */
  hasStatus: boolean;
  /** whether the resource has a scale subresource */
  hasScale: boolean;
  /** a version served by conversion (OTHER_SERVED_VERSIONS): the stored version it converts to and from */
  storedAs?: string;
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function r(
  resource: string,
  kind: string,
  group: string,
  version: string,
  namespaced: boolean,
  extra: Partial<ResourceInfo> = {},
): ResourceInfo {
  return {
    resource,
    singular: kind.toLowerCase(),
    shortNames: [],
    kind,
    group,
    version,
    namespaced,
    verbs: ALL_VERBS,
    categories: [],
    etcdPrefix: group && !group.endsWith('.k8s.io') && group !== 'apps' ? `${group}/${resource}` : resource,
    hasStatus: false,
    hasScale: false,
    ...extra,
  };
}

/** In discovery order: the core group first, then the named groups as kube-apiserver lists them. */
export const RESOURCES: readonly ResourceInfo[] = [
  r('configmaps', 'ConfigMap', '', 'v1', true, { shortNames: ['cm'] }),
  r('endpoints', 'Endpoints', '', 'v1', true, { shortNames: ['ep'], etcdPrefix: 'services/endpoints' }),
  r('events', 'Event', '', 'v1', true, { shortNames: ['ev'] }),
  r('namespaces', 'Namespace', '', 'v1', false, {
    shortNames: ['ns'],
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    hasStatus: true,
  }),
  r('nodes', 'Node', '', 'v1', false, { shortNames: ['no'], etcdPrefix: 'minions', hasStatus: true }),
  r('pods', 'Pod', '', 'v1', true, { shortNames: ['po'], categories: ['all'], hasStatus: true }),
  r('secrets', 'Secret', '', 'v1', true),
  r('serviceaccounts', 'ServiceAccount', '', 'v1', true, { shortNames: ['sa'] }),
  r('services', 'Service', '', 'v1', true, {
    shortNames: ['svc'],
    categories: ['all'],
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    etcdPrefix: 'services/specs',
    hasStatus: true,
  }),
  r('deployments', 'Deployment', 'apps', 'v1', true, {
    shortNames: ['deploy'],
    categories: ['all'],
    hasStatus: true,
    hasScale: true,
  }),
  r('replicasets', 'ReplicaSet', 'apps', 'v1', true, {
    shortNames: ['rs'],
    categories: ['all'],
    hasStatus: true,
    hasScale: true,
  }),
  // stored as autoscaling/v2 (autoscaling/v1 is served by conversion), at /registry/horizontalpodautoscalers/NS/NAME
  r('horizontalpodautoscalers', 'HorizontalPodAutoscaler', 'autoscaling', 'v2', true, {
    shortNames: ['hpa'],
    categories: ['all'],
    etcdPrefix: 'horizontalpodautoscalers',
    hasStatus: true,
  }),
  // etcd keeps budgets at /registry/poddisruptionbudgets/NS/NAME (no group directory).
  r('poddisruptionbudgets', 'PodDisruptionBudget', 'policy', 'v1', true, {
    shortNames: ['pdb'],
    etcdPrefix: 'poddisruptionbudgets',
    hasStatus: true,
  }),
  r('leases', 'Lease', 'coordination.k8s.io', 'v1', true),
  r('imagerepositories', 'ImageRepository', 'kubemu.io', 'v1alpha1', false, { shortNames: ['imgrepo'] }),
  // kubemu's scriptable external metrics (a time series or a queue model), served to HPAs through external.metrics.k8s.io
  r('metricsources', 'MetricSource', 'kubemu.io', 'v1alpha1', true, { hasStatus: true }),
  // a KEDA-like subset: KEDA's CRD (keda.sh/v1alpha1, short name so), kept as a CRD is: /registry/keda.sh/scaledobjects/NS/NAME
  r('scaledobjects', 'ScaledObject', 'keda.sh', 'v1alpha1', true, { shortNames: ['so'], hasStatus: true }),
];

/**
 * Versions served besides the preferred ones above, by conversion to and from the stored version
 * (served-versions.ts): kube-apiserver serves autoscaling/v1 HPAs next to autoscaling/v2. Discovery
 * lists the preferred version only, as `kubectl api-resources` does; a manifest's apiVersion or
 * `hpa.v1.autoscaling` reaches these.
 */
export const OTHER_SERVED_VERSIONS: readonly ResourceInfo[] = [
  r('horizontalpodautoscalers', 'HorizontalPodAutoscaler', 'autoscaling', 'v1', true, {
    shortNames: ['hpa'],
    categories: ['all'],
    etcdPrefix: 'horizontalpodautoscalers',
    hasStatus: true,
    storedAs: 'v2',
  }),
];

export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** `deployments.apps`, `pods`: the qualified name used in API messages. */
export function groupResource(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/** `deployment.apps`, `pod`: the prefix of `-o name` and action messages. */
export function kindGroup(info: ResourceInfo): string {
  const k = info.kind.toLowerCase();
  return info.group ? `${k}.${info.group}` : k;
}

/** The keyspace key of one object: `/registry/deployments/default/hello`, `/registry/minions/k8s-node-1`. */
export function storageKey(info: ResourceInfo, namespace: string | undefined, name: string): string {
  return info.namespaced ? `/registry/${info.etcdPrefix}/${namespace}/${name}` : `/registry/${info.etcdPrefix}/${name}`;
}

/** The namespace and name of a namespaced object's key (`/registry/<prefix>/NS/NAME`): storageKey's inverse. */
export function namespacedKeyParts(key: string): { namespace: string; name: string } {
  const slash = key.lastIndexOf('/');
  const before = key.lastIndexOf('/', slash - 1);
  return { namespace: key.slice(before + 1, slash), name: key.slice(slash + 1) };
}

/** The prefix under which a list (one namespace, or all) is read. */
export function storagePrefix(info: ResourceInfo, namespace: string | undefined): string {
  return info.namespaced && namespace ? `/registry/${info.etcdPrefix}/${namespace}/` : `/registry/${info.etcdPrefix}/`;
}

export function findByKind(apiVersion: string, kind: string): ResourceInfo | undefined {
  const matches = (i: ResourceInfo) => i.kind === kind && apiVersionOf(i) === apiVersion;
  return RESOURCES.find(matches) ?? OTHER_SERVED_VERSIONS.find(matches);
}

export function findByKindOnly(kind: string): ResourceInfo[] {
  return RESOURCES.filter((i) => i.kind === kind);
}

/**
 * Resolves what a user types (`deploy`, `deployments`, `deployment.apps`, `deployments.v1.apps`,
 * `Deployment`) the way kubectl's RESTMapper does. Undefined when nothing matches.
 */
export function resolveResource(arg: string): ResourceInfo | undefined {
  const lower = arg.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot < 0 ? lower : lower.slice(0, dot);
  const rest = dot < 0 ? undefined : lower.slice(dot + 1);
  const matchesName = (i: ResourceInfo) =>
    i.resource === name || i.singular === name || i.shortNames.includes(name) || i.kind.toLowerCase() === name;
  const matches = (i: ResourceInfo) => {
    if (!matchesName(i)) return false;
    if (rest === undefined) return true;
    // `deployments.apps` or `deployments.v1.apps`
    if (rest === i.group) return true;
    return rest === `${i.version}.${i.group}` || (i.group === '' && rest === i.version);
  };
  // a version served by conversion only when it is named: `hpa.v1.autoscaling`
  return RESOURCES.find(matches) ?? (rest?.includes('.') ? OTHER_SERVED_VERSIONS.find(matches) : undefined);
}

/** Resources whose keys live under `/registry/<prefix>`, for mapping keys back to kinds. */
export function resourceForKey(key: string): ResourceInfo | undefined {
  // Asked for every change a control-plane step reads (tens of thousands): the prefixes made once.
  for (const [prefix, info] of keyPrefixes()) if (key.startsWith(prefix)) return info;
  return undefined;
}

let madePrefixes: readonly (readonly [string, ResourceInfo])[] | undefined;

function keyPrefixes(): readonly (readonly [string, ResourceInfo])[] {
  return (madePrefixes ??= RESOURCES.map((i) => [`/registry/${i.etcdPrefix}/`, i] as const));
}
