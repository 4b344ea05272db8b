/**
 * Reading a terminal transcript: `$ command` lines (continued by a trailing `\`) followed by
 * what the terminal showed (stdout and stderr together).
 *
 * Where the expected output of a command ends:
 * - in a Markdown file (`.md`) only fenced code blocks (``` or ~~~) count; the output ends at the
 *   next `$ ` line or at the closing fence. Prose outside fences is never read.
 * - in a plain text file (an article pasted as text), the output ends at the next `$ ` line, or at
 *   a blank line whose next non-blank line reads as prose. A line after a blank one still belongs to
 *   the output when it looks like output: it is indented, it opens or closes JSON (`{ [ ] }`), it
 *   is a table header (`NAME   READY ...`, capitals separated by 2+ spaces or a tab), or it is a
 *   short describe key (`Events:`, `Pod Template:`). Anything else, e.g. `History and rollback` or
 *   `kubectl rollout status prints a line...`, is prose and ends the output (the blank lines before
 *   it are not part of it). Worked example from the article:
 *
 *       $ kubectl get deployment,replicaset -l app=hello
 *       NAME                    READY ...        <- output
 *       deployment.apps/hello   4/4   ...        <- output
 *                                                <- blank: look ahead
 *       NAME                 DESIRED ...         <- table header: still output
 *       replicaset.apps/hello-8c9694f75 ...      <- output
 *                                                <- blank: look ahead
 *       kubectl rollout status prints a line...  <- prose: output ended two lines up
 */

/** One command of a transcript and the output the transcript shows for it. */
export interface TranscriptStep {
  /** the command as the shell gets it (continuation lines kept, joined with newlines) */
  command: string;
  /** 1-based line number of the `$ ` line, for the report */
  line: number;
  /** the expected output, one entry a line (no trailing blank lines) */
  expected: string[];
  /** 0-based index of the first expected line in the file, and one past the last (for --update) */
  outputStart: number;
  outputEnd: number;
}

export interface Transcript {
  /** the file's lines (split on \n), as read */
  lines: string[];
  steps: TranscriptStep[];
}

export type TranscriptKind = 'md' | 'txt';

/** `.md`/`.markdown` files are Markdown; anything else is plain text. */
export function kindOf(path: string): TranscriptKind {
  return /\.(md|markdown)$/i.test(path) ? 'md' : 'txt';
}

const FENCE = /^\s*(```|~~~)/;
const PROMPT = /^\$ /;

/** Whether a line after a blank line still reads as command output (see the file comment). */
export function looksLikeOutput(line: string): boolean {
  if (/^\s/.test(line)) return true;
  if (/^[[\]{}]/.test(line)) return true;
  // a table header: NAME   READY   STATUS (two capitalised columns, 2+ spaces or a tab apart)
  if (/^[A-Z][A-Z0-9_./()-]*( {2,}|\t)[A-Z]/.test(line)) return true;
  // a describe key: at most three words then a colon
  if (/^[A-Z][A-Za-z-]*( [A-Za-z-]+){0,2}:(\s|$)/.test(line)) return true;
  return false;
}

/** Parses a transcript; `kind` decides which lines are read at all (see the file comment). */
export function parseTranscript(text: string, kind: TranscriptKind): Transcript {
  const lines = text.split('\n');
  const steps: TranscriptStep[] = [];
  let inFence = kind === 'txt';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (kind === 'md' && FENCE.test(line)) {
      inFence = !inFence;
      i++;
      continue;
    }
    if (!inFence || !PROMPT.test(line)) {
      i++;
      continue;
    }
    const startLine = i + 1;
    const cmd: string[] = [line.slice(2)];
    while (cmd[cmd.length - 1]!.endsWith('\\') && i + 1 < lines.length) {
      i++;
      cmd.push(lines[i]!);
    }
    i++;
    const outputStart = i;
    let end = i;
    while (i < lines.length) {
      const l = lines[i]!;
      if (PROMPT.test(l)) break;
      if (kind === 'md' && FENCE.test(l)) break;
      if (kind === 'txt' && l.trim() === '') {
        let j = i;
        while (j < lines.length && lines[j]!.trim() === '') j++;
        if (j >= lines.length || !looksLikeOutput(lines[j]!)) break;
        i = j;
        continue;
      }
      i++;
      end = i;
    }
    // trailing blank lines are not part of the output (md: blank lines before the fence)
    while (end > outputStart && lines[end - 1]!.trim() === '') end--;
    steps.push({
      command: cmd.join('\n'),
      line: startLine,
      expected: lines.slice(outputStart, end),
      outputStart,
      outputEnd: end,
    });
  }
  return { lines, steps };
}
