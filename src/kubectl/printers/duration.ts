/**
 * apimachinery's util/duration (HumanDuration, ShortHumanDuration) and printers.go's
 * translateTimestampSince. Durations are in milliseconds; Go works in nanoseconds, but every
 * division it does truncates to whole seconds or coarser, so milliseconds lose nothing.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** time.Time{} (0001-01-01T00:00:00Z), which IsZero() reports and printers show as `<unknown>`. */
const GO_ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

/** Go integer division of a duration: truncation toward zero. */
function whole(ms: number, unit: number): number {
  return Math.trunc(ms / unit);
}

/**
 * The AGE format: about 2–3 significant figures, coarser as the duration grows.
 *
 *   d < -1s (i.e. int seconds < -1) → `<invalid>`; up to 1.999 s in the future → `0s`
 *   < 120s  → `%ds`                         (`0s`, `119s`)
 *   < 10m   → `%dm` or `%dm%ds`             (`2m`, `2m5s`, `9m59s`)
 *   < 3h    → `%dm`                         (`10m`, `179m`)
 *   < 8h    → `%dh` or `%dh%dm`             (`3h`, `3h5m`, `7h59m`)
 *   < 48h   → `%dh`                         (`8h`, `47h`)
 *   < 8d    → `%dd` or `%dd%dh`             (`2d`, `2d5h`, `7d23h`)
 *   < 730d  → `%dd`                         (`8d`, `729d`)
 *   < 2920d → `%dy` or `%dy%dd` (365-day y) (`2y`, `2y10d`)
 *   else    → `%dy`
 *
 * Worked example: 3h5m59s = 11159 s → minutes 185 (≥ 180), hours 3 (< 8), 185 % 60 = 5 → `3h5m`.
 */
export function humanDuration(ms: number): string {
  const seconds = whole(ms, SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = whole(ms, HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${whole(hours, 24)}d` : `${whole(hours, 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${whole(hours, 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = whole(hours, 24);
    const dy = days % 365;
    return dy === 0 ? `${whole(days, 365)}y` : `${whole(days, 365)}y${dy}d`;
  }
  return `${whole(hours, 24 * 365)}y`;
}

/**
 * The coarser variant: one unit only. `59s`, `59m`, `23h`, `364d`, then years of 365 days.
 * (kubectl uses it outside tables, e.g. for some describe fields; AGE uses humanDuration.)
 */
export function shortHumanDuration(ms: number): string {
  const seconds = whole(ms, SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = whole(ms, HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${whole(hours, 24)}d`;
  return `${whole(ms, 365 * 24 * HOUR)}y`;
}

/**
 * Milliseconds since the epoch for an RFC 3339 timestamp, or undefined for Go's zero time: a
 * missing/null/empty field, `0001-01-01T00:00:00Z`, or text that does not parse.
 */
export function timestampMs(ts: string | null | undefined): number | undefined {
  if (ts === undefined || ts === null || ts === '') return undefined;
  const ms = Date.parse(ts);
  if (Number.isNaN(ms)) return undefined;
  if (ms === GO_ZERO_TIME_MS) return undefined;
  return ms;
}

/** printers.go translateTimestampSince: HumanDuration(now − ts), or `<unknown>` for a zero time. */
export function translateTimestampSince(ts: string | null | undefined, nowMs: number): string {
  const ms = timestampMs(ts);
  if (ms === undefined) return '<unknown>';
  return humanDuration(nowMs - ms);
}
