/**
 * The timeline as plain text aligned like kubectl's tables (columns padded to their widest cell,
 * three spaces apart; the last column not padded): the same text on a terminal and in a pipe
 * (cli-table3 is not a dependency of kubemu).
 */
import { goDuration } from '../../common/go-duration.js';
import { rfc3339 } from '../../sim/clock.js';
import type { TimelineRow } from './timeline-rows.js';

export const TIMELINE_HEADERS = ['TIME', 'GEN', 'REV', 'OLD', 'NEW', 'READY', 'AVAILABLE', 'PODS', 'EVENT'] as const;

/** `+2m5s` after the first row (`+0s` for it), or the cluster time in RFC 3339 when absolute. */
export function timeCell(ms: number, startMs: number, absolute: boolean): string {
  return absolute ? rfc3339(ms) : `+${goDuration(ms - startMs)}`;
}

export function renderTimeline(rows: readonly TimelineRow[], opts: { absolute?: boolean } = {}): string {
  const start = rows[0]?.timeMs ?? 0;
  const cells = rows.map((r) => [
    timeCell(r.timeMs, start, opts.absolute === true),
    String(r.generation),
    r.revision || '-',
    String(r.oldDesired),
    String(r.newDesired),
    String(r.ready),
    String(r.available),
    String(r.pods),
    r.event,
  ]);
  const table = [[...TIMELINE_HEADERS], ...cells];
  const widths = TIMELINE_HEADERS.map((_, i) => Math.max(...table.map((row) => [...row[i]!].length)));
  return table.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c + ' '.repeat(widths[i]! - [...c].length + 3))).join('').trimEnd() + '\n').join('');
}
