import type { ReplicaSet } from '../../../api/apps/v1/replica-set.js';
import { CliError } from '../../util/errors.js';
import { DESCRIBE_TABWRITER, tabwrite } from '../../printers/tabwriter.js';
import type { PodTemplate } from '../../describe/pod-template.js';
import { CHANGE_CAUSE_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { replicaSetRevision } from './replica-sets.js';
import { printTemplate } from './template-text.js';

/**
 * DeploymentHistoryViewer's map from revision to pod template: each ReplicaSet's template with
 * the ReplicaSet's own change-cause annotation copied into the template's annotations. A later
 * ReplicaSet with the same revision replaces an earlier one; unparseable revisions are skipped.
 */
export function historyTemplates(replicaSets: readonly ReplicaSet[]): Map<number, PodTemplate> {
  const byRevision = new Map<number, PodTemplate>();
  for (const rs of replicaSets) {
    const rev = replicaSetRevision(rs);
    if (rev === undefined) continue;
    const template = structuredClone(rs.spec?.template ?? {});
    const cause = rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION];
    if (cause) {
      template.metadata = { ...(template.metadata ?? {}), annotations: { ...(template.metadata?.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: cause } };
    }
    byRevision.set(rev, template);
  }
  return byRevision;
}

/**
 * ViewHistory's text (what follows `deployment.apps/hello ` and a newline):
 *
 *   no ReplicaSets       → `No rollout history found.`
 *   revision > 0         → the template of that revision (printTemplate), or
 *                          `unable to find the specified revision`
 *   otherwise            → a tabwriter(0, 8, 2) table, revisions ascending:
 *                            REVISION  CHANGE-CAUSE
 *                            1         hello 1.0
 *                            2         <none>
 */
export function viewHistory(replicaSets: readonly ReplicaSet[], revision: number): string {
  const templates = historyTemplates(replicaSets);
  if (templates.size === 0) return 'No rollout history found.';
  if (revision > 0) {
    const t = templates.get(revision);
    if (!t) throw new CliError('unable to find the specified revision');
    return printTemplate(t);
  }
  const rows = [...templates.keys()]
    .sort((a, b) => a - b)
    .map((r) => `${r}\t${templates.get(r)?.metadata?.annotations?.[CHANGE_CAUSE_ANNOTATION] || '<none>'}\n`);
  return tabwrite(`REVISION\tCHANGE-CAUSE\n${rows.join('')}`, DESCRIBE_TABWRITER);
}
