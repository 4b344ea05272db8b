import type { JsonObject } from '../../common/json.js';
import { strField } from '../validation/json-fields.js';

/** SetDefaults_Secret: type Opaque when unset. */
export function defaultSecret(obj: JsonObject): void {
  if (!strField(obj, 'type')) obj['type'] = 'Opaque';
}
