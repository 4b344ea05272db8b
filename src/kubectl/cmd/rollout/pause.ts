import type { ApiServer } from '../../../apiserver/server.js';
import { type PatchOrError, patchObjects } from './object-patches.js';
import { type RolloutTarget, isDeployment } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';

export interface PauseResumeRequest {
  targets: RolloutTarget[];
  errors: Error[];
  namespace: string;
  out: (t: string) => void;
  err: (t: string) => void;
}

/** defaultObjectPauser: sets spec.paused; only Deployments can be paused. */
export function pausePatch(target: RolloutTarget): PatchOrError {
  if (!isDeployment(target.info)) return { error: 'pausing is not supported' };
  if (asDeployment(target.object).spec?.paused) return { error: 'is already paused' };
  return { patch: { spec: { paused: true } } };
}

/** `kubectl rollout pause`: `deployment.apps/hello paused`. */
export function rolloutPause(api: ApiServer, req: PauseResumeRequest): void {
  patchObjects(api, { ...req, mutate: pausePatch, emptyOperation: 'already paused', operation: 'paused' });
}
