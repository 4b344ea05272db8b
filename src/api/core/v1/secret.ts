/** core/v1 Secret. data holds base64 values; stringData is write-only text merged into data. */
import type { KubeObject } from '../../meta/v1.js';

/** v1.Secret. */
export interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  immutable?: boolean;
}

/** SecretType of a service account token: describe prints its `token` value. */
export const SECRET_TYPE_SERVICE_ACCOUNT_TOKEN = 'kubernetes.io/service-account-token';

/** Whether an object is a Secret. */
export function isSecret(o: KubeObject): o is Secret {
  return o.kind === 'Secret';
}

/** A KubeObject read as a Secret (the one place); a different kind is a programming error. */
export function asSecret(o: KubeObject): Secret {
  if (!isSecret(o)) throw new TypeError(`expected a Secret, got ${o.kind || 'an object without kind'}`);
  return o;
}
