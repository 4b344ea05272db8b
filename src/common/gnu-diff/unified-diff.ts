/**
 * The body of `diff -u` (GNU diffutils): `---`/`+++` headers, then `@@ -a,b +c,d @@` hunks
 * with three lines of context. Pure: the caller supplies the header labels (path, tab, time).
 */
import { lineChanges, splitLines } from './line-changes.js';

/** A run of deleted lines of the old file and inserted lines of the new one, 0-based. */
interface Change {
  line0: number;
  deleted: number;
  line1: number;
  inserted: number;
}

/** GNU diff's default context for -u. */
export const DEFAULT_CONTEXT = 3;

/**
 * Groups the flags into changes by walking both files in step: unchanged lines pair up, and
 * a change is a maximal stretch where either side is flagged.
 */
function changesOf(changed0: boolean[], changed1: boolean[]): Change[] {
  const out: Change[] = [];
  let i = 0;
  let j = 0;
  while (i < changed0.length || j < changed1.length) {
    if (changed0[i] || changed1[j]) {
      const c: Change = { line0: i, deleted: 0, line1: j, inserted: 0 };
      while (changed0[i]) {
        i++;
        c.deleted++;
      }
      while (changed1[j]) {
        j++;
        c.inserted++;
      }
      out.push(c);
    } else {
      i++;
      j++;
    }
  }
  return out;
}

/**
 * Splits changes into hunks. Two changes share a hunk when at most 2×context unchanged lines
 * separate them (GNU's find_hunk threshold is "fewer than 2×context+1"). With context 3: a
 * change ending before old line 10 and the next starting at line 16 have 6 unchanged lines
 * between them, the 3 trailing and 3 leading context lines meet, one hunk; 7 lines apart, two.
 */
function hunksOf(changes: Change[], context: number): Change[][] {
  const hunks: Change[][] = [];
  for (const c of changes) {
    const last = hunks[hunks.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && c.line0 - (prev.line0 + prev.deleted) <= 2 * context) last.push(c);
    else hunks.push([c]);
  }
  return hunks;
}

/**
 * GNU's print_unidiff_number_range for lines [first, last) (0-based): `5,9` for nine lines
 * starting at line 5, just `5` for one line, and for an empty range the number of the line
 * before it with `,0` (an empty old file gives `-0,0`).
 */
export function unifiedRange(first: number, last: number): string {
  const count = last - first;
  if (count === 0) return `${first},0`;
  if (count === 1) return `${first + 1}`;
  return `${first + 1},${count}`;
}

/** One printed line: prefix, text without its newline, and the marker if it had none. */
function printed(prefix: string, line: string): string {
  return line.endsWith('\n') ? `${prefix}${line}` : `${prefix}${line}\n\\ No newline at end of file\n`;
}

/**
 * The unified diff of two texts, or '' when they are equal.
 * @param oldLabel the text after `--- ` (GNU: path, a tab, the modification time)
 * @param newLabel the text after `+++ `
 */
export function unifiedDiff(oldText: string, newText: string, oldLabel: string, newLabel: string, context = DEFAULT_CONTEXT): string {
  if (oldText === newText) return '';
  const lines0 = splitLines(oldText);
  const lines1 = splitLines(newText);
  const { changed0, changed1 } = lineChanges(lines0, lines1);
  const changes = changesOf(changed0, changed1);
  if (changes.length === 0) return '';
  let out = `--- ${oldLabel}\n+++ ${newLabel}\n`;
  for (const hunk of hunksOf(changes, context)) {
    const first = hunk[0]!;
    const last = hunk[hunk.length - 1]!;
    // The unchanged stretch before a change has the same length in both files, so the same
    // amount of leading and trailing context is available on both sides.
    const lead = Math.min(context, first.line0, first.line1);
    const tail = Math.min(context, lines0.length - (last.line0 + last.deleted), lines1.length - (last.line1 + last.inserted));
    const from0 = first.line0 - lead;
    const from1 = first.line1 - lead;
    const to0 = last.line0 + last.deleted + tail;
    const to1 = last.line1 + last.inserted + tail;
    out += `@@ -${unifiedRange(from0, to0)} +${unifiedRange(from1, to1)} @@\n`;
    let i = from0;
    for (const c of hunk) {
      for (; i < c.line0; i++) out += printed(' ', lines0[i]!);
      for (let k = 0; k < c.deleted; k++) out += printed('-', lines0[i++]!);
      for (let k = 0; k < c.inserted; k++) out += printed('+', lines1[c.line1 + k]!);
    }
    for (; i < to0; i++) out += printed(' ', lines0[i]!);
  }
  return out;
}
