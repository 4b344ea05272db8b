/**
 * `set env --from=configmap/NAME|secret/NAME [--keys=a,b]`: one variable per data key (only
 * the listed keys with --keys), named from the key upper-cased with characters other than
 * letters, digits and `_` turned into `_`, and referring to the key (valueFrom), e.g.
 *   configmap settings {log-level: debug} → LOG_LEVEL from configmap settings, key log-level
 * Keys come sorted (kubectl ranges over a Go map, whose order is random). A name that differs
 * from its key (even only by case: `mode` → `MODE`) is announced on stderr by kubectl 1.33:
 * `Warning: key mode transferred to MODE`.
 */
import type { JsonObject } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';
import { CliError } from '../../util/errors.js';
import type { EnvVar } from './env-args.js';

/** keyToEnvName: `log-level` → `LOG_LEVEL`. */
export function keyToEnvName(key: string): string {
  return key.replace(/[^a-zA-Z0-9_]/g, '_').toUpperCase();
}

/** The variables an object of --from gives; a kind other than ConfigMap/Secret is an error. */
export function envFromObject(obj: JsonObject, keys: string[], warn: (text: string) => void = () => undefined): EnvVar[] {
  const kind = obj['kind'];
  if (kind !== 'ConfigMap' && kind !== 'Secret') throw new CliError('unsupported resource specified in --from');
  const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
  const name = typeof meta['name'] === 'string' ? meta['name'] : '';
  const data = isJsonObject(obj['data']) ? obj['data'] : {};
  const ref = kind === 'Secret' ? 'secretKeyRef' : 'configMapKeyRef';
  return Object.keys(data)
    .sort()
    .filter((k) => keys.length === 0 || keys.includes(k))
    .map((k) => {
      const envName = keyToEnvName(k);
      if (envName !== k) warn(`Warning: key ${k} transferred to ${envName}\n`);
      return { name: envName, valueFrom: { [ref]: { key: k, name } } };
    });
}
