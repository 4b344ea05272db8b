/**
 * Elisions: articles shorten long outputs with a line that is only `…` or `...` (blanks around it
 * allowed). Such a line of the expected output matches any number of lines of the actual output,
 * none included; an output may hold several. The match is an alignment of the two line lists in
 * which an elision absorbs actual lines for free and every other difference costs one line:
 *
 *   expected: A, …, D        actual: A, B, C, D   -> match, the elision stands for B, C
 *   expected: A, …, D        actual: A, B, E      -> no match; shown as expected A, B, D
 *                                                    against actual A, B, E (B as matched)
 *
 * Inside a line, `…` (U+2026, not `...`: kubectl prints `...` in its messages) shortens it: the
 * line matches an actual one that starts with the text before the first `…`, ends with the text
 * after the last, and holds the parts between them in that order:
 *
 *   expected: {"apiVersion":"apps/v1",…}     actual: {"apiVersion":"apps/v1","kind":"Deployment"}  -> match
 *
 * On a mismatch, `expand` gives the expected side with each elision replaced by the actual lines
 * the best alignment lets it stand for, so `diff -u` shows the elided span as common context and
 * only the real differences as - and + lines.
 */

/** Whether a line is an elision: only `…` or `...`, surrounding blanks allowed. */
export function isElision(line: string): boolean {
  const t = line.trim();
  return t === '…' || t === '...';
}

/**
 * Whether an expected line matches an actual one: equal, or, with `…` inside it, the parts around
 * and between the `…`s found in order (the first at the start, the last at the end).
 */
export function lineMatches(want: string, got: string): boolean {
  if (want === got) return true;
  if (!want.includes('…') || isElision(want)) return false;
  const parts = want.split('…');
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!got.startsWith(first) || got.length < first.length + last.length || !got.endsWith(last)) return false;
  let at = first.length;
  const end = got.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const found = got.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

export interface ElidedMatch {
  /** every line of `got` accounted for: literal lines equal, the rest absorbed by elisions */
  pass: boolean;
  /** `want` with each elision replaced by the actual lines it stands for (for the diff) */
  expanded: string[];
}

/** Aligns `want` (which may hold elisions) with `got`; see the file comment. */
export function matchWithElisions(want: readonly string[], got: readonly string[]): ElidedMatch {
  const n = want.length;
  const m = got.length;
  const elided = want.map(isElision);
  // cost[i][j]: fewest unmatched lines aligning want[i..] with got[j..]
  const cost: Int32Array[] = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let j = 0; j <= m; j++) cost[n]![j] = m - j;
  for (let i = n - 1; i >= 0; i--) {
    const row = cost[i]!;
    const next = cost[i + 1]!;
    for (let j = m; j >= 0; j--) {
      if (elided[i]) {
        row[j] = j < m ? Math.min(next[j]!, row[j + 1]!) : next[j]!;
        continue;
      }
      let best = 1 + next[j]!;
      if (j < m) {
        best = Math.min(best, 1 + row[j + 1]!);
        if (lineMatches(want[i]!, got[j]!)) best = Math.min(best, next[j + 1]!);
      }
      row[j] = best;
    }
  }
  const expanded: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n) {
    const here = cost[i]![j]!;
    if (elided[i]) {
      // absorb the actual line while that keeps the best cost, else end the elision
      if (j < m && cost[i]![j + 1]! === here && cost[i + 1]![j]! !== here) {
        expanded.push(got[j++]!);
      } else if (j < m && cost[i]![j + 1]! === here && cost[i + 1]![j]! === here && !(i + 1 < n && lineMatches(want[i + 1]!, got[j]!))) {
        expanded.push(got[j++]!);
      } else {
        i++;
      }
      continue;
    }
    if (j < m && lineMatches(want[i]!, got[j]!) && cost[i + 1]![j + 1]! === here) {
      // a line shortened with `…` shows as the actual line it matched (context in the diff)
      expanded.push(got[j++]!);
      i++;
    } else if (j < m && 1 + cost[i]![j + 1]! === here) {
      j++; // an actual line the expected lacks: diff shows it as +
    } else {
      expanded.push(want[i++]!);
    }
  }
  return { pass: cost[0]![0] === 0, expanded };
}
