import type { KubeObject } from '../../../api/meta/v1.js';
import type { ApiServer } from '../../../apiserver/server.js';
import { findByKind } from '../../../apiserver/resources.js';
import { isJsonObject } from '../../../common/json.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { isPodReady } from '../../../api/core/v1/pod-util.js';
import { compileLabelSelector } from '../../../labels/label-selector.js';
import { CliError } from '../../util/errors.js';
import { parseResourceArgs } from '../../resource/resource-args.js';

const PODS = findByKind('v1', 'Pod')!;

/**
 * ByLogging's order (kubectl's podutils): the pod kubectl picks for `logs TYPE/NAME` is the
 * first of: bound to a node, then Running before Unknown before Pending, then Ready, then the
 * older one.
 */
function loggingRank(a: KubeObject, b: KubeObject): number {
  const bound = (p: KubeObject) => (asPod(p).spec?.nodeName ? 0 : 1);
  const phase = (p: KubeObject) => ({ Running: 0, Unknown: 1, Pending: 2 } as Record<string, number>)[asPod(p).status?.phase ?? ''] ?? 3;
  const ready = (p: KubeObject) => (isPodReady(p) ? 0 : 1);
  return (
    bound(a) - bound(b) ||
    phase(a) - phase(b) ||
    ready(a) - ready(b) ||
    String(a.metadata.creationTimestamp ?? '').localeCompare(String(b.metadata.creationTimestamp ?? ''))
  );
}

/** What a `logs` argument names, as Complete's builder reads it: a pod, or a workload to pick one from. */
export type LogTarget = { pod: KubeObject } | { owner: KubeObject; kind: string; version: string };

/** Complete: the object (a pod, or the workload; NotFound as the API server says it). */
export function getLogTarget(api: ApiServer, namespace: string, target: string): LogTarget {
  if (!target.includes('/')) return { pod: api.get(PODS, namespace, target) };
  const [sel] = parseResourceArgs([target]);
  if (!sel || sel.name === undefined) throw new CliError('arguments in resource/name form must have a single resource and name');
  if (sel.info === PODS) return { pod: api.get(PODS, namespace, sel.name) };
  return { owner: api.get(sel.info, sel.info.namespaced ? namespace : undefined, sel.name), kind: sel.info.kind, version: sel.info.version };
}

/**
 * LogsForObject on a workload: one of its pods, chosen as kubectl does (`Found 4 pods, using
 * pod/hello-...` on stderr when it had a choice).
 */
export function podForLogs(api: ApiServer, namespace: string, t: LogTarget, err: (s: string) => void): KubeObject {
  if ('pod' in t) return t.pod;
  const selector = podSelector(t);
  const pods = api.list(PODS, namespace).filter((p) => selector.matches(p.metadata.labels)).sort(loggingRank);
  const first = pods[0];
  if (!first) throw new CliError('timed out waiting for the condition');
  if (pods.length > 1) err(`Found ${pods.length} pods, using pod/${first.metadata.name ?? ''}\n`);
  return first;
}

/**
 * SelectorsForObject: the pods a workload selects. A Service's selector is a plain map (none:
 * `invalid service 'x': Service is defined without a selector`); Deployments and ReplicaSets have a
 * LabelSelector; any other kind: `selector for *v1.ConfigMap not implemented`. Errors as kubectl
 * wraps them: `cannot get the logs from *v1.Service: ...` (Go's %T of the object).
 */
function podSelector(t: { owner: KubeObject; kind: string; version: string }): { matches(labels: Record<string, string> | undefined): boolean } {
  const goType = `*${t.version}.${t.kind}`;
  const fail = (why: string) => new CliError(`cannot get the logs from ${goType}: ${why}`);
  const spec = isJsonObject(t.owner['spec']) ? t.owner['spec'] : {};
  const raw = spec['selector'];
  if (t.kind === 'Service') {
    if (!isJsonObject(raw) || Object.keys(raw).length === 0) throw fail(`invalid service '${t.owner.metadata.name ?? ''}': Service is defined without a selector`);
    const selector = compileLabelSelector({ matchLabels: raw });
    if (!selector) throw fail(`invalid service '${t.owner.metadata.name ?? ''}': Service is defined without a selector`);
    return selector;
  }
  if (t.kind !== 'Deployment' && t.kind !== 'ReplicaSet') throw fail(`selector for ${goType} not implemented`);
  const selector = compileLabelSelector(isJsonObject(raw) ? raw : undefined);
  if (!selector) throw fail('invalid label selector');
  return selector;
}
