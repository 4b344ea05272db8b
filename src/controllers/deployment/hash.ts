/**
 * pod-template-hash: upstream's controller.ComputeHash, with one deliberate difference. Upstream
 * feeds FNV-1a a spew dump of the Go PodTemplateSpec struct, which only Go can reproduce; here
 * the hasher is fed a canonical JSON text of the template (keys sorted at every level). The
 * properties that matter hold: the same template always gives the same hash (so returning to an
 * old template finds its old ReplicaSet), any change gives a different one (barring collisions,
 * which collisionCount resolves), and the result has upstream's shape — the 32-bit sum as a
 * decimal string, passed through rand.SafeEncodeString — so it is 1–10 characters from
 * `456789bcdf`, like `8c9694f75` or `85854d9fd8`.
 */

const FNV32_OFFSET_BASIS = 0x811c9dc5; // 2166136261
const FNV32_PRIME = 0x01000193; // 16777619

/** FNV-1a 32-bit over bytes, continuing from `seed` (so input can be fed in pieces). */
export function fnv32a(bytes: Uint8Array, seed = FNV32_OFFSET_BASIS): number {
  let h = seed >>> 0;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, FNV32_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** apimachinery rand's alphabet: no vowels, no 0/1/3. */
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * rand.SafeEncodeString: every character c becomes alphabet[c mod 27]. For the decimal digits
 * this is the fixed map 0→4 1→5 2→6 3→7 4→8 5→9 6→b 7→c 8→d 9→f ('0' is 48, 48 mod 27 = 21,
 * alphabet[21] = '4'), so "1234567890" → "56789bcdf4".
 */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ALPHABET[s.charCodeAt(i) % SAFE_ALPHABET.length];
  return out;
}

/** JSON with object keys sorted at every level: one text per value, whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}

/**
 * ComputeHash(template, collisionCount). A collisionCount (status.collisionCount, once set) is
 * fed after the template as 8 bytes: the uint32 little-endian, then four zero bytes — so
 * collisionCount 0 already gives a different hash than none at all.
 */
export function computeHash(template: unknown, collisionCount?: number): string {
  let h = fnv32a(new TextEncoder().encode(canonicalJson(template)));
  if (collisionCount !== undefined) {
    const extra = new Uint8Array(8);
    new DataView(extra.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(extra, h);
  }
  return safeEncodeString(String(h));
}
