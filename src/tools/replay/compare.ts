/**
 * Comparing one command's expected output with what the replay printed: generated names mapped
 * (name-mapping.ts), the article's sorted lists re-sorted by the mapped names (sorted-runs.ts;
 * not for a watch), then both sides normalised (normalise.ts) and compared line by line, a line
 * that is only `…` or `...` standing for any number of actual lines (elision.ts); a difference is
 * shown as `diff -u` shows it (common/gnu-diff/unified-diff.ts), each elision replaced by the lines
 * it matched.
 */
import { unifiedDiff } from '../../common/gnu-diff/unified-diff.js';
import { matchWithElisions } from './elision.js';
import type { NameMapping } from './name-mapping.js';
import { normaliseOutput } from './normalise.js';
import { TABLE_HEADER, resortMappedRuns } from './sorted-runs.js';

export interface Comparison {
  pass: boolean;
  /** a unified diff of the normalised expected and actual output (empty when they match) */
  diff: string;
}

/** Splits program output into lines (a final newline ends the last line, it does not add one). */
export function outputLines(output: string): string[] {
  const lines = output.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return matchWithElisions(a, b).pass;
}

/**
 * The rows of every table (a header line, then rows up to a blank line) sorted. kubectl sorts
 * rows by name, and mapped names sort differently: the article lists `hello-85854d9fd8` before
 * `hello-8c9694f75`, the replay their partners `hello-6474c95c86` before `hello-b5cb4bcc7` the
 * other way round. A second comparison with sorted rows forgives only that order. Not used for a
 * watch (`get -w`), whose rows are events in time order.
 */
export function sortTableRows(lines: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    out.push(line);
    i++;
    if (!TABLE_HEADER.test(line)) continue;
    const rows: string[] = [];
    while (i < lines.length && lines[i] !== '') rows.push(lines[i++]!);
    out.push(...rows.sort());
  }
  return out;
}

export function compareOutput(
  expected: readonly string[],
  actual: string,
  mapping: NameMapping,
  opts: { sortRows: boolean } = { sortRows: true },
): Comparison {
  const expectedText = expected.join('\n');
  mapping.learn(expectedText, actual);
  const map = (text: string) => mapping.apply(text);
  const want = normaliseOutput(opts.sortRows ? resortMappedRuns(expectedText.split('\n'), map) : map(expectedText).split('\n'));
  const got = normaliseOutput(outputLines(actual));
  if (sameLines(want, got) || (opts.sortRows && sameLines(sortTableRows(want), sortTableRows(got)))) {
    return { pass: true, diff: '' };
  }
  const text = (ls: string[]) => (ls.length === 0 ? '' : `${ls.join('\n')}\n`);
  // `diff -u` as GNU diffutils prints it, from the engine `kubectl diff` uses; an elided span
  // shows as the actual lines it matched (context), not as a `-…` line
  const shown = matchWithElisions(want, got).expanded;
  return { pass: false, diff: unifiedDiff(text(shown), text(got), 'expected', 'actual') };
}
