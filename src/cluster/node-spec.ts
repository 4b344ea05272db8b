import { parseQuantity } from '../apiserver/validation/quantity.js';
import { labelValueErrors, qualifiedNameErrors } from '../labels/label-validation.js';
import { TAINT_EFFECT, type Taint } from '../api/core/v1/taint.js';

/**
 * A node's size, labels and taints as `kubemu node add` and `cluster create` take them. Each
 * refuses what the API server would refuse (or what is no size) before anything is written,
 * with a NodeSpecError (the command says it as `error: ...`).
 */

/** A size, label or taint that cannot be. */
export class NodeSpecError extends Error {}

const NANO = 1_000_000_000n;

/** --cpu / --node-cpu: a CPU quantity ("2", "500m"), kept as written. */
export function parseCpu(text: string, flag: string): string {
  const q = parseQuantity(text);
  if (!q || q.nanos <= 0n) throw new NodeSpecError(`invalid ${flag} "${text}": must be a positive CPU quantity (e.g. 2, 500m)`);
  return text;
}

/** --memory / --node-memory: a memory quantity ("8Gi", "4015484Ki"), as whole Ki. */
export function parseMemoryKi(text: string, flag: string): number {
  const q = parseQuantity(text);
  const ki = q ? q.nanos / NANO / 1024n : 0n;
  if (!q || ki <= 0n || ki > BigInt(Number.MAX_SAFE_INTEGER)) throw new NodeSpecError(`invalid ${flag} "${text}": must be a memory quantity of at least 1Ki (e.g. 8Gi)`);
  return Number(ki);
}

/** --pods / --node-pods: how many pods the node takes. */
export function parsePods(text: string, flag: string): number {
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new NodeSpecError(`invalid ${flag} "${text}": must be a whole number of pods, at least 1`);
  return n;
}

/** A label key and value as the API server validates them; the first problem, if any. */
export function labelProblem(key: string, value: string): string | undefined {
  const k = qualifiedNameErrors(key);
  if (k.length) return `invalid label key "${key}": ${k.join('; ')}`;
  const v = labelValueErrors(value);
  if (v.length) return `invalid label value "${value}" of "${key}": ${v.join('; ')}`;
  return undefined;
}

/** --labels k=v,k2=v2. */
export function parseLabels(text: string, flag: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const part of text.split(',').filter((p) => p !== '')) {
    const i = part.indexOf('=');
    if (i <= 0) throw new NodeSpecError(`invalid ${flag} "${part}": must be key=value`);
    const key = part.slice(0, i);
    const value = part.slice(i + 1);
    const problem = labelProblem(key, value);
    if (problem) throw new NodeSpecError(problem);
    labels[key] = value;
  }
  return labels;
}

const EFFECTS: readonly string[] = Object.values(TAINT_EFFECT);

/** One taint `key[=value]:Effect`, as kubectl taint writes them. */
export function parseTaint(spec: string, what: string): Taint {
  const colon = spec.lastIndexOf(':');
  const effect = colon < 0 ? '' : spec.slice(colon + 1);
  if (colon <= 0 || !EFFECTS.includes(effect)) {
    throw new NodeSpecError(`invalid ${what} "${spec}": must be key[=value]:Effect with Effect NoSchedule, PreferNoSchedule or NoExecute`);
  }
  const kv = spec.slice(0, colon);
  const eq = kv.indexOf('=');
  const key = eq < 0 ? kv : kv.slice(0, eq);
  const problem = labelProblem(key, eq < 0 ? '' : kv.slice(eq + 1));
  if (problem) throw new NodeSpecError(`invalid ${what} "${spec}": ${problem}`);
  return eq < 0 ? { key, effect } : { key, value: kv.slice(eq + 1), effect };
}

/** --taints k=v:Effect,k2:Effect. */
export function parseTaints(text: string, flag: string): Taint[] {
  return text
    .split(',')
    .filter((p) => p !== '')
    .map((p) => parseTaint(p, flag));
}
