import type { KubeObject } from '../../api/meta/v1.js';
import { asSecret, SECRET_TYPE_SERVICE_ACCOUNT_TOKEN } from '../../api/core/v1/secret.js';
import { compareGoStrings } from '../../common/go-strings.js';
import type { Describer } from './describer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';

/**
 * describeSecret: sizes of the decoded values, never the values — except a service account
 * token's `token`, which kubectl prints. No events section. Keys sorted (Go's map order is random).
 */
export function describeSecretText(secret: KubeObject): string {
  const s = asSecret(secret);
  const data = s.data ?? {};
  const type = s.type ?? '';
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${secret.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${secret.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', secret.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', secret.metadata.annotations);
    w.write(LEVEL_0, `\nType:\t${type}\n`);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const k of Object.keys(data).sort(compareGoStrings)) {
      const bytes = Buffer.from(data[k] ?? '', 'base64');
      if (k === 'token' && type === SECRET_TYPE_SERVICE_ACCOUNT_TOKEN) w.write(LEVEL_0, `${k}:\t${bytes.toString('utf8')}\n`);
      else w.write(LEVEL_0, `${k}:\t${bytes.length} bytes\n`);
    }
  });
}

export const describeSecret: Describer = (s) => describeSecretText(s);
