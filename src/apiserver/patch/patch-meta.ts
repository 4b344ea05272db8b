/**
 * Strategic-merge-patch metadata for the built-in kinds kubemu stores.
 *
 * Upstream reads this from the Go struct tags (`patchStrategy:"merge" patchMergeKey:"name"`)
 * of k8s.io/api types via reflection (strategicpatch.PatchMetaFromStruct). We have no Go
 * types, so the tags that matter are written down here as a tree of structs. Only fields
 * that carry a tag, or lead to one, are listed: every other field behaves like an untagged
 * Go field — maps merge key by key, lists are replaced atomically (tolerations, taints,
 * args, command, ...).
 *
 * Kinds with no schema here (CRDs, kubemu.io/v1alpha1 ImageRepository) have no strategic
 * merge semantics at all: the API server refuses strategic patches for them with 415 and
 * kubectl apply falls back to a JSON merge patch (see `strategicSchemaFor`).
 */

/** One field's `patchStrategy` tag split on commas, plus its `patchMergeKey` tag. */
export interface PatchMeta {
  /** e.g. [] (untagged), ['merge'], ['retainKeys'], ['merge', 'retainKeys'] */
  readonly strategies: readonly string[];
  /** the merge key of a list of structs (`name`, `containerPort`, ...); '' for none */
  readonly mergeKey: string;
}

/** A Go struct: its tagged fields, and the structs below them (for lists: the element type). */
export interface PatchSchema {
  /** A name for error messages (upstream prints the Go kind, e.g. `struct`). */
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldSchema>>;
}

export interface FieldSchema {
  readonly strategy?: string;
  readonly mergeKey?: string;
  /** The struct type of the field, or of the list element for a list field. */
  readonly schema?: PatchSchema;
}

/** What a lookup of one field returns: the sub-schema to recurse with and the field's tags. */
export interface FieldLookup {
  readonly schema: PatchSchema;
  readonly meta: PatchMeta;
}

/** A struct with no tagged fields: used for untagged or unknown fields. */
export const PLAIN: PatchSchema = { name: 'struct', fields: {} };

const NO_META: PatchMeta = { strategies: [], mergeKey: '' };

/**
 * Tags of `key` in `schema`. Upstream fails with `unable to find api field` for fields the Go
 * type lacks; kubemu treats them as untagged instead (they never reach storage anyway).
 */
export function lookupField(schema: PatchSchema, key: string): FieldLookup {
  const f = Object.prototype.hasOwnProperty.call(schema.fields, key) ? schema.fields[key] : undefined;
  if (!f) return { schema: PLAIN, meta: NO_META };
  return {
    schema: f.schema ?? PLAIN,
    meta: { strategies: f.strategy ? f.strategy.split(',') : [], mergeKey: f.mergeKey ?? '' },
  };
}

function struct(name: string, fields: Record<string, FieldSchema>): PatchSchema {
  return { name, fields };
}

/** A `patchStrategy:"merge" patchMergeKey:"<key>"` list of structs. */
function mergeList(mergeKey: string, schema?: PatchSchema): FieldSchema {
  return schema ? { strategy: 'merge', mergeKey, schema } : { strategy: 'merge', mergeKey };
}

// ---- metav1 -------------------------------------------------------------------------------

/** metav1.ObjectMeta: ownerReferences merge by uid, finalizers is a merging list of strings. */
const OBJECT_META = struct('ObjectMeta', {
  ownerReferences: mergeList('uid'),
  finalizers: { strategy: 'merge' },
});

// ---- core/v1 Pod --------------------------------------------------------------------------

/** core/v1 Container and EphemeralContainer (EphemeralContainerCommon has the same tags). */
const CONTAINER = struct('Container', {
  ports: mergeList('containerPort'),
  env: mergeList('name'),
  volumeMounts: mergeList('mountPath'),
  volumeDevices: mergeList('devicePath'),
});

const CONTAINER_STATUS = struct('ContainerStatus', {
  volumeMounts: mergeList('mountPath'),
  allocatedResourcesStatus: mergeList('name'),
});

const POD_SPEC = struct('PodSpec', {
  // `merge,retainKeys`: each volume element carries $retainKeys so switching the volume
  // source (emptyDir -> configMap) drops the old one.
  volumes: { strategy: 'merge,retainKeys', mergeKey: 'name' },
  initContainers: mergeList('name', CONTAINER),
  containers: mergeList('name', CONTAINER),
  ephemeralContainers: mergeList('name', CONTAINER),
  imagePullSecrets: mergeList('name'),
  hostAliases: mergeList('ip'),
  topologySpreadConstraints: mergeList('topologyKey'),
  schedulingGates: mergeList('name'),
  resourceClaims: { strategy: 'merge,retainKeys', mergeKey: 'name' },
});

const POD_STATUS = struct('PodStatus', {
  conditions: mergeList('type'),
  hostIPs: mergeList('ip'),
  podIPs: mergeList('ip'),
  initContainerStatuses: { schema: CONTAINER_STATUS },
  containerStatuses: { schema: CONTAINER_STATUS },
  ephemeralContainerStatuses: { schema: CONTAINER_STATUS },
  resourceClaimStatuses: { strategy: 'merge,retainKeys', mergeKey: 'name' },
});

