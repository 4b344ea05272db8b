/**
 * `kubectl drain` (pkg/cmd/drain/drain.go RunDrain): cordons the nodes, then for each node lists its
 * pods (spec.nodeName, every namespace, --pod-selector), refuses the node when a filter fails a pod
 * (kubectl/drain/filters.ts), prints the filters' warnings, and evicts (or deletes) the rest,
 * waiting in cluster time until they are gone: `node/NAME drained`. A node that fails gets
 * `error: unable to drain node "NAME" due to error: ..., continuing command...` and the others go
 * on; at the end the failed ones are listed (`There are pending nodes to be drained:`) and the
 * command fails with their errors, one per line without `error: ` (kubectl's aggregate).
 *
 *   $ kubectl drain k8s-node-1 --ignore-daemonsets
 *   node/k8s-node-1 cordoned
 *   evicting pod default/hello-6474c95c86-2xkqp
 *   evicting pod default/hello-6474c95c86-8b4vz
 *   pod/hello-6474c95c86-8b4vz evicted
 *   pod/hello-6474c95c86-2xkqp evicted
 *   node/k8s-node-1 drained
 */
import type { KubeObject } from '../../../api/meta/v1.js';
import { StatusError } from '../../../apiserver/errors.js';
import { findByKind } from '../../../apiserver/resources.js';
import type { ApiServer } from '../../../apiserver/server.js';
import type { CommandEnv } from '../../resource/command-env.js';
import type { Target } from '../../resource/builder.js';
import { labelSelectorOrBadRequest, listSelected } from '../../resource/fetch.js';
import { type DryRun, dryRunSuffix } from '../../util/dry-run.js';
import { CliError, RawError } from '../../util/errors.js';
import { standardErrorMessage } from '../util/check-err.js';
import { filterPods, type FilterOptions } from '../../drain/filters.js';
import { type DrainClient, type DrainOptions, deleteOrEvictPods } from '../../drain/drain.js';
import { goAggregateText } from '../../drain/aggregate.js';
import { evictionFor } from '../../../api/policy/v1/eviction.js';
import { cordonOrUncordon } from './run-cordon.js';
import { nodeTargets } from './node-targets.js';

const PODS = findByKind('v1', 'Pod')!;

export interface DrainRunOptions extends DrainOptions {
  args: string[];
  selector?: string;
  podSelector?: string;
  dryRun: DryRun;
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  programName: string;
}

/** What drain needs beyond a verb's environment: the cluster's clock and time passing. */
export interface DrainEnv extends CommandEnv {
  now(): number;
  passUntil(ms: number): Promise<void>;
}

/**
 * Complete's check of --pod-selector (after the node arguments' and --dry-run's, before any
 * request): a selector that does not parse.
 */
export function checkPodSelector(podSelector: string | undefined): void {
  if (!podSelector) return;
  try {
    labelSelectorOrBadRequest(podSelector);
  } catch {
    throw new CliError('--pod-selector=<pod_selector> must be a valid label selector');
  }
}

/**
 * One failed node's error as Go holds it: an aggregate (the filters' errors, or the evictions'),
 * or a single error (a deletion's).
 */
interface NodeFailure {
  errors: Error[];
  aggregate: boolean;
}

const failureText = (f: NodeFailure): string => (f.aggregate ? goAggregateText(f.errors) : f.errors[0]?.message ?? '');

/** RunDrain, after Complete's checks (checkNodeArgs, parseDryRun, checkPodSelector). */
export async function runDrain(o: DrainRunOptions, env: DrainEnv): Promise<void> {
  const api = env.api();
  const targets = nodeTargets(api, o.args, o.selector, env.namespace);
  cordonOrUncordon(targets, true, o.dryRun, env);
  const failed: { name: string; failure: NodeFailure }[] = [];
  for (const t of targets) {
    const failure = await drainNode(api, t, o, env);
    if (!failure) {
      env.out(`node/${t.name} drained${dryRunSuffix(o.dryRun)}\n`);
      continue;
    }
    env.err(`error: unable to drain node ${JSON.stringify(t.name)} due to error: ${failureText(failure)}, continuing command...\n`);
    failed.push({ name: t.name, failure });
  }
  env.settle();
  if (failed.length === 0) return;
  env.err('There are pending nodes to be drained:\n');
  for (const f of failed) env.err(` ${f.name}\n`);
  throw new RawError(finalErrorText(failed.map((f) => f.failure)));
}

