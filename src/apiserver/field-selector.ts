import type { KubeObject } from '../api/meta/v1.js';
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
    'spec.nodeName': (o) => str((o['spec'] as Record<string, unknown> | undefined)?.['nodeName']),
    'spec.restartPolicy': (o) => str((o['spec'] as Record<string, unknown> | undefined)?.['restartPolicy']),
    'spec.schedulerName': (o) => str((o['spec'] as Record<string, unknown> | undefined)?.['schedulerName']),
    'spec.serviceAccountName': (o) => str((o['spec'] as Record<string, unknown> | undefined)?.['serviceAccountName']),
    'status.phase': (o) => str((o['status'] as Record<string, unknown> | undefined)?.['phase']),
    'status.podIP': (o) => str((o['status'] as Record<string, unknown> | undefined)?.['podIP']),
  },
  Event: {
    'involvedObject.kind': (o) => str(involved(o)['kind']),
    'involvedObject.name': (o) => str(involved(o)['name']),
    'involvedObject.namespace': (o) => str(involved(o)['namespace']),
    'involvedObject.uid': (o) => str(involved(o)['uid']),
    reason: (o) => str(o['reason']),
    type: (o) => str(o['type']),
  },
  Node: { 'spec.unschedulable': (o) => String(Boolean((o['spec'] as Record<string, unknown> | undefined)?.['unschedulable'])) },
  Namespace: { 'status.phase': (o) => str((o['status'] as Record<string, unknown> | undefined)?.['phase']) },
  Secret: { type: (o) => str(o['type']) },
  ReplicaSet: { 'status.replicas': (o) => str((o['status'] as Record<string, unknown> | undefined)?.['replicas']) },
};

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function involved(o: KubeObject): Record<string, unknown> {
  return (o['involvedObject'] ?? {}) as Record<string, unknown>;
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
