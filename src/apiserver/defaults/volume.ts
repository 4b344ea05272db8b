import type { JsonObject } from '../../common/json.js';
import { numField, objField, objList } from '../validation/json-fields.js';

/**
 * Volume defaults: a volume with no source becomes `emptyDir: {}`; secret, configMap,
 * downwardAPI and projected sources get defaultMode 420 (0644); projected service account
 * tokens expire after 3600 s; hostPath gets type "" (HostPathUnset).
 */

/** 0644 in decimal, as the API stores file modes. */
const DEFAULT_MODE = 420;

export function defaultVolume(vol: JsonObject): void {
  const sources = Object.keys(vol).filter((k) => k !== 'name' && vol[k] !== null);
  if (sources.length === 0) vol['emptyDir'] = {};
  for (const src of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    const s = objField(vol, src);
    if (s && numField(s, 'defaultMode') === undefined) s['defaultMode'] = DEFAULT_MODE;
  }
  for (const p of objList(objField(vol, 'projected'), 'sources')) {
    const token = objField(p, 'serviceAccountToken');
    if (token && numField(token, 'expirationSeconds') === undefined) token['expirationSeconds'] = 3600;
  }
  const hostPath = objField(vol, 'hostPath');
  if (hostPath && hostPath['type'] === undefined) hostPath['type'] = '';
}
