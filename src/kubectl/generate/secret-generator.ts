/**
 * `kubectl create secret generic NAME [--type=T] [--from-literal=k=v] [--from-file=[key=]source]
 * [--from-env-file=f]` (create_secret.go createSecret). Unlike configmaps the order is
 * literals, files, env files, every value is bytes (base64 in JSON/YAML:
 * `p&<>` → `cCY8Pg==`), and the messages differ slightly ("is not valid key name for a
 * Secret", "cannot add key a, another key by that name already exists").
 */
import type { JsonObject } from '../../common/json.js';
import { isConfigMapKey } from '../../apiserver/validation/name-formats.js';
import { parseLiteralSource } from './source-specs.js';
import { forEachEnvFile, forEachFileSource } from './file-sources.js';
import type { ConfigDataParams } from './configmap-generator.js';

export interface SecretParams extends ConfigDataParams {
  /** --type; empty leaves the type unset (the server defaults it to Opaque) */
  type: string;
}

export function generateSecret(p: SecretParams): JsonObject {
  // A Map, not an object: `constructor` or `__proto__` are valid keys.
  const data = new Map<string, string>();
  const add = (key: string, bytes: Buffer) => {
    const errs = isConfigMapKey(key);
    if (errs.length) throw new Error(`${JSON.stringify(key)} is not valid key name for a Secret ${errs.join(';')}`);
    if (data.has(key)) throw new Error(`cannot add key ${key}, another key by that name already exists`);
    data.set(key, bytes.toString('base64'));
  };
  for (const source of p.fromLiteral) {
    const { key, value } = parseLiteralSource(source);
    add(key, Buffer.from(value, 'utf8'));
  }
  forEachFileSource(p.fromFile, p.cwd, ({ key, data: bytes }) => add(key, bytes));
  forEachEnvFile(p.fromEnvFile, p.cwd, p.env, 'env secret file cannot be a directory', ({ key, value }) => add(key, Buffer.from(value, 'utf8')));
  const metadata: JsonObject = { name: p.name };
  if (p.namespace) metadata['namespace'] = p.namespace;
  const secret: JsonObject = { apiVersion: 'v1', kind: 'Secret', metadata };
  if (data.size) secret['data'] = Object.fromEntries(data);
  if (p.type) secret['type'] = p.type;
  return secret;
}
