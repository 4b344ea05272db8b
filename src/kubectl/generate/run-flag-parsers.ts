/**
 * The `kubectl run` flags that take `key=value` lists (pkg/generate, versioned/run.go,
 * cmdutil.ParsePairs), with kubectl's messages.
 */
import { isEnvVarName } from './env-var-name.js';

/**
 * `--labels=a=b,c=d` (generate.ParseLabels): comma-separated, each item exactly one `=`.
 *   "a=b,c"   → unexpected label spec: c
 *   "=b"      → unexpected empty label key
 */
export function parseRunLabels(spec: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const item of spec.split(',')) {
    const kv = item.split('=');
    if (kv.length !== 2) throw new Error(`unexpected label spec: ${item}`);
    if (kv[0] === '') throw new Error('unexpected empty label key');
    labels.set(kv[0]!, kv[1]!);
  }
  return labels;
}

/**
 * `--annotations=k=v` (repeatable; cmdutil.ParsePairs without removal): split at the first
 * `=`; items without one, or starting with one, are collected into a single error:
 *   ["a", "=b"] → invalid annotations format: a, =b
 */
export function parseRunAnnotations(items: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const invalid: string[] = [];
  for (const item of items) {
    const i = item.indexOf('=');
    if (i > 0) out.set(item.slice(0, i), item.slice(i + 1));
    else invalid.push(item);
  }
  if (invalid.length) throw new Error(`invalid annotations format: ${invalid.join(', ')}`);
  return out;
}

/** `--env=K=V` (repeatable; versioned parseEnvs): a valid variable name before the first `=`. */
export function parseRunEnvs(items: string[]): { name: string; value: string }[] {
  return items.map((item) => {
    const i = item.indexOf('=');
    if (i <= 0) throw new Error(`invalid env: ${item}`);
    const name = item.slice(0, i);
    if (isEnvVarName(name).length) throw new Error(`invalid env: ${item}`);
    return { name, value: item.slice(i + 1) };
  });
}
