/**
 * Reading an age as kubectl prints it (apimachinery's duration.HumanDuration, used for AGE columns
 * and event ages) back into the interval of true durations that print that way, in seconds,
 * [lo, hi). HumanDuration truncates, and how much depends on the size:
 *
 *   `42s`     (under 2 minutes)           [42, 43)
 *   `2m55s`, `5m` (under 10 minutes)      [175, 176), [300, 301)
 *   `15m`     (10 minutes to 3 hours)     [900, 960)
 *   `3h5m`, `3h` (3 to 8 hours)           [11100, 11160), [10800, 10860)
 *   `20h`     (8 to 48 hours)             one hour wide
 *   `2d5h`, `2d` (2 to 8 days)            one hour wide
 *   `30d`     (8 days to 2 years)         one day wide
 *   `2y5d`, `2y` (2 to 8 years)           one day wide; `9y` one year wide
 *
 * So `5m` is exactly five minutes (to the second): under ten minutes kubectl would have printed
 * `5m12s` otherwise. Anything else (`<invalid>`, `<unknown>`, `2m55`) is not an age.
 */

export interface Interval {
  /** inclusive, seconds */
  lo: number;
  /** exclusive, seconds */
  hi: number;
}

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;
const YEAR = 365 * DAY;

const AGE = /^(?:(\d+)y)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** The interval an age printed by HumanDuration stands for, or undefined when it is not one. */
export function ageInterval(text: string): Interval | undefined {
  const m = AGE.exec(text);
  if (m === null || text === '') return undefined;
  const [y, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5]].map((v) => (v === undefined ? undefined : Number(v)));
  const lo = (y ?? 0) * YEAR + (d ?? 0) * DAY + (h ?? 0) * HOUR + (mi ?? 0) * MIN + (s ?? 0);
  const width = widthOf(y, d, h, mi, s);
  return width === undefined ? undefined : { lo, hi: lo + width };
}

/** The truncation of the one form HumanDuration prints for these parts; undefined for a form it never prints. */
function widthOf(y?: number, d?: number, h?: number, mi?: number, s?: number): number | undefined {
  const only = (...present: (number | undefined)[]): boolean =>
    [y, d, h, mi, s].filter((v) => v !== undefined).length === present.filter((v) => v !== undefined).length &&
    present.every((v) => v !== undefined);
  if (only(s)) return s! < 120 ? 1 : undefined;
  if (only(mi, s)) return mi! >= 2 && mi! < 10 && s! > 0 && s! < 60 ? 1 : undefined;
  if (only(mi)) return mi! >= 2 && mi! < 10 ? 1 : mi! >= 10 && mi! < 180 ? MIN : undefined;
  if (only(h, mi)) return h! >= 3 && h! < 8 && mi! > 0 && mi! < 60 ? MIN : undefined;
  if (only(h)) return h! >= 3 && h! < 8 ? MIN : h! >= 8 && h! < 48 ? HOUR : undefined;
  if (only(d, h)) return d! >= 2 && d! < 8 && h! > 0 && h! < 24 ? HOUR : undefined;
  if (only(d)) return d! >= 2 && d! < 8 ? HOUR : d! >= 8 && d! < 730 ? DAY : undefined;
  if (only(y, d)) return y! >= 2 && y! < 8 && d! > 0 && d! < 365 ? DAY : undefined;
  if (only(y)) return y! >= 2 && y! < 8 ? DAY : y! >= 8 ? YEAR : undefined;
  return undefined;
}

/** An age of `seconds` as HumanDuration prints it, for the explanations (`1m3s`, `47s`). */
export function humanAge(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 0) return '0s';
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return s % 60 === 0 ? `${m}m` : `${m}m${s % 60}s`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(s / 3600);
  if (h < 8) return m % 60 === 0 ? `${h}h` : `${h}h${m % 60}m`;
  if (h < 48) return `${h}h`;
  const days = Math.floor(h / 24);
  if (h < 24 * 8) return h % 24 === 0 ? `${days}d` : `${days}d${h % 24}h`;
  if (h < 24 * 365 * 2) return `${days}d`;
  const years = Math.floor(days / 365);
  if (h < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** A signed clock advance for the explanations: `+1m52s`, `+4.6s`, `+0s`. */
export function formatAdvance(seconds: number): string {
  if (seconds < 120) return `+${Number(seconds.toFixed(3))}s`;
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  return `+${m}m${whole % 60}s`;
}
