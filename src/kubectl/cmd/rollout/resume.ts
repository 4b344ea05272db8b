import type { ApiServer } from '../../../apiserver/server.js';
import { type PatchOrError, patchObjects } from './object-patches.js';
import type { PauseResumeRequest } from './pause.js';
import { type RolloutTarget, isDeployment } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';

/**
 * defaultObjectResumer: clears spec.paused. The two-way merge patch of `paused: true` → `false`
 * is `{"spec":{"paused":null}}`, because Go omits a false `paused`.
 */
export function resumePatch(target: RolloutTarget): PatchOrError {
  if (!isDeployment(target.info)) return { error: 'resuming is not supported' };
  if (!asDeployment(target.object).spec?.paused) return { error: 'is not paused' };
  return { patch: { spec: { paused: null } } };
}

/** `kubectl rollout resume`: `deployment.apps/hello resumed`. */
export function rolloutResume(api: ApiServer, req: PauseResumeRequest): void {
  patchObjects(api, { ...req, mutate: resumePatch, emptyOperation: 'already resumed', operation: 'resumed' });
}
