/**
 * Whether JSON.stringify gives a and b the same text, without making the texts: objects with the
 * same members in the same order (a member whose value has no text, undefined, left out as
 * JSON leaves it), arrays element by element (undefined there is null), numbers as JSON writes
 * them (0 and -0 alike, NaN and the infinities as null). `skip`: a member of the top level left
 * out of both. For plain data (parsed JSON and the records made from it): no toJSON, no Dates.
 */
export function sameJsonText(a: unknown, b: unknown, skip?: string): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number') return jsonNumber(a) === jsonNumber(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonText(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  const kb = Object.keys(rb);
  let j = 0;
  for (const k of ka) {
    const v = ra[k];
    if (v === undefined || k === skip) continue;
    // the next member of b that has a text
    while (j < kb.length && (kb[j] === skip || rb[kb[j]!] === undefined)) j++;
    if (kb[j] !== k || !sameJsonText(v, rb[k])) return false;
    j++;
  }
  while (j < kb.length && (kb[j] === skip || rb[kb[j]!] === undefined)) j++;
  return j === kb.length;
}

/** A number's JSON text as a value to compare (null for what JSON writes as null); anything else as it is. */
function jsonNumber(v: unknown): unknown {
  if (typeof v !== 'number') return v;
  return Number.isFinite(v) ? v + 0 : null;
}
