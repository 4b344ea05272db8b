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

/**
 * Flat records whose JSON texts are equal: the same keys in the same order, each with the same
 * scalar (a member that is an object or undefined reads as a difference: the caller then takes its
 * slower path). Labels, resource lists, overheads.
 */
export function sameFlatRecords(a: Readonly<Record<string, unknown>> | undefined, b: Readonly<Record<string, unknown>> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    const v = a[k];
    if (k !== kb[i] || (typeof v === 'object' && v !== null) || typeof v === 'undefined' || v !== b[k]) return false;
  }
  return true;
}
