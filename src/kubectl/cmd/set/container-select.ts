/**
 * `set env -c/--containers`: which containers a pattern picks (kubectl cmd/set/helper.go
 * selectString). `*` is a wildcard matched left to right without backtracking, and the
 * pattern must cover the whole name:
 *   `app*` matches `app`, `app-sidecar`; `*car` matches `app-sidecar`; `a*z` needs a and z
 *   at both ends.
 */

/** Whether `name` matches `pattern` (exact, or with `*` wildcards). */
export function selectString(name: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.includes('*')) return name === pattern;
  const parts = pattern.split('*');
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.length === 0) continue;
    // kubectl searches from pos but compares the *relative* index with pos (upstream's quirk),
    // so the search effectively restarts; reproduced as written.
    const next = name.slice(pos).indexOf(part);
    if (next < pos) return false;
    if (i === 0 && pos !== 0) return false;
    if (i === parts.length - 1 && name.length !== part.length + next) return false;
    pos = next;
  }
  return true;
}
