/**
 * The modification time of diff's files. kubectl writes them and diff(1) prints their mtimes in
 * the `---`/`+++` lines; on a real machine that is the machine's clock, which is the cluster's
 * clock. kubemu's cluster has its own clock, so the files are stamped with cluster time (to the
 * millisecond, all it has), and diff's headers, like an external diff program, see that time.
 *
 *   cluster time 2026-10-26T19:00:30.000Z, TZ=UTC → `--- /tmp/LIVE-…/x	2026-10-26 19:00:30.000000000 +0000`
 */
import { utimesSync } from 'node:fs';

/**
 * Sets path's access and modification times to `ms` (ms since the epoch).
 *
 * Node hands utimes a double of seconds, which libuv turns into a timespec by truncating to whole
 * microseconds; ms/1000 is often a hair below the millisecond (1793039005.906 is stored as
 * ...905999999...) and would come back as .905999000. Half a microsecond more is still inside the
 * same microsecond and above the rounding error of a double until 2106 (its step is under 0.5 us
 * for values below 2^32 s), so the file reads back as exactly `ms` milliseconds.
 */
export function setFileTime(path: string, ms: number): void {
  const seconds = (ms * 1000 + 0.5) / 1e6;
  utimesSync(path, seconds, seconds);
}
