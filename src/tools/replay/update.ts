/**
 * `--update`: the transcript rewritten with what the replay printed in place of each expected
 * output. Skipped commands keep theirs; nothing outside the output ranges changes (prose, fences,
 * the commands themselves).
 */
import { outputLines } from './compare.js';
import type { Transcript } from './parse-transcript.js';
import type { StepResult } from './run-transcript.js';

export function updatedText(transcript: Transcript, results: readonly StepResult[]): string {
  const lines = [...transcript.lines];
  // from the last step back, so earlier line indices stay valid
  for (const r of [...results].reverse()) {
    if (r.kind !== 'ran') continue;
    // trailing blanks and a CRLF's CR (an HTTP header through curl) are not what a terminal shows
    const actual = outputLines(r.output).map((l) => l.replace(/[ \t\r]+$/, ''));
    // The range read as the expected output stops before trailing blank lines (they stay in the
    // file), so the actual output goes in without its own: an update never adds blank lines.
    while (actual.length && actual[actual.length - 1] === '') actual.pop();
    lines.splice(r.step.outputStart, r.step.outputEnd - r.step.outputStart, ...actual);
  }
  return lines.join('\n');
}
