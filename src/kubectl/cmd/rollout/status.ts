import type { Cluster } from '../../../cluster/cluster.js';
import { CliError } from '../../util/errors.js';
import { FOREVER_MS, waitUntil } from '../../../cluster/time.js';
import { deploymentStatus } from './deployment-status.js';
import { type RolloutTarget, groupKindString, isDeployment } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';
import { readAtLastWrite } from '../../../cluster/last-write.js';

/** wait.ErrWaitTimeout's text, which kubectl prints when --timeout passes. */
export const TIMED_OUT = 'timed out waiting for the condition';

/**
 * How long a virtual-clock `rollout status` without --timeout waits after the Deployment's last
 * change before it gives up (with the timeout error): a paused Deployment never finishes and
 * kubectl would wait until Ctrl-C. The progress deadline (plus a minute) is always covered, so a
 * stuck rollout still ends with `exceeded its progress deadline`.
 */
export function virtualQuietMs(target: RolloutTarget): number {
  const deadline = asDeployment(target.object).spec?.progressDeadlineSeconds ?? 600;
  return Math.max(60, deadline + 60) * 1000;
}

export interface StatusRequest {
  targets: RolloutTarget[];
  /** --watch (default true); false prints the current line once */
  watch: boolean;
  /** --revision; 0 means any */
  revision: number;
  /** --timeout in ms; 0 waits forever */
  timeoutMs: number;
  write: (text: string) => void;
}

/**
 * `kubectl rollout status` (rollout_status.go Run): for each object, a list-and-watch of it by
 * name, and the status line of every ADDED/MODIFIED event, starting with its current state — so
 * identical lines repeat when something else in the object changed. Ends when the line says
 * done; errors: the status function's, `object has been deleted`, and the timeout.
 *
 * Changes come from the shared revision log; on a virtual clock the wait runs the control plane
 * instant by instant, so a two-minute progress deadline costs milliseconds.
 */
export async function rolloutStatus(cluster: Cluster, req: StatusRequest): Promise<void> {
  const api = cluster.api;
  for (const target of req.targets) {
    const { info } = target;
    if (!isDeployment(info)) throw new CliError(`no status viewer has been implemented for ${groupKindString(info)}`);
    const ns = target.object.metadata.namespace;
    const name = target.object.metadata.name ?? '';
    const deadline = cluster.clock.now() + (req.timeoutMs > 0 ? req.timeoutMs : FOREVER_MS);
    // Watching right after a write (virtual clock), the watch begins at the writer's revision:
    // the first line is the object as the write left it, then each reaction (last-write.ts).
    const start = req.watch ? readAtLastWrite(cluster, (rev) => api.getAt(info, ns, name, rev)) : undefined;
    let revision = start?.revision ?? api.revision();
    const first = start?.value ?? api.get(info, ns, name);
    const line = deploymentStatus(first, req.revision);
    req.write(line.message);
    if (line.done || !req.watch) continue;

    let finished = false;
    let failure: unknown;
    let lastChangeMs = cluster.clock.now();
    const onStep = () => {
      if (finished) return;
      // Up to the head, as watch-get.ts: the compactor never passes a watch of a quiet resource.
      const head = api.revision();
      for (const ev of api.changesSince(revision, info, ns)) {
        revision = Math.max(revision, ev.revision);
        if (ev.object.metadata.name !== name) continue;
        lastChangeMs = ev.timeMs;
        if (ev.type === 'DELETED') {
          failure = new CliError('object has been deleted');
          finished = true;
          return;
        }
        try {
          const s = deploymentStatus(ev.object, req.revision);
          req.write(s.message);
          if (s.done) {
            finished = true;
            return;
          }
        } catch (e) {
          failure = e;
          finished = true;
          return;
        }
      }
      revision = Math.max(revision, head);
    };
    const quiet = virtualQuietMs(target);
    // The reactions already in the log since the watch's start, before any cluster time passes.
    if (start) onStep();
    if (!finished) {
      await waitUntil(cluster, {
        watching: true,
        deadlineMs: deadline,
        done: () => finished,
        onStep,
        ...(req.timeoutMs > 0 ? {} : { idleAfter: () => lastChangeMs + quiet }),
      });
      onStep();
    }
    if (failure) throw failure;
    if (!finished) throw new CliError(TIMED_OUT);
  }
}
