/**
 * `diff -u -N DIR1 DIR2` for the flat directories kubectl diff writes: for every file name in
 * either directory (sorted), a `diff -u -N DIR1/name DIR2/name` line and the unified diff when
 * the two differ; a file missing on one side reads as empty (-N). Same output and exit status
 * as GNU diff, without running it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gnuTimestamp } from './gnu-timestamp.js';
import { unifiedDiff } from '../../../common/gnu-diff/unified-diff.js';

export interface DirectoryDiff {
  /** what diff prints on stdout */
  text: string;
  /** diff's exit status: 0 when nothing differs, 1 otherwise */
  status: 0 | 1;
}

/**
 * Byte order of names. GNU diff sorts with strcoll, which equals byte order in the C locale
 * and for the ASCII `group.version.Kind.namespace.name` names kubectl writes in most others.
 */
function byteOrder(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}

/** The label after `---`/`+++`: the path, a tab and the file's mtime (the epoch when absent). */
function label(path: string): string {
  const mtime = existsSync(path) ? statSync(path, { bigint: true }).mtimeNs : 0n;
  return `${path}\t${gnuTimestamp(mtime)}`;
}

const contents = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');

export function diffDirectories(from: string, to: string): DirectoryDiff {
  const names = [...new Set([...readdirSync(from), ...readdirSync(to)])].sort(byteOrder);
  let text = '';
  for (const name of names) {
    const a = join(from, name);
    const b = join(to, name);
    const body = unifiedDiff(contents(a), contents(b), label(a), label(b));
    if (body !== '') text += `diff -u -N ${a} ${b}\n${body}`;
  }
  return { text, status: text === '' ? 0 : 1 };
}
