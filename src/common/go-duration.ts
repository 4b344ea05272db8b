/**
 * Go's time.ParseDuration, which kubectl uses for --timeout, --since, --request-timeout:
 * a sequence of decimal numbers with units (`300ms`, `1.5h`, `2m30s`); `0` alone is allowed.
 * Returns milliseconds, or undefined when the text is not a duration.
 */
const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** math.MaxInt64 nanoseconds, in milliseconds (2562047h47m16.854775807s) */
const MAX_DURATION_MS = 9_223_372_036_854.775807;

export function parseGoDuration(text: string): number | undefined {
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return undefined;
  let total = 0;
  const re = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  while (s.length) {
    const m = re.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * UNITS[m[2]!]!;
    s = s.slice(m[0].length);
    // A Duration is an int64 of nanoseconds: Go refuses more than about 292 years
    if (total > MAX_DURATION_MS) return undefined;
  }
  return sign * total;
}

/**
 * The error text of Go's ParseDuration, as kubectl shows it for a bad flag value: a number
 * without a unit (`5`, `1h2`) is `time: missing unit in duration "5"`, an unknown unit (`5sec`)
 * `time: unknown unit "sec" in duration "5sec"`, anything else (and an overflow)
 * `time: invalid duration "abc"`.
 */
export function goDurationError(text: string): string {
  const invalid = `time: invalid duration ${goQuote(text)}`;
  let s = text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text;
  if (s === '') return invalid;
  while (s !== '') {
    const num = /^(\d*)(\.(\d*))?/.exec(s)!;
    if (!/^[0-9.]/.test(s) || (num[1] === '' && !num[3])) return invalid;
    s = s.slice(num[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') return `time: missing unit in duration ${goQuote(text)}`;
    if (!(unit in UNITS)) return `time: unknown unit ${goQuote(unit)} in duration ${goQuote(text)}`;
    s = s.slice(unit.length);
  }
  return invalid;
}

/**
 * The time package's quote: the text in double quotes, `"` and `\\` escaped, and each byte of a
 * control or non-ASCII character as `\xNN`.
 */
function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (code >= 0x80 || code < 0x20) {
      for (const b of Buffer.from(c, 'utf8')) out += `\\x${b.toString(16).padStart(2, '0')}`;
    } else {
      out += c === '"' || c === '\\' ? `\\${c}` : c;
    }
  }
  return `${out}"`;
}

/** Go's time.Duration.String() for whole milliseconds: 1s, 1.5s, 1m20s, 5m0s, 250ms. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  const sec = `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  if (h > 0) return `${h}h${m}m${sec}`;
  if (m > 0) return `${m}m${sec}`;
  return sec;
}
