/**
 * Comparing one command's expected output with what the replay printed: generated names mapped
 * (name-mapping.ts), then both sides normalised (normalise.ts) and compared line by line.
 */
import { createTwoFilesPatch } from 'diff';
import type { NameMapping } from './name-mapping.js';
import { normaliseOutput } from './normalise.js';

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

export function compareOutput(expected: readonly string[], actual: string, mapping: NameMapping): Comparison {
  const expectedText = expected.join('\n');
  mapping.learn(expectedText, actual);
  const want = normaliseOutput(mapping.apply(expectedText).split('\n'));
  const got = normaliseOutput(outputLines(actual));
  if (want.length === got.length && want.every((l, i) => l === got[i])) return { pass: true, diff: '' };
  const text = (ls: string[]) => (ls.length === 0 ? '' : `${ls.join('\n')}\n`);
  const patch = createTwoFilesPatch('expected', 'actual', text(want), text(got), undefined, undefined, { context: 3 });
  // drop the `Index:`/`====` header lines; keep --- +++ and the hunks
  const diff = patch
    .split('\n')
    .filter((l) => !l.startsWith('Index:') && !/^=+$/.test(l))
    .join('\n');
  return { pass: false, diff };
}
