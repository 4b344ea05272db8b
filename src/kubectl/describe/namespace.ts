import type { KubeObject } from '../../api/meta/v1.js';
import { asNamespace } from '../../api/core/v1/namespace.js';
import type { Describer } from './describer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';
import { rfc1123z } from './time-format.js';

/**
 * describeNamespace. ResourceQuotas and LimitRanges are not emulated, so a namespace always has
 * none of either — which is what kubectl prints for a namespace without them:
 *
 *     Name:         default
 *     Labels:       kubernetes.io/metadata.name=default
 *     Annotations:  <none>
 *     Status:       Active
 *
 *     No resource quota.
 *
 *     No LimitRange resource.
 */
export function describeNamespaceText(ns: KubeObject): string {
  const v = asNamespace(ns);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ns.metadata.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', ns.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
    w.write(LEVEL_0, `Status:\t${v.status?.phase ?? ''}\n`);
    const conditions = v.status?.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(LEVEL_1, `${c.type ?? ''}\t${c.status ?? ''}\t${rfc1123z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
      }
    }
    w.write(LEVEL_0, '\n');
    w.write(LEVEL_0, 'No resource quota.\n');
    w.write(LEVEL_0, '\n');
    w.write(LEVEL_0, 'No LimitRange resource.\n');
  });
}

export const describeNamespace: Describer = (ns) => describeNamespaceText(ns);
