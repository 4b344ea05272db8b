import type { KubeObject } from '../../../api/meta/v1.js';
import type { ResourceInfo } from '../../../apiserver/resources.js';
import { kindGroup } from '../../../apiserver/resources.js';
import { fieldSelectorPredicate } from '../../../apiserver/field-selector.js';
import type { Cluster } from '../../../cluster/cluster.js';
import { CliError } from '../../util/errors.js';
import { labelSelectorOrBadRequest } from '../../resource/fetch.js';
import type { OutputSpec } from '../../printers/output.js';
import type { WatchTableOptions } from '../../printers/table/watch-printer.js';
import type { ResourceSelection } from '../../resource/resource-args.js';
import { selectorMatches } from '../../../labels/label-selector.js';
import { FilteredWatch } from './filtered-watch.js';
import { FOREVER_MS, waitUntil } from '../../../cluster/time.js';
import { watchOutput } from './watch-output.js';
import { readAtLastWrite } from '../../../cluster/last-write.js';

/**
 * A virtual-clock `get -w` without --request-timeout ends once a minute of cluster time has
 * passed with no change to print (or nothing at all is due). The emulated kubelet keeps
 * periodic work (probes) due forever, so "nothing due" alone would never come; a minute covers
 * every gap of a rollout (readiness, minReadySeconds, a pod's termination grace) while a person
 * would long have pressed Ctrl-C.
 */
export const VIRTUAL_WATCH_QUIET_MS = 60_000;

export interface WatchGetOptions {
  selections: ResourceSelection[];
  namespace: string;
  allNamespaces: boolean;
  labelSelector?: string;
  fieldSelector?: string;
  spec: OutputSpec;
  table: Omit<WatchTableOptions, 'wide' | 'outputWatchEvents' | 'allNamespaces'>;
  watchOnly: boolean;
  outputWatchEvents: boolean;
  /** --request-timeout in ms; 0 or undefined: until interrupted (wall) / until idle (virtual) */
  timeoutMs?: number;
  write: (text: string) => void;
}

/**
 * `kubectl get -w` (get.go watch): print the current list (unless --watch-only), then one
 * line (or object) per change of a matching object, until the watch ends.
 *
 * One resource type only, as kubectl's builder requires (`you may only specify a single
 * resource type`). Named objects are watched with a metadata.name field selector; their
 * initial state is printed, and the watch's synthetic ADDED for them is not (kubectl suppresses
 * it) — kubemu reads changes after the listed revision, so it never sees one.
 *
 * Changes come from the shared revision log (`changesSince`), so writes of other processes
 * show up; each is printed with the cluster time of the write, when the server would have sent
 * it. A DELETED event prints the object's last state.
 */
export async function watchGet(cluster: Cluster, o: WatchGetOptions): Promise<void> {
  const infos = [...new Set(o.selections.map((s) => s.info))];
  if (infos.length !== 1) throw new CliError('you may only specify a single resource type');
  const info: ResourceInfo = infos[0]!;
  const api = cluster.api;
  const names = o.selections.flatMap((s) => (s.name !== undefined ? [s.name] : []));
  const ns = info.namespaced && !(o.allNamespaces && names.length === 0) ? o.namespace : undefined;
  const labelSel = o.labelSelector !== undefined ? labelSelectorOrBadRequest(o.labelSelector) : undefined;
  const fieldPred = o.fieldSelector ? fieldSelectorPredicate(info, o.fieldSelector) : undefined;
  const matches = (obj: KubeObject) =>
    (names.length === 0 || names.includes(obj.metadata.name ?? '')) &&
    (!labelSel || selectorMatches(labelSel, obj.metadata.labels)) &&
    (!fieldPred || fieldPred(obj));

  // The list (or the named objects, NotFound failing the command) and the revision it was read at:
  // right after a write (virtual clock), the writer's revision, as the list was before the
  // controllers reacted (last-write.ts); else the head.
  // A named object that did not exist at the writer's revision: the head.
  const start = readAtLastWrite(cluster, (rev) => {
    if (names.length === 0) return api.listAt(info, ns, rev, matches);
    const objects = names.map((n) => api.getAt(info, ns, n, rev));
    return objects.every((o): o is KubeObject => o !== undefined) ? objects : undefined;
  });
  const startRevision = start?.revision ?? api.revision();
  const initial = start?.value ?? (names.length > 0 ? names.map((n) => api.get(info, ns, n)) : api.list(info, ns, matches));

  const out = watchOutput({
    spec: o.spec,
    resourceLabel: kindGroup(info),
    kind: info.kind,
    namespaced: info.namespaced,
    table: { ...o.table, allNamespaces: o.allNamespaces && names.length === 0 },
    outputWatchEvents: o.outputWatchEvents,
    write: o.write,
  });
  if (!o.watchOnly) out.initial(initial, start?.atMs ?? cluster.clock.now());

  const filter = new FilteredWatch(matches, initial);
  let revision = startRevision;
  let lastChangeMs = cluster.clock.now();
  const onStep = () => {
    // Read up to the head: a watch of a quiet resource moves on too, as an etcd watch does, so the
    // compactor (which keeps only the last minutes of the log) never passes it.
    const head = api.revision();
    for (const ev of api.changesSince(revision, info, ns)) {
      revision = Math.max(revision, ev.revision);
      const seen = filter.apply(ev.type, ev.object);
      if (!seen) continue;
      out.event(seen.type, seen.object, ev.timeMs);
      lastChangeMs = ev.timeMs;
    }
    revision = Math.max(revision, head);
  };
  // The reactions already in the log since the watch's start, before any cluster time passes.
  if (start) onStep();
  const timeout = o.timeoutMs && o.timeoutMs > 0 ? o.timeoutMs : undefined;
  await waitUntil(cluster, {
    watching: true,
    deadlineMs: cluster.clock.now() + (timeout ?? FOREVER_MS),
    done: () => false,
    onStep,
    ...(timeout === undefined ? { idleAfter: () => lastChangeMs + VIRTUAL_WATCH_QUIET_MS } : {}),
  });
  onStep();
}
