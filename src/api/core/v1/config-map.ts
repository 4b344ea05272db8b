/** core/v1 ConfigMap. data holds text values, binaryData base64. */
import type { KubeObject } from '../../meta/v1.js';

/** v1.ConfigMap. */
export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

/** Whether an object is a ConfigMap. */
export function isConfigMap(o: KubeObject): o is ConfigMap {
  return o.kind === 'ConfigMap';
}

/** A KubeObject read as a ConfigMap (the one place); a different kind is a programming error. */
export function asConfigMap(o: KubeObject): ConfigMap {
  if (!isConfigMap(o)) throw new TypeError(`expected a ConfigMap, got ${o.kind || 'an object without kind'}`);
  return o;
}