const POD_TEMPLATE_SPEC = struct('PodTemplateSpec', { metadata: { schema: OBJECT_META }, spec: { schema: POD_SPEC } });

function topLevel(name: string, fields: Record<string, FieldSchema>): PatchSchema {
  return struct(name, { metadata: { schema: OBJECT_META }, ...fields });
}

const POD = topLevel('Pod', { spec: { schema: POD_SPEC }, status: { schema: POD_STATUS } });
const POD_TEMPLATE = topLevel('PodTemplate', { template: { schema: POD_TEMPLATE_SPEC } });

// ---- apps/v1 ------------------------------------------------------------------------------

const DEPLOYMENT = topLevel('Deployment', {
  spec: {
    schema: struct('DeploymentSpec', {
      template: { schema: POD_TEMPLATE_SPEC },
      // retainKeys: a patch setting {type: Recreate} with $retainKeys [type] clears rollingUpdate.
      strategy: { strategy: 'retainKeys' },
    }),
  },
  status: { schema: struct('DeploymentStatus', { conditions: mergeList('type') }) },
});

const REPLICA_SET = topLevel('ReplicaSet', {
  spec: { schema: struct('ReplicaSetSpec', { template: { schema: POD_TEMPLATE_SPEC } }) },
  status: { schema: struct('ReplicaSetStatus', { conditions: mergeList('type') }) },
});

// ---- policy/v1 ------------------------------------------------------------------------------

/** PodDisruptionBudgetSpec has no patch strategies; status.conditions merges by type. */
const PDB = topLevel('PodDisruptionBudget', {
  status: { schema: struct('PodDisruptionBudgetStatus', { conditions: mergeList('type') }) },
});

// ---- autoscaling/v2 (and v1, which has neither tag) ------------------------------------------

/** HorizontalPodAutoscalerSpec has no patch strategies; status.conditions merges by type. */
const HPA = topLevel('HorizontalPodAutoscaler', {
  status: { schema: struct('HorizontalPodAutoscalerStatus', { conditions: mergeList('type') }) },
});

// ---- other core/v1 kinds ------------------------------------------------------------------

const SERVICE = topLevel('Service', {
  spec: { schema: struct('ServiceSpec', { ports: mergeList('port') }) },
  status: { schema: struct('ServiceStatus', { conditions: mergeList('type') }) },
});

const NODE = topLevel('Node', {
  // taints carry no tag upstream: they are replaced as a whole.
  spec: { schema: struct('NodeSpec', { podCIDRs: { strategy: 'merge' } }) },
  status: { schema: struct('NodeStatus', { conditions: mergeList('type'), addresses: mergeList('type') }) },
});

const NAMESPACE = topLevel('Namespace', {
  status: { schema: struct('NamespaceStatus', { conditions: mergeList('type') }) },
});

const SERVICE_ACCOUNT = topLevel('ServiceAccount', {
  secrets: mergeList('name'),
  imagePullSecrets: mergeList('name'),
});

/** Kinds with only ObjectMeta tags: ConfigMap, Secret, Event, Lease, Endpoints, ... */
function metaOnly(name: string): PatchSchema {
  return topLevel(name, {});
}

/** `<group>/<Kind>` (core group is empty) → schema. */
const BUILTIN: ReadonlyMap<string, PatchSchema> = new Map([
  ['/Pod', POD],
  ['/PodTemplate', POD_TEMPLATE],
  ['/Service', SERVICE],
  ['/Node', NODE],
  ['/Namespace', NAMESPACE],
  ['/ConfigMap', metaOnly('ConfigMap')],
  ['/Secret', metaOnly('Secret')],
  ['/Event', metaOnly('Event')],
  ['/ServiceAccount', SERVICE_ACCOUNT],
  ['apps/Deployment', DEPLOYMENT],
  ['apps/ReplicaSet', REPLICA_SET],
  ['events.k8s.io/Event', metaOnly('Event')],
  ['coordination.k8s.io/Lease', metaOnly('Lease')],
  // PodDisruptionBudgetSpec has no patch strategies; status.conditions merges by type.
  ['policy/PodDisruptionBudget', PDB],
  ['autoscaling/HorizontalPodAutoscaler', HPA],
]);

/** The API group of an apiVersion: `apps/v1` → `apps`, `v1` → ``. */
export function apiGroupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * The strategic-merge schema of a kind, or undefined when the kind has none (a custom
 * resource, `kubemu.io/v1alpha1 ImageRepository`, an unknown group): such objects are
 * patched with JSON merge patch semantics by kubectl apply, and a strategic patch for them
 * is refused by the server.
 */
export function strategicSchemaFor(apiVersion: string, kind: string): PatchSchema | undefined {
  return BUILTIN.get(`${apiGroupOf(apiVersion)}/${kind}`);
}

/** True when strategic merge patch applies to the kind (otherwise: JSON merge patch). */
export function supportsStrategicMerge(apiVersion: string, kind: string): boolean {
  return strategicSchemaFor(apiVersion, kind) !== undefined;
}
