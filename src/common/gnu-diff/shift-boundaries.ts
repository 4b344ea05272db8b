/**
 * GNU diff's `shift_boundaries` (diffutils analyze.c), re-expressed: after the edit script is
 * found, every run of changed lines is slid along runs of equal lines so that the output is
 * canonical. An insertion of one `x` into `x x` can be reported at any of three places; GNU
 * diff first slides the run up (merging with earlier runs), then down as far as it goes
 * (merging with later runs), and finally back up to the last position where it lines up with a
 * changed run of the other file. jsdiff's Myers picks its own position, so without this pass
 * our hunks would differ from `diff -u` whenever a change touches repeated lines (YAML has
 * many: `- name: x`, closing context lines of identical indentation).
 *
 * Worked example: old = [a, b, b, c], new = [a, b, c]. A minimal script deletes one `b`:
 * jsdiff may mark old[1]; GNU ends with old[2] (moved down as far as the equal `b` allows),
 * so the hunk shows ` a`, ` b`, `-b`, ` c`.
 */

/**
 * Slides the changed runs of `changed` (lines of one file, true = deleted/inserted) in place.
 * `other` holds the flags of the other file; `lines` the text of this file's lines (equality
 * of two lines is what GNU's `equivs` classes encode).
 */
function shiftOne(changed: boolean[], other: boolean[], lines: readonly string[]): void {
  const end = changed.length;
  // Out-of-range reads behave like GNU's sentinel entries: unchanged.
  const at = (flags: boolean[], k: number): boolean => k >= 0 && k < flags.length && flags[k] === true;
  let i = 0;
  let j = 0;
  for (;;) {
    // Find the start of the next run in this file, keeping j at the corresponding place.
    while (i < end && !changed[i]) {
      while (at(other, j)) j++;
      j++;
      i++;
    }
    if (i === end) return;
    let start = i;
    while (at(changed, ++i));
    while (at(other, j)) j++;

    let runLength: number;
    let corresponding: number;
    do {
      runLength = i - start;
      // Up: while the line before the run equals the run's last line, rotate the run upwards;
      // it may join the previous run.
      while (start > 0 && lines[start - 1] === lines[i - 1]) {
        changed[--start] = true;
        changed[--i] = false;
        while (at(changed, start - 1)) start--;
        while (at(other, --j));
      }
      // Where the run (at its current end) last touched a changed run of the other file.
      corresponding = at(other, j - 1) ? i : end;
      // Down: while the run's first line equals the line after it, rotate downwards.
      while (i !== end && lines[start] === lines[i]) {
        changed[start++] = false;
        changed[i++] = true;
        while (at(changed, i)) i++;
        while (at(other, ++j)) corresponding = i;
      }
    } while (runLength !== i - start);

    // Back up to the last place that lines up with a change in the other file, if any.
    while (corresponding < i) {
      changed[--start] = true;
      changed[--i] = false;
      while (at(other, --j));
    }
  }
}

/** Applies the slide to both files, the old one first, as GNU diff does. */
export function shiftBoundaries(
  changed0: boolean[],
  changed1: boolean[],
  lines0: readonly string[],
  lines1: readonly string[],
): void {
  shiftOne(changed0, changed1, lines0);
  shiftOne(changed1, changed0, lines1);
}
