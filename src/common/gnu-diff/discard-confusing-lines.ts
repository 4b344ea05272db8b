/**
 * GNU diff's `discard_confusing_lines` (analyze.c), re-expressed. Before the edit script is
 * searched, lines that cannot match anything in the other file are taken out (they are
 * changes anyway), and so are lines that match very many lines there ("confusing" lines, such
 * as blank lines or `}`), but only inside a run of definitely unmatched lines. This makes the
 * search faster and, as a side effect, decides which of several equal-cost scripts GNU diff
 * prints, so we do it too.
 *
 * Classification of a line by how often its text occurs in the other file:
 *   0 times           → 1 (discard)
 *   more than `many`  → 2 (provisional), where many = 5 × 2^k, k growing with √(lines/64):
 *                        5 below 256 lines, 10 from 256, 20 from 1024 ...
 *   otherwise         → 0 (keep)
 * Provisional lines are kept unless they sit inside a run of discardable lines that starts and
 * ends with a definite discard, make up at most a quarter of it, and are not part of a long
 * stretch of provisionals or near the run's ends (see below).
 */

/** Discard flags for the lines of one file (0 keep, 1 discard, 2 provisional → resolved). */
function classify(equivs: readonly number[], otherCounts: ReadonlyMap<number, number>): number[] {
  const end = equivs.length;
  let many = 5;
  for (let tem = Math.floor(end / 64); (tem = Math.floor(tem / 4)) > 0; ) many *= 2;
  return equivs.map((e) => {
    const n = otherCounts.get(e) ?? 0;
    return n === 0 ? 1 : n > many ? 2 : 0;
  });
}

/** Keeps only the provisional discards that are well inside runs of definite discards. */
function resolveProvisional(discards: number[]): void {
  const end = discards.length;
  for (let i = 0; i < end; i++) {
    if (discards[i] === 2) {
      // A provisional line that does not continue a run of discards is kept.
      discards[i] = 0;
      continue;
    }
    if (discards[i] === 0) continue;
    // A definite discard starts a run: find its end and count its provisionals.
    let j = i;
    let provisional = 0;
    for (; j < end && discards[j] !== 0; j++) if (discards[j] === 2) provisional++;
    // Provisionals at the end of the run are kept; the run ends at a definite discard.
    while (j > i && discards[j - 1] === 2) {
      discards[--j] = 0;
      provisional--;
    }
    const length = j - i;
    if (provisional * 4 > length) {
      // Too many provisionals in the run (over a quarter): keep them all.
      while (j > i) if (discards[--j] === 2) discards[j] = 0;
    } else {
      // A stretch of `minimum` or more provisionals is kept (minimum ≈ √(length/4) + 1:
      // 2 below length 16, 3 from 16, 5 from 64...).
      let minimum = 1;
      for (let tem = length >> 2; (tem >>= 2) > 0; ) minimum <<= 1;
      minimum++;
      let consec = 0;
      for (let k = 0; k < length; k++) {
        if (discards[i + k] !== 2) consec = 0;
        else if (minimum === ++consec) k -= consec; // back to the stretch's start, keep it all
        else if (minimum < consec) discards[i + k] = 0;
      }
      // From the start of the run until three definite discards in a row (or a definite
      // discard at least 8 lines in), provisionals are kept; the same from the end.
      consec = 0;
      for (let k = 0; k < length; k++) {
        if (k >= 8 && discards[i + k] === 1) break;
        if (discards[i + k] === 2) {
          consec = 0;
          discards[i + k] = 0;
        } else if (discards[i + k] === 0) consec = 0;
        else consec++;
        if (consec === 3) break;
      }
      i += length - 1;
      consec = 0;
      for (let k = 0; k < length; k++) {
        if (k >= 8 && discards[i - k] === 1) break;
        if (discards[i - k] === 2) {
          consec = 0;
          discards[i - k] = 0;
        } else if (discards[i - k] === 0) consec = 0;
        else consec++;
        if (consec === 3) break;
      }
    }
  }
}

function countClasses(equivs: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of equivs) counts.set(e, (counts.get(e) ?? 0) + 1);
  return counts;
}

/** Which lines of each file to leave out of the search (true = discarded, i.e. changed). */
export function discardConfusingLines(equivs0: readonly number[], equivs1: readonly number[]): [boolean[], boolean[]] {
  const d0 = classify(equivs0, countClasses(equivs1));
  const d1 = classify(equivs1, countClasses(equivs0));
  resolveProvisional(d0);
  resolveProvisional(d1);
  return [d0.map((v) => v !== 0), d1.map((v) => v !== 0)];
}
