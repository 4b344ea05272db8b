import type { ApiServer } from '../../../apiserver/server.js';
import { CliError } from '../../util/errors.js';
import { RESTARTED_AT_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { type PatchOrError, patchObjects } from './object-patches.js';
import type { PauseResumeRequest } from './pause.js';
import { type RolloutTarget, isDeployment } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Go's time.Now().Format(time.RFC3339) in the local zone, to the second: the offset is the
 * process's (TZ), `Z` when it is zero. 19:00:12.789 UTC in UTC+3 → `2026-10-26T22:00:12+03:00`.
 */
export function formatRfc3339Local(ms: number): string {
  const d = new Date(ms);
  const offsetMin = -d.getTimezoneOffset();
  const date = `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
  if (offsetMin === 0) return `${date}T${time}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${date}T${time}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/**
 * defaultObjectRestarter: sets the template annotation restartedAt to now. A restart within the
 * same second writes the same value, so the patch is empty and kubectl refuses.
 */
export function restartPatch(target: RolloutTarget, nowText: string): PatchOrError {
  if (!isDeployment(target.info)) return { error: 'restarting is not supported' };
  const spec = asDeployment(target.object).spec;
  if (spec?.paused) return { error: "can't restart paused deployment (run rollout resume first)" };
  if (spec?.template?.metadata?.annotations?.[RESTARTED_AT_ANNOTATION] === nowText) return { patch: {} };
  return { patch: { spec: { template: { metadata: { annotations: { [RESTARTED_AT_ANNOTATION]: nowText } } } } } };
}

/** `kubectl rollout restart` at cluster time `nowMs`: `deployment.apps/hello restarted`. */
export function rolloutRestart(api: ApiServer, req: PauseResumeRequest & { nowMs: number }): void {
  const now = formatRfc3339Local(req.nowMs);
  patchObjects(api, {
    ...req,
    mutate: (t) => restartPatch(t, now),
    emptyPatchError: (t) =>
      new CliError(
        `failed to create patch for ${t.object.metadata.name ?? ''}: if restart has already been triggered within the past second, please wait before attempting to trigger another`,
      ),
    emptyOperation: '',
    operation: 'restarted',
  });
}
