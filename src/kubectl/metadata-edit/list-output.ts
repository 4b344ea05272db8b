/**
 * `kubectl label --list` / `annotate --list`: the object's map as `k=v` lines. When the input
 * does not imply a single item (a directory, stdin, a selector, several names), each object
 * gets a header and indented lines:
 *   Listing labels for Deployment.apps/two:
 *    x=1
 * The core group is empty, so a pod reads `Listing labels for Pod./web:`.
 * kubectl ranges over a Go map, so its line order is random; kubemu sorts the keys.
 */
import { isJsonObject, type JsonObject } from '../../common/json.js';
import { type MapField, currentMap } from './map-changes.js';

export function formatMapList(obj: JsonObject, field: MapField, withHeader: boolean): string {
  const entries = Object.entries(currentMap(obj, field) ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '';
  if (withHeader) {
    const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
    const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
    const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
    out += `Listing ${field} for ${kind}.${group}/${String(meta['name'] ?? '')}:\n`;
  }
  const indent = withHeader ? ' ' : '';
  for (const [k, v] of entries) out += `${indent}${k}=${v}\n`;
  return out;
}
