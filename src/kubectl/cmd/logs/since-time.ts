import { CliError } from '../../util/errors.js';

/** Go's time.RFC3339, the layout kubectl's ParseRFC3339 names in its error. */
const RFC3339 = '2006-01-02T15:04:05Z07:00';

/**
 * `--since-time`: kubectl's util.ParseRFC3339 (RFC3339Nano, else RFC3339: a fraction of a second is
 * taken either way), with Go's time.Parse errors for the RFC3339 layout:
 *
 *   "abc"                   → parsing time "abc" as "2006-01-02T15:04:05Z07:00": cannot parse "abc" as "2006"
 *   "2026-10-26"            → ... cannot parse "" as "T"
 *   "2026-13-01T00:00:00Z"  → parsing time "2026-13-01T00:00:00Z": month out of range
 *   "2026-10-26T19:00:00Zx" → parsing time "2026-10-26T19:00:00Zx": extra text: "x"
 *
 * Returns milliseconds since the epoch (a fraction finer than that is dropped).
 */
export function parseRfc3339(value: string): number {
  let rest = value;
  const cannot = (elem: string) => new CliError(`parsing time ${goq(value)} as ${goq(RFC3339)}: cannot parse ${goq(rest)} as ${goq(elem)}`);
  const range = (what: string) => new CliError(`parsing time ${goq(value)}: ${what} out of range`);
  const digits = (n: number, elem: string): number => {
    if (rest.length < n || !/^\d+$/.test(rest.slice(0, n))) throw cannot(elem);
    const v = Number(rest.slice(0, n));
    rest = rest.slice(n);
    return v;
  };
  const literal = (s: string) => {
    if (!rest.startsWith(s)) throw cannot(s);
    rest = rest.slice(s.length);
  };
  const year = digits(4, '2006');
  literal('-');
  const month = digits(2, '01');
  literal('-');
  const day = digits(2, '02');
  literal('T');
  const hour = digits(2, '15');
  literal(':');
  const minute = digits(2, '04');
  literal(':');
  const second = digits(2, '05');
  let fracMs = 0;
  const frac = /^[.,](\d+)/.exec(rest);
  if (frac) {
    fracMs = Number(`0.${frac[1]}`) * 1000;
    rest = rest.slice(frac[0].length);
  }
  let offsetMin = 0;
  if (rest.startsWith('Z')) rest = rest.slice(1);
  else {
    const tz = /^([+-])(\d\d):(\d\d)/.exec(rest);
    if (!tz) throw cannot('Z07:00');
    offsetMin = (tz[1] === '-' ? -1 : 1) * (Number(tz[2]) * 60 + Number(tz[3]));
    rest = rest.slice(tz[0].length);
  }
  if (rest !== '') throw new CliError(`parsing time ${goq(value)}: extra text: ${goq(rest)}`);
  if (month < 1 || month > 12) throw range('month');
  if (hour > 23) throw range('hour');
  if (minute > 59) throw range('minute');
  if (second > 59) throw range('second');
  const daysIn = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysIn) throw range('day');
  return Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(fracMs) - offsetMin * 60_000;
}

/** Go's %q for the ASCII a time value holds. */
function goq(s: string): string {
  return JSON.stringify(s);
}
