import type { JsonObject } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import { strField } from '../validation/json-fields.js';

/**
 * SetDefaults_Secret: type Opaque when unset. And what decoding a v1 Secret into the internal
 * type does (Convert_v1_Secret_To_core_Secret, pkg/apis/core/v1/conversion.go): stringData is
 * merged into data, each value the bytes of its UTF-8 string and winning over a data entry of
 * the same key, and is gone, since the internal Secret has no such field. Validation and
 * storage see only data (an invalid stringData key is reported as `data[key]`); this runs on
 * every create and update, so a patch or apply that sets stringData lands in data too.
 */
export function defaultSecret(obj: JsonObject): void {
  if (!strField(obj, 'type')) obj['type'] = 'Opaque';
  const stringData = obj['stringData'];
  delete obj['stringData'];
  if (!isJsonObject(stringData) || Object.keys(stringData).length === 0) return;
  const data = isJsonObject(obj['data']) ? { ...obj['data'] } : {};
  for (const [k, v] of Object.entries(stringData)) {
    if (typeof v === 'string') data[k] = Buffer.from(v, 'utf8').toString('base64');
  }
  obj['data'] = data;
}
