/**
 * `kubectl create configmap NAME [--from-file=[key=]source] [--from-literal=k=v]
 * [--from-env-file=f]` (create_configmap.go createConfigMap). Sources are added in the order
 * files, literals, env files; a file whose bytes are not valid UTF-8 goes to binaryData
 * (base64), everything else to data. A key must be a valid ConfigMap key and may appear
 * only once across data and binaryData.
 */
import type { JsonObject } from '../../common/json.js';
import { isConfigMapKey } from '../../apiserver/validation/name-formats.js';
import { parseLiteralSource } from './source-specs.js';
import { forEachEnvFile, forEachFileSource } from './file-sources.js';

export interface ConfigDataParams {
  name: string;
  namespace?: string;
  fromFile: string[];
  fromLiteral: string[];
  fromEnvFile: string[];
  cwd: string;
  /** the environment, for env-file lines without `=` */
  env: NodeJS.ProcessEnv;
}

/** Validate(): env files exclude the other sources. */
export function validateConfigDataParams(p: Pick<ConfigDataParams, 'fromFile' | 'fromLiteral' | 'fromEnvFile'>): void {
  if (p.fromEnvFile.length > 0 && (p.fromFile.length > 0 || p.fromLiteral.length > 0)) {
    throw new Error('from-env-file cannot be combined with from-file or from-literal');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function utf8OrUndefined(data: Buffer): string | undefined {
  try {
    return UTF8.decode(data);
  } catch {
    return undefined;
  }
}

export function generateConfigMap(p: ConfigDataParams): JsonObject {
  // Maps, not objects: `constructor` or `__proto__` are valid keys.
  const data = new Map<string, string>();
  const binaryData = new Map<string, string>();
  const checkKey = (key: string) => {
    const errs = isConfigMapKey(key);
    if (errs.length) throw new Error(`${JSON.stringify(key)} is not a valid key name for a ConfigMap: ${errs.join(',')}`);
    if (data.has(key)) {
      throw new Error(`cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ConfigMap ${JSON.stringify(p.name)}`);
    }
    if (binaryData.has(key)) {
      throw new Error(`cannot add key ${JSON.stringify(key)}, another key by that name already exists in BinaryData for ConfigMap ${JSON.stringify(p.name)}`);
    }
  };
  const addText = (key: string, value: string) => {
    checkKey(key);
    data.set(key, value);
  };
  forEachFileSource(p.fromFile, p.cwd, ({ key, data: bytes }) => {
    const text = utf8OrUndefined(bytes);
    if (text !== undefined) return addText(key, text);
    checkKey(key);
    binaryData.set(key, bytes.toString('base64'));
  });
  for (const source of p.fromLiteral) {
    const { key, value } = parseLiteralSource(source);
    addText(key, value);
  }
  forEachEnvFile(p.fromEnvFile, p.cwd, p.env, 'env config file cannot be a directory', ({ key, value }) => addText(key, value));
  const metadata: JsonObject = { name: p.name };
  if (p.namespace) metadata['namespace'] = p.namespace;
  const cm: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata };
  if (data.size) cm['data'] = Object.fromEntries(data);
  if (binaryData.size) cm['binaryData'] = Object.fromEntries(binaryData);
  return cm;
}
