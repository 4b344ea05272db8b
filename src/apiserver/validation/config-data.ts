import { isJsonObject, jsonEqual, type JsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { forbidden, invalid, required, tooLong, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { isConfigMapKey, nameIsDNSSubdomain } from './name-formats.js';
import { validateImmutableField, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { hasOwn } from '../../common/own-keys.js';
import { SECRET_TYPE_SERVICE_ACCOUNT_TOKEN } from '../../api/core/v1/secret.js';
import { SERVICE_ACCOUNT_NAME_ANNOTATION } from '../../api/core/v1/annotation-keys.js';

/** ConfigMap and Secret validation: keys, total size (1 MiB), type rules, `immutable`. */

/** core.MaxSecretSize, shared by ConfigMaps. */
const MAX_SIZE = 1024 * 1024;

const IMMUTABLE_SET = 'field is immutable when `immutable` is set';

function mapOf(o: JsonObject, key: string): Record<string, string> {
  const v = o[key];
  if (!isJsonObject(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : String(x)]));
}

function sortedKeys(m: Record<string, string>): string[] {
  return Object.keys(m).sort();
}

/** Bytes of a base64 value (Secret data and ConfigMap binaryData are stored base64-encoded). */
function decodedLength(b64: string): number {
  return Buffer.from(b64, 'base64').length;
}

export function validateConfigMapCreate(obj: KubeObject): FieldError[] {
  const o = objectJson(obj);
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  const data = mapOf(o, 'data');
  const binary = mapOf(o, 'binaryData');
  let total = 0;
  for (const k of sortedKeys(data)) {
    const p = FieldPath.root('data').key(k);
    for (const msg of isConfigMapKey(k)) errs.push(invalid(p, k, msg));
    if (hasOwn(binary, k)) errs.push(invalid(p, k, 'duplicate of key present in binaryData'));
    total += Buffer.byteLength(data[k] ?? '', 'utf8');
  }
  for (const k of sortedKeys(binary)) {
    for (const msg of isConfigMapKey(k)) errs.push(invalid(FieldPath.root('binaryData').key(k), k, msg));
    total += decodedLength(binary[k] ?? '');
  }
  if (total > MAX_SIZE) errs.push(tooLong(FieldPath.root(''), MAX_SIZE));
  return errs;
}

/** Shared `immutable: true` rules: the flag cannot be unset and the data cannot change. */
function immutableRules(o: JsonObject, old: JsonObject, dataFields: string[]): FieldError[] {
  if (old['immutable'] !== true) return [];
  const errs: FieldError[] = [];
  if (o['immutable'] !== true) errs.push(forbidden(FieldPath.root('immutable'), IMMUTABLE_SET));
  for (const f of dataFields) {
    if (!jsonEqual(o[f] ?? null, old[f] ?? null)) errs.push(forbidden(FieldPath.root(f), IMMUTABLE_SET));
  }
  return errs;
}

export function validateConfigMapUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  errs.push(...immutableRules(objectJson(obj), objectJson(old), ['data', 'binaryData']));
  return errs.concat(validateConfigMapCreate(obj));
}

/** Keys each built-in Secret type requires in `data`. */
const REQUIRED_SECRET_KEYS: Record<string, string[]> = {
  'kubernetes.io/dockercfg': ['.dockercfg'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
  'kubernetes.io/ssh-auth': ['ssh-privatekey'],
  'kubernetes.io/tls': ['tls.crt', 'tls.key'],
};

export function validateSecretCreate(obj: KubeObject): FieldError[] {
  const o = objectJson(obj);
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  const data = mapOf(o, 'data');
  let total = 0;
  for (const k of sortedKeys(data)) {
    for (const msg of isConfigMapKey(k)) errs.push(invalid(FieldPath.root('data').key(k), k, msg));
    total += decodedLength(data[k] ?? '');
  }
  if (total > MAX_SIZE) errs.push(tooLong(FieldPath.root('data'), MAX_SIZE));
  const type = typeof o['type'] === 'string' ? o['type'] : '';
  if (type === SECRET_TYPE_SERVICE_ACCOUNT_TOKEN) {
    if (!obj.metadata.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION]) {
      errs.push(required(FieldPath.root('metadata', 'annotations').key(SERVICE_ACCOUNT_NAME_ANNOTATION)));
    }
  } else if (type === 'kubernetes.io/basic-auth') {
    if (!('username' in data) && !('password' in data)) {
      errs.push(required(FieldPath.root('data').key('username')), required(FieldPath.root('data').key('password')));
    }
  } else {
    for (const k of REQUIRED_SECRET_KEYS[type] ?? []) if (!(k in data)) errs.push(required(FieldPath.root('data').key(k)));
  }
  return errs;
}

export function validateSecretUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const o = objectJson(obj);
  const prev = objectJson(old);
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  const type = typeof o['type'] === 'string' ? o['type'] : '';
  errs.push(...validateImmutableField(o['type'], prev['type'], type, FieldPath.root('type')));
  errs.push(...immutableRules(o, prev, ['data']));
  return errs.concat(validateSecretCreate(obj));
}
