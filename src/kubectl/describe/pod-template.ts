import { describeContainers } from './containers.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline.js';
import type { PodSpec, PodTemplateSpec } from '../../api/core/v1/pod.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './prefix-writer.js';
import { describeVolumes } from './volumes.js';
import { labelSelectorString } from '../../labels/label-selector.js';
import { compareGoStrings } from '../../common/go-strings.js';

/**
 * A workload's pod template as describe reads it (the Deployment and ReplicaSet describers and
 * rollout history name it so).
 */
export type PodTemplate = PodTemplateSpec;

/**
 * describeTopologySpreadConstraints: sorted by topologyKey, one per line after the first on a
 * continuation line: `zone:DoNotSchedule when max skew 1 is exceeded for selector app=x`.
 */
export function describeTopologySpreadConstraints(spec: PodSpec, w: PrefixWriter, space: string): void {
  const list = [...(spec.topologySpreadConstraints ?? [])].sort((a, b) => compareGoStrings(a.topologyKey, b.topologyKey));
  if (list.length === 0) return;
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${space}\t`);
    let s = `${t.topologyKey}:${t.whenUnsatisfiable ?? ''} when max skew ${t.maxSkew ?? 0} is exceeded`;
    // metav1.FormatLabelSelector: `<none>` for an empty selector.
    if (t.labelSelector) s += ` for selector ${labelSelectorString(t.labelSelector) || '<none>'}`;
    w.write(LEVEL_0, `${s}\n`);
  });
}

/**
 * DescribePodTemplate: `Pod Template:` (a line without a tab, so it starts a new alignment
 * block), the template's labels and annotations indented by two, containers with names at
 * `   name:`, volumes, node selectors and tolerations.
 */
export function describePodTemplate(template: PodTemplate | undefined, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const spec = template.spec ?? {};
  printLabelsMultiline(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) {
    printAnnotationsMultiline(w, '  Annotations', template.metadata?.annotations);
  }
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0) describeContainers('Init Containers', spec.initContainers ?? [], undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers ?? [], undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}