/**
 * checkErr of the aggregate of the nodes' errors: an aggregate of one is unwrapped once; an
 * aggregate is printed one error a line (MultipleErrors, no `error: `), a single error as usual.
 */
function finalErrorText(failures: NodeFailure[]): string {
  const lines = (errors: Error[]) => errors.map((e) => (e instanceof StatusError ? standardErrorMessage(e) : e.message)).join('\n');
  if (failures.length > 1) return lines(failures.map((f) => new Error(failureText(f))));
  const only = failures[0]!;
  if (only.aggregate) return lines(only.errors);
  const e = only.errors[0]!;
  if (e instanceof StatusError) return standardErrorMessage(e);
  return e.message.startsWith('error: ') ? e.message : `error: ${e.message}`;
}

/** The pods of a node, in list order. */
function nodePods(api: ApiServer, node: string, podSelector: string | undefined): KubeObject[] {
  const sel = podSelector ? labelSelectorOrBadRequest(podSelector) : undefined;
  return listSelected(api, PODS, undefined, sel, `spec.nodeName=${node}`);
}

/** deleteOrEvictPodsSimple: undefined when the node's pods are all gone (or, in a client dry run, would be). */
async function drainNode(api: ApiServer, t: Target, o: DrainRunOptions, env: DrainEnv): Promise<NodeFailure | undefined> {
  const filterOptions = (): FilterOptions => ({
    force: o.force,
    ignoreAllDaemonSets: o.ignoreAllDaemonSets,
    deleteEmptyDirData: o.deleteEmptyDirData,
    skipWaitForDeleteTimeoutSeconds: o.skipWaitForDeleteTimeoutSeconds,
    nowMs: env.now(),
    // kubemu serves no DaemonSets: the GET of one is always NotFound.
    daemonSetError: (_ns, name) => ({ message: `daemonsets.apps ${JSON.stringify(name)} not found`, notFound: true }),
  });
  const list = filterPods(nodePods(api, t.name, o.podSelector), filterOptions());
  const errors = list.errors();
  if (errors.length) return { errors: errors.map((m) => new Error(m)), aggregate: true };
  const warnings = list.warnings();
  if (warnings) env.err(`Warning: ${warnings}\n`);
  const pods = list.pods();
  if (o.dryRun === 'client') {
    for (const pod of pods) env.out(`evicting pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} (dry run)\n`);
    return undefined;
  }
  const client = drainClient(api, env);
  let failure: NodeFailure | undefined;
  try {
    const evictionErrors = await deleteOrEvictPods(client, pods, { ...o, serverDryRun: o.dryRun === 'server' });
    if (evictionErrors.length) failure = { errors: evictionErrors, aggregate: true };
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    failure = { errors: [e], aggregate: false };
  }
  if (!failure) return undefined;
  const pending = filterPods(nodePods(api, t.name, o.podSelector), filterOptions()).pods();
  if (pending.length) {
    env.err(`There are pending pods in node ${JSON.stringify(t.name)} when an error occurred: ${failureText(failure)}\n`);
    for (const pod of pending) env.err(`pod/${pod.metadata.name ?? ''}\n`);
  }
  return failure;
}

function drainClient(api: ApiServer, env: DrainEnv): DrainClient {
  return {
    now: () => env.now(),
    passUntil: (ms) => env.passUntil(ms),
    getPod: (ns, name) => api.tryGet(PODS, ns, name),
    evict: (pod, grace, dryRun) => {
      const ns = pod.metadata.namespace ?? '';
      const name = pod.metadata.name ?? '';
      api.evict(ns, name, evictionFor(ns, name, grace), { dryRun });
    },
    deletePod: (pod, grace, dryRun) => {
      api.delete(PODS, pod.metadata.namespace, pod.metadata.name ?? '', { ...(grace !== undefined ? { gracePeriodSeconds: grace } : {}), dryRun });
    },
    out: (t) => env.out(t),
    err: (t) => env.err(t),
  };
}
