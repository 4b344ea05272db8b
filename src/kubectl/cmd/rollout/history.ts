import type { ApiServer } from '../../../apiserver/server.js';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { viewHistory } from './history-view.js';
import { allReplicaSets, deploymentReplicaSets } from './replica-sets.js';
import { type RolloutTarget, type Visit, groupKindString, isDeployment, printedName } from './targets.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';

/**
 * `kubectl rollout history` (rollout_history.go Run without -o): per object, the name printer
 * with the operation `"with revision #N" (or nothing) + "\n" + history`, so the first line of a
 * table ends in a space and a blank line follows the table:
 *
 *   deployment.apps/hello ⏎ REVISION  CHANGE-CAUSE ⏎ 1         hello 1.0 ⏎ ⏎
 *
 * Objects that fail do not stop the others (ContinueOnError); errors come together at the end.
 */
export function rolloutHistory(api: ApiServer, visits: Visit[], revision: number, write: (t: string) => void): void {
  const errors: Error[] = [];
  for (const visit of visits) {
    try {
      if (visit instanceof Error) throw visit;
      write(historyOf(api, visit, revision));
    } catch (e) {
      errors.push(e as Error);
    }
  }
  if (errors.length > 0) throw new AggregateCliError(errors);
}

/** One object's output; errors (no viewer, unknown revision) are thrown. */
function historyOf(api: ApiServer, target: RolloutTarget, revision: number): string {
  if (!isDeployment(target.info)) throw new CliError(`no history viewer has been implemented for ${JSON.stringify(groupKindString(target.info))}`);
  const text = viewHistory(allReplicaSets(deploymentReplicaSets(api, asDeployment(target.object))), revision);
  const withRevision = revision > 0 ? `with revision #${revision}` : '';
  return `${printedName(target)} ${withRevision}\n${text}\n`;
}
