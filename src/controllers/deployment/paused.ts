import { getCondition, newCondition, setCondition } from './conditions.js';
import { PAUSED, PROGRESSING, RESUMED, TIMED_OUT } from '../../api/apps/v1/conditions.js';
import { hasProgressDeadline } from './progress.js';
import type { Deployment, DeploymentStatus } from '../../api/apps/v1/deployment.js';

/**
 * checkPausedConditions: a paused Deployment says so with Progressing=Unknown DeploymentPaused;
 * once resumed, Progressing=Unknown DeploymentResumed. The resumed condition's fresh
 * lastUpdateTime restarts the progress deadline, so time spent paused never counts.
 * A timed-out rollout keeps ProgressDeadlineExceeded. Returns the status to write, or
 * undefined when nothing changes.
 */
export function pausedConditionStatus(d: Deployment, now: string): DeploymentStatus | undefined {
  if (!hasProgressDeadline(d)) return undefined;
  const cond = getCondition(d.status, PROGRESSING);
  if (cond?.reason === TIMED_OUT) return undefined;
  const pausedCondExists = cond?.reason === PAUSED;
  const paused = d.spec.paused === true;
  if (paused === pausedCondExists) return undefined;
  const status: DeploymentStatus = structuredClone(d.status ?? {});
  setCondition(
    status,
    paused
      ? newCondition(PROGRESSING, 'Unknown', PAUSED, 'Deployment is paused', now)
      : newCondition(PROGRESSING, 'Unknown', RESUMED, 'Deployment is resumed', now),
  );
  return status;
}
