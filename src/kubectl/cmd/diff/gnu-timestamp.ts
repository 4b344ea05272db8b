/**
 * The time stamp GNU diff prints after a file name in `---`/`+++` lines: the file's
 * modification time in local time with nanoseconds and the numeric UTC offset, as
 * strftime("%Y-%m-%d %H:%M:%S") + ".%09d" + strftime(" %z"):
 *
 *   mtime 1793038193564641082 ns, TZ=Europe/Moscow (UTC+3) → `2026-10-26 22:09:53.564641082 +0300`
 *
 * Local time is whatever the process's TZ says, as for diff(1) started by kubectl.
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The offset of local time from UTC at `date`, as `+0300` / `-0430`. */
function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** Formats a modification time given in nanoseconds since the epoch. */
export function gnuTimestamp(mtimeNs: bigint): string {
  // Whole seconds (floored, also before 1970) and the nanoseconds inside that second.
  let seconds = mtimeNs / 1_000_000_000n;
  let nanos = mtimeNs % 1_000_000_000n;
  if (nanos < 0n) {
    nanos += 1_000_000_000n;
    seconds -= 1n;
  }
  const d = new Date(Number(seconds) * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date} ${time}.${String(nanos).padStart(9, '0')} ${utcOffset(d)}`;
}
