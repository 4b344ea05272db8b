/**
 * FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number: which stored row a
 * placement (by pod UID) or a spread group's counts (by group id) are kept in. The row numbers are
 * in the cluster file, so the hash must never change.
 */
export function rowHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
