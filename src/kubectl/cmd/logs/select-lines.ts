import { type KlogLine, formatKlogLine } from '../../../logs/klog.js';
import type { TimedLine } from '../../../images/app-log-lines.js';

/** What `kubectl logs` asks the kubelet for (PodLogOptions). */
export interface LogSelection {
  /** --since: only lines from the last this many ms of cluster time */
  sinceMs?: number;
  /** --tail: only the last N lines (after --since); negative: all */
  tail?: number;
  /** --timestamps: each line prefixed with its RFC 3339 time with nanoseconds */
  timestamps?: boolean;
  /** --since-time: only lines at or after this instant (ms) */
  sinceTimeMs?: number;
  /** --prefix: each line prefixed with `[pod/NAME/CONTAINER] ` */
  prefix?: boolean;
  /** --limit-bytes: the stream stops after this many bytes (0 or undefined: no limit) */
  limitBytes?: number;
}

/**
 * RFC3339Nano as the kubelet prefixes lines with --timestamps (the container runtime's own time,
 * here the line's): 19:41:10.935036 → `2026-10-26T19:41:10.935036000Z`.
 */
export function timestampPrefix(us: number): string {
  const iso = new Date(Math.floor(us / 1000)).toISOString(); // ...T19:41:10.935Z
  return `${iso.slice(0, 19)}.${String((us % 1_000_000) * 1000).padStart(9, '0')}Z`;
}

/**
 * The lines the kubelet returns: --since is applied first (lines at or after now − since), then
 * --tail keeps the newest N of those, as the kubelet's log reader does. With lines at 10 s, 15 s,
 * 25 s, now = 30 s: --since=20s keeps 15 s and 25 s; adding --tail=1 keeps 25 s.
 */
export function selectLogLines(lines: readonly KlogLine[], nowMs: number, sel: LogSelection): string {
  let kept = lines;
  if (sel.sinceMs !== undefined) {
    const fromUs = (nowMs - sel.sinceMs) * 1000;
    kept = kept.filter((l) => l.us >= fromUs);
  }
  if (sel.tail !== undefined && sel.tail >= 0) kept = sel.tail === 0 ? [] : kept.slice(-sel.tail);
  return kept.map((l) => `${sel.timestamps ? `${timestampPrefix(l.us)} ` : ''}${formatKlogLine(l)}\n`).join('');
}

/**
 * A stream's text as kubectl prints it: the kubelet's lines (with their timestamps under
 * --timestamps), cut after --limit-bytes bytes (the kubelet stops there, mid-line if it falls
 * there), then kubectl's `[pod/NAME/CONTAINER] ` before each line it reads under --prefix.
 */
export function streamOutput(lines: readonly TimedLine[], sel: LogSelection, source: { pod: { metadata: { name?: string } }; container: string }): string {
  let text = lines.map((l) => `${sel.timestamps ? `${timestampPrefix(l.us)} ` : ''}${l.text}\n`).join('');
  if (sel.limitBytes !== undefined && sel.limitBytes > 0) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > sel.limitBytes) text = bytes.subarray(0, sel.limitBytes).toString('utf8');
  }
  if (!sel.prefix || text === '') return text;
  const prefix = `[pod/${source.pod.metadata.name ?? ''}/${source.container}] `;
  return text.replace(/[^\n]*(\n|$)/g, (m) => (m === '' ? '' : prefix + m));
}
