/**
 * The part of kubectl's client-side schema validation that needs no server: before a
 * document is decoded, `--validate` (on by default for create/apply/replace) insists on
 * apiVersion and kind:
 *   error validating "f.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false
 * (one missing field prints without brackets). `label --local` and other commands that do
 * not validate skip this and then fail, or not, in decode-objects.ts.
 */
import { isJsonObject, type JsonValue } from '../../common/json.js';
import { ManifestError, aggregateMessage } from './errors.js';

export function validateTypeMeta(doc: JsonValue, source: string): ManifestError | null {
  if (!isJsonObject(doc)) return null;
  const missing: string[] = [];
  if (typeof doc['apiVersion'] !== 'string' || doc['apiVersion'] === '') missing.push('apiVersion not set');
  if (typeof doc['kind'] !== 'string' || doc['kind'] === '') missing.push('kind not set');
  if (missing.length === 0) return null;
  return new ManifestError(
    `error validating "${source}": error validating data: ${aggregateMessage(missing)}; if you choose to ignore these errors, turn validation off with --validate=false`,
    source,
  );
}
