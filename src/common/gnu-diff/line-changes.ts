/**
 * Which lines of two files differ, decided the way GNU diff 3.8 decides it (analyze.c
 * diff_2_files), so that hunks come out exactly where `diff -u` puts them:
 *  1. most of the common leading and trailing lines are set aside (see lineChanges);
 *  2. lines of the rest get equivalence numbers (equal text, equal number);
 *  3. lines with no counterpart, and confusing ones among them, are discarded as changed
 *     (discard-confusing-lines.ts);
 *  4. the rest goes through the middle-snake search (middle-snake.ts);
 *  5. runs of changes are slid to their canonical place (shift-boundaries.ts).
 */
import { discardConfusingLines } from './discard-confusing-lines.js';
import { compareSequences } from './middle-snake.js';
import { shiftBoundaries } from './shift-boundaries.js';

export interface LineChanges {
  /** per line of the old file: deleted */
  changed0: boolean[];
  /** per line of the new file: inserted */
  changed1: boolean[];
}

/**
 * Splits text into lines the way diff compares them: each line keeps its `\n`, so a last line
 * without one differs from the same text with one (GNU diff reports exactly that).
 */
export function splitLines(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    if (nl < 0) break;
    out.push(text.slice(from, nl + 1));
    from = nl + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** Change flags for the lines of the middle parts (common ends already removed). */
function middleChanges(lines0: readonly string[], lines1: readonly string[]): LineChanges {
  const classes = new Map<string, number>();
  const classOf = (line: string): number => {
    let c = classes.get(line);
    if (c === undefined) classes.set(line, (c = classes.size + 1));
    return c;
  };
  const equivs0 = lines0.map(classOf);
  const equivs1 = lines1.map(classOf);
  const [discarded0, discarded1] = discardConfusingLines(equivs0, equivs1);
  const changed0 = discarded0.slice();
  const changed1 = discarded1.slice();
  // The search sees only the kept lines; its results map back through these indexes.
  const kept0 = equivs0.map((_, i) => i).filter((i) => !discarded0[i]);
  const kept1 = equivs1.map((_, i) => i).filter((i) => !discarded1[i]);
  const { deleted, inserted } = compareSequences(
    kept0.map((i) => equivs0[i]!),
    kept1.map((i) => equivs1[i]!),
  );
  deleted.forEach((d, k) => d && (changed0[kept0[k]!] = true));
  inserted.forEach((d, k) => d && (changed1[kept1[k]!] = true));
  shiftBoundaries(changed0, changed1, lines0, lines1);
  return { changed0, changed1 };
}

/**
 * GNU diff (io.c find_identical_ends) sets aside the identical leading and trailing lines of
 * the two files, except for `horizon` lines next to the differing part (the context size),
 * which stay in the analysed middle so that boundary shifting can still move changes into
 * them. The trailing lines are set aside only when both files end the same way (both with or
 * both without a final newline). Worked example, horizon 3: 10 equal leading lines → 7 set
 * aside, lines 8-10 analysed; 2 equal trailing lines → none set aside.
 */
export function lineChanges(lines0: readonly string[], lines1: readonly string[], horizon = 3): LineChanges {
  let common = 0;
  while (common < lines0.length && common < lines1.length && lines0[common] === lines1[common]) common++;
  const prefix = Math.max(0, common - horizon);
  let suffix = 0;
  const endsAlike = lines0[lines0.length - 1]?.endsWith('\n') === lines1[lines1.length - 1]?.endsWith('\n');
  if (endsAlike) {
    while (
      suffix < lines0.length - prefix &&
      suffix < lines1.length - prefix &&
      lines0[lines0.length - 1 - suffix] === lines1[lines1.length - 1 - suffix]
    ) {
      suffix++;
    }
    suffix = Math.max(0, suffix - horizon);
  }
  const middle = middleChanges(lines0.slice(prefix, lines0.length - suffix), lines1.slice(prefix, lines1.length - suffix));
  const pad = (n: number) => new Array<boolean>(n).fill(false);
  return {
    changed0: [...pad(prefix), ...middle.changed0, ...pad(suffix)],
    changed1: [...pad(prefix), ...middle.changed1, ...pad(suffix)],
  };
}
