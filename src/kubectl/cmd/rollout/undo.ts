import type { ApiServer } from '../../../apiserver/server.js';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { LAST_APPLIED_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { allReplicaSets, deploymentReplicaSets } from './replica-sets.js';
import { type RolloutTarget, type Visit, groupKindString, isDeployment, printedName } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';
import { planUndo } from './undo-plan.js';

export interface UndoRequest {
  /** the builder's visits: objects, and errors (NotFound) where it met them */
  visits: Visit[];
  toRevision: number;
  dryRun: 'none' | 'client' | 'server';
  /** the CLI's base name (`kubectl`), which the warning names */
  programName: string;
  out: (t: string) => void;
  err: (t: string) => void;
}

/** rollout_undo.go's warning for objects `kubectl apply` manages (printed even if the undo then fails). */
export function appliedWarning(resource: string, name: string, programName: string): string {
  const tool = programName;
  return (
    `Warning: resource ${resource}/${name} was previously managed with '${tool} apply'. ` +
    `Rolling back will not update the ${LAST_APPLIED_ANNOTATION} annotation, which may cause unexpected behavior on future '${tool} apply' operations. ` +
    `Consider using '${tool} apply' with your previous configuration file instead.\n`
  );
}

/**
 * `kubectl rollout undo` (RunUndo + DeploymentRollbacker): per object, the warning, the plan,
 * and a JSON patch through the API server; prints `deployment.apps/hello rolled back`
 * (` (dry run)` / ` (server dry run)` suffixes as the name printer adds them). The controller
 * then treats the revived ReplicaSet as new and gives it the next revision. As the builder's
 * ContinueOnError visitor does, a failing object does not stop the others; the errors are
 * reported together at the end.
 */
export function rolloutUndo(api: ApiServer, req: UndoRequest): void {
  const errors: Error[] = [];
  for (const target of req.visits) {
    if (target instanceof Error) {
      errors.push(target);
      continue;
    }
    try {
      undoOne(api, req, target);
    } catch (e) {
      errors.push(e as Error);
    }
  }
  if (errors.length > 0) throw new AggregateCliError(errors);
}

function undoOne(api: ApiServer, req: UndoRequest, target: RolloutTarget): void {
  const suffix = req.dryRun === 'client' ? ' (dry run)' : req.dryRun === 'server' ? ' (server dry run)' : '';
  const { info, object } = target;
  const name = object.metadata.name ?? '';
  if (!isDeployment(info)) throw new CliError(`no rollbacker has been implemented for ${JSON.stringify(groupKindString(info))}`);
  const deployment = asDeployment(api.get(info, object.metadata.namespace, name));
  const plan = planUndo({
    deployment,
    replicaSets: allReplicaSets(deploymentReplicaSets(api, deployment)),
    toRevision: req.toRevision,
    clientDryRun: req.dryRun === 'client',
  });
  let operation: string;
  if (plan.kind === 'describe') operation = plan.text;
  else if (plan.kind === 'skip') operation = plan.message;
  else {
    // Only a real rollback warns (a paused Deployment or a skipped one does not: the article's
    // paused undo prints the error alone).
    if (object.metadata.annotations?.[LAST_APPLIED_ANNOTATION] !== undefined) req.err(appliedWarning(info.resource, name, req.programName));
    try {
      api.patch(info, object.metadata.namespace, name, 'json', plan.patch, { dryRun: req.dryRun === 'server' });
    } catch (e) {
      throw new CliError(`failed restoring revision ${req.toRevision}: ${(e as Error).message}`);
    }
    operation = 'rolled back';
  }
  req.out(`${printedName(target)} ${operation}${suffix}\n`);
}
