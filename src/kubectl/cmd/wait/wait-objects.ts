import type { KubeObject } from '../../../api/meta/v1.js';
import { kindGroup, type ResourceInfo } from '../../../apiserver/resources.js';
import { StatusError } from '../../../apiserver/errors.js';
import type { Cluster } from '../../../cluster/cluster.js';
import { CliError } from '../../util/errors.js';
import { labelSelectorOrBadRequest, listSelected, selectionNamespace } from '../../resource/fetch.js';
import { requireNames } from '../../resource/builder-checks.js';
import { nameOf } from '../../printers/output.js';
import type { ResourceSelection } from '../../resource/resource-args.js';
import { waitUntil } from '../../../cluster/time.js';
import { conditionMet, jsonPathMet } from './check-condition.js';
import type { ForCondition } from './for-condition.js';

export interface WaitRequest {
  selections: ResourceSelection[];
  namespace: string;
  allNamespaces: boolean;
  /** --all */
  all: boolean;
  labelSelector?: string;
  fieldSelector?: string;
  condition: ForCondition;
  /** --timeout in ms: 0 checks once; callers turn a negative timeout into a week */
  timeoutMs: number;
  write: (text: string) => void;
}

/** wait.ErrWaitTimeout's text. */
const TIMED_OUT = 'timed out waiting for the condition';

interface Target {
  info: ResourceInfo;
  namespace: string | undefined;
  object: KubeObject;
}

/**
 * The objects the builder visits, in order: named ones fetched one by one (the first NotFound
 * ends the walk, except for --for=delete where it is ignored), types listed with -l,
 * --field-selector or --all.
 */
function resolveTargets(cluster: Cluster, req: WaitRequest): { targets: Target[]; error?: Error } {
  const api = cluster.api;
  const labelSel = req.labelSelector ? labelSelectorOrBadRequest(req.labelSelector) : undefined;
  const targets: Target[] = [];
  for (const sel of req.selections) {
    const ns = selectionNamespace(sel, req.namespace, req.allNamespaces);
    if (sel.name !== undefined) {
      const obj = api.tryGet(sel.info, ns, sel.name);
      if (!obj) {
        if (req.condition.kind === 'delete') continue;
        return { targets, error: new StatusError('NotFound', 404, `${api.groupResource(sel.info)} "${sel.name}" not found`) };
      }
      targets.push({ info: sel.info, namespace: ns, object: obj });
      continue;
    }
    // a list needs -l, --field-selector or --all
    if (!req.all && !labelSel && !req.fieldSelector) requireNames([sel]);
    for (const obj of listSelected(api, sel.info, ns, labelSel, req.fieldSelector || undefined)) {
      targets.push({ info: sel.info, namespace: obj.metadata.namespace, object: obj });
    }
  }
  return { targets };
}

/**
 * `kubectl wait` (wait.go RunWait): for each object in turn, wait until the condition holds,
 * print `<kind.group>/<name> condition met`, and go on; the --timeout is shared by all of them
 * and the first failure ends the command. Errors are kubectl's:
 *
 *   not met by the deadline  → `timed out waiting for the condition on deployments/hello`
 *   --timeout=0, not met     → `condition not met for deployments/hello`
 *   nothing matched          → `no matching resources found` (not for --for=delete)
 *   --for=create never found → `timed out waiting for the condition`
 */
export async function waitForObjects(cluster: Cluster, req: WaitRequest): Promise<void> {
  const api = cluster.api;
  const deadline = cluster.clock.now() + req.timeoutMs;
  if (req.condition.kind === 'create') {
    const found = () => {
      try {
        const r = resolveTargets(cluster, req);
        return !r.error && r.targets.length > 0;
      } catch (e) {
        if (e instanceof StatusError && e.reason === 'NotFound') return false;
        throw e;
      }
    };
    if (!(await waitUntil(cluster, { deadlineMs: deadline, done: found, watching: true }))) throw new CliError(TIMED_OUT);
  }
  const { targets, error } = resolveTargets(cluster, req);
  const met = (t: Target) => req.write(`${nameOf(kindGroup(t.info), t.object)} condition met\n`);
  for (const t of targets) {
    const name = t.object.metadata.name ?? '';
    const objectName = `${t.info.resource}/${name}`;
    const current = () => api.tryGet(t.info, t.namespace, name);
    const cond = req.condition;
    if (cond.kind === 'create') {
      met(t);
      continue;
    }
    if (cond.kind === 'delete') {
      const gone = () => {
        const now = current();
        return !now || now.metadata.uid !== t.object.metadata.uid;
      };
      if (gone()) {
        met(t);
        continue;
      }
      if (req.timeoutMs === 0) throw new CliError(`condition not met for ${objectName}`);
      if (!(await waitUntil(cluster, { deadlineMs: deadline, done: gone, watching: true }))) {
        throw new CliError(`${TIMED_OUT} on ${objectName}`);
      }
      met(t);
      continue;
    }
    const check = (obj: KubeObject) => (cond.kind === 'condition' ? conditionMet(obj, cond.name, cond.value) : jsonPathMet(obj, cond.template, cond.value));
    const start = current();
    if (!start) throw new StatusError('NotFound', 404, `${api.groupResource(t.info)} "${name}" not found`);
    if (req.timeoutMs === 0) {
      if (!check(start)) throw new CliError(`condition not met for ${objectName}`);
      met({ ...t, object: start });
      continue;
    }
    let last: KubeObject = start;
    const done = () => {
      const now = current();
      if (!now) return false; // a deleted object never meets the condition; wait on
      last = now;
      return check(now);
    };
    if (!(await waitUntil(cluster, { deadlineMs: deadline, done, watching: true }))) {
      throw new CliError(`${TIMED_OUT} on ${objectName}`);
    }
    met({ ...t, object: last });
  }
  if (error) throw error;
  if (targets.length === 0 && req.condition.kind !== 'delete') throw new CliError('no matching resources found');
}
