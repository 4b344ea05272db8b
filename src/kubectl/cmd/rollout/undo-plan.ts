import type { Deployment } from '../../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../../api/apps/v1/replica-set.js';
import type { JsonObject, JsonValue } from '../../../common/json.js';
import { CliError } from '../../util/errors.js';
import { DEPLOYMENT_OWN_ANNOTATIONS } from '../../../api/apps/v1/annotations.js';
import { equalIgnoreHash, replicaSetRevision, templateOf, withoutHashLabel } from './replica-sets.js';
import { printTemplate } from './template-text.js';
import { setOwn } from '../../../common/own-keys.js';

/** What `rollout undo` does with one Deployment, decided before anything is written. */
export type UndoPlan =
  /** --dry-run=client: the operation is the revision's template description */
  | { kind: 'describe'; text: string }
  /** the Deployment already runs that template */
  | { kind: 'skip'; message: string }
  /** a JSON patch that restores the revision */
  | { kind: 'patch'; patch: JsonValue };

/** revisionNotFoundErr. */
function revisionNotFound(r: number): CliError {
  return new CliError(`unable to find specified revision ${r} in history`);
}

/**
 * deploymentRevision (rollback.go): the ReplicaSet of revision N, or with N = 0 the one with the
 * second-highest revision. Revisions 1, 3, 2 (in visiting order) → latest 3, previous 2.
 * A ReplicaSet without the annotation counts as revision 0; an unparseable one is skipped.
 */
export function replicaSetForRevision(deploymentName: string, replicaSets: readonly ReplicaSet[], toRevision: number): ReplicaSet {
  let latest: { rev: number; rs?: ReplicaSet } = { rev: -1 };
  let previous: { rev: number; rs?: ReplicaSet } = { rev: -1 };
  for (const rs of replicaSets) {
    const v = replicaSetRevision(rs);
    if (v === undefined) continue;
    if (toRevision === 0) {
      if (latest.rev < v) {
        previous = latest;
        latest = { rev: v, rs };
      } else if (previous.rev < v) {
        previous = { rev: v, rs };
      }
    } else if (toRevision === v) {
      return rs;
    }
  }
  if (toRevision > 0) throw revisionNotFound(toRevision);
  if (!previous.rs) throw new CliError(`no rollout history found for deployment ${JSON.stringify(deploymentName)}`);
  return previous.rs;
}

export interface UndoInput {
  deployment: Deployment;
  /** the Deployment's ReplicaSets, old ones first, then the new one */
  replicaSets: readonly ReplicaSet[];
  /** --to-revision; 0: the previous revision */
  toRevision: number;
  clientDryRun: boolean;
}

/**
 * DeploymentRollbacker.Rollback, in kubectl's order: a negative revision, the ReplicaSet of the
 * revision, client dry run (describes it, even for a paused Deployment), paused, same template
 * (the message names the flag's value: `revision 0` without --to-revision), and then the patch:
 *
 *   replace /spec/template        with the ReplicaSet's template minus pod-template-hash
 *   replace /metadata/annotations with the Deployment's own values of the keep-list keys plus
 *                                 every other annotation of the ReplicaSet (its change-cause)
 */
export function planUndo(input: UndoInput): UndoPlan {
  const { deployment, toRevision } = input;
  if (toRevision < 0) throw revisionNotFound(toRevision);
  const name = deployment.metadata.name ?? '';
  const rs = replicaSetForRevision(name, input.replicaSets, toRevision);
  if (input.clientDryRun) return { kind: 'describe', text: printTemplate(templateOf(rs)) };
  if (deployment.spec?.paused) {
    throw new CliError("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again");
  }
  if (equalIgnoreHash(templateOf(rs), templateOf(deployment))) {
    return { kind: 'skip', message: `skipped rollback (current template already matches revision ${toRevision})` };
  }
  const annotations: JsonObject = {};
  const own = deployment.metadata.annotations ?? {};
  for (const k of DEPLOYMENT_OWN_ANNOTATIONS) if (own[k] !== undefined) setOwn(annotations, k, own[k]);
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!DEPLOYMENT_OWN_ANNOTATIONS.has(k)) setOwn(annotations, k, v);
  return {
    kind: 'patch',
    patch: [
      { op: 'replace', path: '/spec/template', value: withoutHashLabel(templateOf(rs)) },
      { op: 'replace', path: '/metadata/annotations', value: annotations },
    ],
  };
}
