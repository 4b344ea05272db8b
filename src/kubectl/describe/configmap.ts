import type { KubeObject } from '../../api/meta/v1.js';
import { asConfigMap } from '../../api/core/v1/config-map.js';
import { compareGoStrings } from '../../common/go-strings.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';

/**
 * The ConfigMap describer: each data key as `key:\n----\nvalue\n\n`, then binary keys with their
 * decoded size. Go ranges over the maps in random order; kubemu sorts the keys so that output is
 * reproducible (the same text kubectl prints for one key, one of its possible orders for more).
 */
export function describeConfigMapText(cm: KubeObject, events: KubeObject[] | undefined, nowMs: number): string {
  const { data = {}, binaryData: binary = {} } = asConfigMap(cm);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${cm.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${cm.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', cm.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', cm.metadata.annotations);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const k of Object.keys(data).sort(compareGoStrings)) {
      w.write(LEVEL_0, `${k}:\n----\n`);
      w.write(LEVEL_0, `${data[k] ?? ''}\n`);
      w.write(LEVEL_0, '\n');
    }
    w.write(LEVEL_0, '\nBinaryData\n====\n');
    for (const k of Object.keys(binary).sort(compareGoStrings)) {
      w.write(LEVEL_0, `${k}: ${Buffer.from(binary[k] ?? '', 'base64').length} bytes\n`);
    }
    w.write(LEVEL_0, '\n');
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeConfigMap: Describer = (cm, ctx) =>
  describeConfigMapText(cm, ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(cm)) : undefined, ctx.nowMs);
