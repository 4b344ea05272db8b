import { defaultObject } from '../../../src/apiserver/defaults/index.js';
import { validateCreate, validateUpdate } from '../../../src/apiserver/validation/index.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/** Defaults then validates a create, as admission does; returns `field: message` lines. */
export function createErrors(obj: KubeObject): string[] {
  const o = structuredClone(obj);
  defaultObject(o);
  return validateCreate(o).map((c) => `${c.field}: ${c.message}`);
}

export function updateErrors(obj: KubeObject, old: KubeObject): string[] {
  const o = structuredClone(obj);
  const p = structuredClone(old);
  defaultObject(o);
  defaultObject(p);
  return validateUpdate(o, p).map((c) => `${c.field}: ${c.message}`);
}

/** A valid apps/v1 object of `kind` with one container; `mutate` edits it before validation. */
export function workload(kind: 'Deployment' | 'ReplicaSet', mutate: (o: any) => void = () => {}): KubeObject {
  const o: any = {
    apiVersion: 'apps/v1',
    kind,
    metadata: { name: 'hello', namespace: 'default' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'hello' } },
      template: { metadata: { labels: { app: 'hello' } }, spec: { containers: [{ name: 'hello', image: 'nginx:1.27' }] } },
    },
  };
  mutate(o);
  return o as KubeObject;
}

export function pod(mutate: (o: any) => void = () => {}): KubeObject {
  const o: any = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
  };
  mutate(o);
  return o as KubeObject;
}
