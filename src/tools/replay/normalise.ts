/**
 * What legitimately differs between a recorded transcript and a replay, taken out before the two
 * are compared: ages, timestamps, UIDs, temp paths, trailing blanks and column padding. Generated
 * names are not erased but mapped (see name-mapping.ts), so a transcript that mixes two
 * ReplicaSets up still fails.
 */

/** An age or duration as kubectl prints it: `47s`, `2m33s`, `3h`, `5d`, or `<invalid>`. */
const AGE = /(?<![\w.:/=-])(?:\d+[dhms])+(?![\w.:/-])|<invalid>/g;
/** RFC 3339 timestamps (`2026-10-26T19:00:00Z`, with fraction or offset). */
const RFC3339 = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
/** describe's timestamps: `Mon, 26 Oct 2026 19:00:00 +0000`. */
const RFC1123 = /\b[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}/g;
/** diff -u's file times: `2026-10-26 22:09:53.564641082 +0300`. */
const DIFF_MTIME = /\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? [+-]\d{4}/g;
const UID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** kubectl diff's temp directories: `/tmp/LIVE-4064112325/` -> `<tmp>/LIVE-N/`. */
const TEMP_DIR = /(?:\/[^\s/]+)*\/(LIVE|MERGED)-\d+\//g;

/**
 * One line with everything that differs from run to run replaced by a placeholder, trailing
 * blanks dropped, and runs of two or more spaces inside the line made two: table columns are
 * padded to the longest cell, so `hello-8c9694f75    4` (article) and `hello-6474c95c86   4`
 * (replay) both read `hello-X  4`. Leading indentation is kept (it is YAML's structure).
 */
export function normaliseLine(line: string): string {
  const trimmed = line.replace(/\s+$/, '');
  const indent = /^\s*/.exec(trimmed)![0];
  const body = trimmed
    .slice(indent.length)
    .replace(RFC3339, '<time>')
    .replace(RFC1123, '<time>')
    .replace(DIFF_MTIME, '<time>')
    .replace(UID, '<uid>')
    .replace(TEMP_DIR, '<tmp>/$1-N/')
    .replace(AGE, '<age>')
    .replace(/ {2,}/g, '  ');
  return indent + body;
}

/** The lines of an output, normalised, without trailing blank lines. */
export function normaliseOutput(lines: readonly string[]): string[] {
  const out = lines.map(normaliseLine);
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}
