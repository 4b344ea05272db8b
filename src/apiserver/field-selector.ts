import type { KubeObject } from '../api/meta/v1.js';
import { asPod } from '../api/core/v1/pod.js';
import { asEvent } from '../api/core/v1/event.js';
import { asNode } from '../api/core/v1/node.js';
import { asNamespace } from '../api/core/v1/namespace.js';
import { asSecret } from '../api/core/v1/secret.js';
import { asReplicaSet } from '../api/apps/v1/replica-set.js';
import type { ResourceInfo } from './resources.js';
import { StatusError } from './errors.js';

/**
 * Field selectors (`--field-selector status.phase=Running,spec.nodeName!=x`) with the fields
 * kube-apiserver indexes: metadata.name and metadata.namespace for every kind, plus a few per
 * kind. Any other field is refused as the API server does.
 */
interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

const KIND_FIELDS: Record<string, Record<string, (o: KubeObject) => string>> = {
  Pod: {
    'spec.nodeName': (o) => str(asPod(o).spec?.nodeName),
    'spec.restartPolicy': (o) => str(asPod(o).spec?.restartPolicy),
    'spec.schedulerName': (o) => str(asPod(o).spec?.schedulerName),
    'spec.serviceAccountName': (o) => str(asPod(o).spec?.serviceAccountName),
    'status.phase': (o) => str(asPod(o).status?.phase),
    'status.podIP': (o) => str(asPod(o).status?.podIP),
  },
  Event: {
    'involvedObject.kind': (o) => str(asEvent(o).involvedObject?.kind),
    'involvedObject.name': (o) => str(asEvent(o).involvedObject?.name),
    'involvedObject.namespace': (o) => str(asEvent(o).involvedObject?.namespace),
    'involvedObject.uid': (o) => str(asEvent(o).involvedObject?.uid),
    reason: (o) => str(asEvent(o).reason),
    type: (o) => str(asEvent(o).type),
  },
  Node: { 'spec.unschedulable': (o) => String(Boolean(asNode(o).spec?.unschedulable)) },
  Namespace: { 'status.phase': (o) => str(asNamespace(o).status?.phase) },
  Secret: { type: (o) => str(asSecret(o).type) },
  ReplicaSet: { 'status.replicas': (o) => str(asReplicaSet(o).status?.replicas) },
};

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function parse(selector: string): FieldRequirement[] {
  return selector
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((part) => {
      const m = /^\s*([^!=\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(part);
      if (!m) throw new StatusError('BadRequest', 400, `invalid selector: '${selector}'; can't understand '${part}'`);
      return { field: m[1]!, op: m[2] === '!=' ? '!=' : '=', value: m[3]! };
    });
}

/** A predicate for the selector, or a BadRequest naming the first unsupported field. */
export function fieldSelectorPredicate(info: ResourceInfo, selector: string): (o: KubeObject) => boolean {
  const reqs = parse(selector);
  const getters = reqs.map((r) => {
    if (r.field === 'metadata.name') return (o: KubeObject) => o.metadata.name ?? '';
    if (r.field === 'metadata.namespace') return (o: KubeObject) => o.metadata.namespace ?? '';
    const g = KIND_FIELDS[info.kind]?.[r.field];
    if (!g) {
      const gv = info.group ? `${info.group}/${info.version}` : `/${info.version}`;
      throw new StatusError(
        'BadRequest',
        400,
        `Unable to find "${gv}, Resource=${info.resource}" that match label selector "", field selector "${selector}": field label not supported: ${r.field}`,
      );
    }
    return g;
  });
  return (o) => reqs.every((r, i) => (getters[i]!(o) === r.value) === (r.op === '='));
}
