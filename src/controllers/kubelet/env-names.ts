import { isJsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import type { Container } from '../../api/core/v1/container.js';

/**
 * The names of the environment variables a container gets, for ImageRepository's requiredEnv:
 * env[].name, plus every key of the ConfigMaps and Secrets named in envFrom (with the prefix).
 * A source that does not exist contributes nothing.
 */

export function containerEnvNames(
  container: Pick<Container, 'env' | 'envFrom'>,
  lookup: (kind: 'ConfigMap' | 'Secret', name: string) => KubeObject | undefined,
): string[] {
  const names = (container.env ?? []).map((e) => e.name ?? '').filter(Boolean);
  for (const src of container.envFrom ?? []) {
    const ref = src.configMapRef?.name ? { kind: 'ConfigMap' as const, name: src.configMapRef.name } : src.secretRef?.name ? { kind: 'Secret' as const, name: src.secretRef.name } : undefined;
    if (!ref) continue;
    const obj = lookup(ref.kind, ref.name);
    if (!obj) continue;
    for (const field of ['data', 'binaryData', 'stringData']) {
      const data = obj[field];
      if (isJsonObject(data)) for (const k of Object.keys(data)) names.push((src.prefix ?? '') + k);
    }
  }
  return names;
}
