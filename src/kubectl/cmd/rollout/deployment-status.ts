import type { KubeObject } from '../../../api/meta/v1.js';
import { PROGRESSING, TIMED_OUT } from '../../../api/apps/v1/conditions.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';
import { CliError } from '../../util/errors.js';
import { REVISION_ANNOTATION } from '../../../api/apps/v1/annotations.js';

/** What one look at a Deployment tells `rollout status`: the line to print and whether it is done. */
export interface StatusLine {
  message: string;
  done: boolean;
}

/**
 * deploymentutil.Revision: the revision annotation as an int64; missing means 0.
 * Returns an Error (strconv's wording) when it is not a number.
 */
export function deploymentRevision(obj: KubeObject): number | Error {
  const text = obj.metadata.annotations?.[REVISION_ANNOTATION];
  if (text === undefined) return 0;
  if (!/^[+-]?\d+$/.test(text)) return new Error(`strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  return Number(text);
}

/**
 * DeploymentStatusViewer.Status (polymorphichelpers/rollout_status.go), checked in this order:
 *
 *   --revision given and the Deployment is at another one      → error
 *   generation > observedGeneration                            → "spec update to be observed"
 *   Progressing reason ProgressDeadlineExceeded                → error (exit 1)
 *   updated < spec.replicas   (e.g. 1 of 4)                    → "1 out of 4 new replicas have been updated"
 *   replicas > updated        (5 counted, 4 updated)           → "1 old replicas are pending termination"
 *   available < updated       (4 updated, 2 available)         → "2 of 4 updated replicas are available"
 *   otherwise                                                  → "successfully rolled out", done
 *
 * status.replicas counts pods that are not terminating, so "pending termination" means old pods
 * not yet deleted, not pods in Terminating. Throws CliError with kubectl's text on errors.
 */
export function deploymentStatus(obj: KubeObject, wantRevision = 0): StatusLine {
  const name = obj.metadata.name ?? '';
  const d = asDeployment(obj);
  if (wantRevision > 0) {
    const rev = deploymentRevision(obj);
    if (rev instanceof Error) throw new CliError(`cannot get the revision of deployment ${JSON.stringify(name)}: ${rev.message}`);
    if (rev !== wantRevision) throw new CliError(`desired revision (${wantRevision}) is different from the running revision (${rev})`);
  }
  const status = d.status ?? {};
  if ((obj.metadata.generation ?? 0) > (status.observedGeneration ?? 0)) {
    return { message: 'Waiting for deployment spec update to be observed...\n', done: false };
  }
  const progressing = (status.conditions ?? []).find((c) => c.type === PROGRESSING);
  if (progressing?.reason === TIMED_OUT) {
    throw new CliError(`deployment ${JSON.stringify(name)} exceeded its progress deadline`);
  }
  const waiting = `Waiting for deployment ${JSON.stringify(name)} rollout to finish: `;
  const updated = status.updatedReplicas ?? 0;
  const replicas = status.replicas ?? 0;
  const available = status.availableReplicas ?? 0;
  const specReplicas = d.spec?.replicas;
  if (specReplicas !== undefined && updated < specReplicas) {
    return { message: `${waiting}${updated} out of ${specReplicas} new replicas have been updated...\n`, done: false };
  }
  if (replicas > updated) {
    return { message: `${waiting}${replicas - updated} old replicas are pending termination...\n`, done: false };
  }
  if (available < updated) {
    return { message: `${waiting}${available} of ${updated} updated replicas are available...\n`, done: false };
  }
  return { message: `deployment ${JSON.stringify(name)} successfully rolled out\n`, done: true };
}
