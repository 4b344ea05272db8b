/**
 * The replay report: one entry a command (PASS, FAIL with a unified diff of expected vs actual,
 * SKIP with the reason), then exactly `N passed, N failed, N skipped`.
 */
import { type Paint, PLAIN } from './colour.js';
import { compareOutput } from './compare.js';
import { NameMapping } from './name-mapping.js';
import type { StepResult } from './run-transcript.js';
import { watches } from './skip-rules.js';

export type Verdict =
  | { status: 'PASS'; result: StepResult }
  | { status: 'FAIL'; result: StepResult; diff: string }
  | { status: 'SKIP'; result: StepResult; reason: string };

/** Judges every result in order; the name mapping grows across the whole transcript. */
export function judge(results: readonly StepResult[], mapping = new NameMapping()): Verdict[] {
  return results.map((result): Verdict => {
    if (result.kind === 'skip') return { status: 'SKIP', result, reason: result.reason };
    const c = compareOutput(result.step.expected, result.output, mapping, { sortRows: !watches(result.step.command) });
    return c.pass ? { status: 'PASS', result } : { status: 'FAIL', result, diff: c.diff };
  });
}

/** `N passed, N failed, N skipped` (a count painted when it is not 0). */
export function summaryLine(verdicts: readonly Verdict[], paint: Paint = PLAIN): string {
  const n = (s: Verdict['status']) => verdicts.filter((v) => v.status === s).length;
  const part = (s: Verdict['status'], word: string, p: (t: string) => string) => (n(s) === 0 ? `0 ${word}` : p(`${n(s)} ${word}`));
  return `${part('PASS', 'passed', paint.pass)}, ${part('FAIL', 'failed', paint.fail)}, ${part('SKIP', 'skipped', paint.skip)}`;
}

const STATUS_PAINT = { PASS: 'pass', FAIL: 'fail', SKIP: 'skip' } as const;

function diffLine(line: string, paint: Paint): string {
  if (line.startsWith('@@')) return paint.hunk(line);
  if (line.startsWith('---') || line.startsWith('+++')) return line;
  if (line.startsWith('-')) return paint.removed(line);
  if (line.startsWith('+')) return paint.added(line);
  return line;
}

/** The first line of a command (continuations shown as ` ...`). */
function headline(command: string): string {
  const [first, ...rest] = command.split('\n');
  return rest.length > 0 ? `${first!} ...` : first!;
}

/**
 * The whole report as text: `PASS  file:12  $ kubectl ...`, diffs indented under their FAIL; `paint`
 * colours it for a terminal (colour.ts), plain by default.
 */
export function formatReport(file: string, verdicts: readonly Verdict[], paint: Paint = PLAIN): string {
  let out = '';
  for (const v of verdicts) {
    const where = `${file}:${v.result.step.line}`;
    out += `${paint[STATUS_PAINT[v.status]](v.status)}  ${where}  $ ${headline(v.result.step.command)}\n`;
    if (v.status === 'SKIP') out += `      skipped: ${v.reason}\n`;
    if (v.result.kind === 'ran' && v.result.command !== v.result.step.command) out += `      ran: ${headline(v.result.command)}\n`;
    if (v.status === 'FAIL') {
      if (v.result.kind === 'ran' && v.result.exitCode !== 0) out += `      (exit code ${v.result.exitCode})\n`;
      for (const l of v.diff.split('\n')) if (l !== '') out += `      ${diffLine(l, paint)}\n`;
    }
  }
  return `${out}${summaryLine(verdicts, paint)}\n`;
}
