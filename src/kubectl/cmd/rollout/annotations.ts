/**
 * The annotations `rollout undo` keeps from the Deployment (the keys are declared in src/api/).
 */
import {
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
} from '../../../api/apps/v1/annotations.js';
import { LAST_APPLIED_ANNOTATION } from '../../../api/kubectl-annotations.js';

/**
 * rollback.go annotationsToSkip: the Deployment keeps its own values of these on undo; every
 * other annotation comes from the ReplicaSet of the revision.
 */
export const ROLLBACK_KEEP_ANNOTATIONS: readonly string[] = [
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
];
