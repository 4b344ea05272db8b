import type { ApiServer } from '../../apiserver/server.js';
import { CliError } from '../errors.js';
import { viewHistory } from './history-view.js';
import { allReplicaSets, deploymentReplicaSets } from './replica-sets.js';
import { type RolloutTarget, groupKindString, isDeployment, printedName } from './targets.js';

/**
 * `kubectl rollout history` (rollout_history.go Run without -o): per object, the name printer
 * with the operation `"with revision #N" (or nothing) + "\n" + history`, so the first line of a
 * table ends in a space and a blank line follows the table:
 *
 *   deployment.apps/hello ⏎ REVISION  CHANGE-CAUSE ⏎ 1         hello 1.0 ⏎ ⏎
 */
export function rolloutHistory(api: ApiServer, targets: RolloutTarget[], revision: number, write: (t: string) => void): void {
  for (const target of targets) {
    if (!isDeployment(target.info)) throw new CliError(`no history viewer has been implemented for ${JSON.stringify(groupKindString(target.info))}`);
    const sets = deploymentReplicaSets(api, target.object);
    const text = viewHistory(allReplicaSets(sets), revision);
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    write(`${printedName(target)} ${withRevision}\n${text}\n`);
  }
}
