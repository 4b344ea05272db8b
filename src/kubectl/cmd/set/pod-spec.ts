/**
 * Where an object keeps its pod spec (kubectl polymorphichelpers/updatepodspec.go): a Pod's
 * own spec; spec.template.spec of the workload kinds; spec.jobTemplate.spec.template.spec of
 * a CronJob. Anything else is `the object is not a pod or does not have a pod template:
 * *v1.ConfigMap` (Go's %T of the typed object: `*<version>.<Kind>`).
 */
import type { JsonObject } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';
import { setOwn } from '../../../common/own-keys.js';

/** The path from the object to its PodSpec, by kind. */
const POD_SPEC_PATHS: Record<string, readonly string[]> = {
  Pod: ['spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  Deployment: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

/** An object that has no pod template. */
export class NoPodTemplateError extends Error {
  constructor(obj: JsonObject) {
    const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : 'v1';
    const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
    super(`the object is not a pod or does not have a pod template: *${version}.${String(obj['kind'] ?? '')}`);
    this.name = 'NoPodTemplateError';
  }
}

/**
 * The pod spec of `obj` (which is modified in place by the caller), created empty along the
 * path when missing, as decoding into a Go struct would give zero values.
 * Throws NoPodTemplateError for kinds without one.
 */
export function podSpecOf(obj: JsonObject): JsonObject {
  const path = POD_SPEC_PATHS[String(obj['kind'] ?? '')];
  if (!path) throw new NoPodTemplateError(obj);
  let cur = obj;
  for (const key of path) {
    const next = cur[key];
    if (isJsonObject(next)) cur = next;
    else {
      const created: JsonObject = {};
      setOwn(cur, key, created);
      cur = created;
    }
  }
  return cur;
}

/** The containers of one list (`containers`, `initContainers`) of a pod spec; [] when absent. */
export function containerList(spec: JsonObject, field: 'containers' | 'initContainers'): JsonObject[] {
  const list = spec[field];
  return Array.isArray(list) ? list.filter(isJsonObject) : [];
}
