/** Every key list of every object under v, with its path: what tells two values apart by key order. */
export function shape(v: unknown, path = '$', out: string[] = []): string[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(`${path}:${Array.isArray(v) ? `[${v.length}]` : Object.keys(v).join(',')}`);
  for (const [k, x] of Object.entries(v)) shape(x, `${path}.${k}`, out);
  return out;
}

/** Whether v and everything under it is frozen. */
export const frozen = (v: unknown): boolean => typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(frozen));
