/**
 * time.Parse(time.RFC3339, s)'s error, as metav1.Time.UnmarshalJSON returns it for a bad
 * timestamp: `parsing time "bad" as "2006-01-02T15:04:05Z07:00": cannot parse "bad" as "2006"`.
 * Go walks the layout element by element; the message names the rest of the value where an
 * element failed and that element. Range errors read `parsing time "...": month out of range`,
 * left-over text `parsing time "...": extra text: "..."`.
 */
import { goQuote } from '../../common/go-strings.js';

const LAYOUT = '2006-01-02T15:04:05Z07:00';

type Elem = { lit: string } | { num: string; min: number; max: number; fixed: boolean; what: string };

const ELEMS: Elem[] = [
  { num: '2006', min: 0, max: 9999, fixed: true, what: 'year' },
  { lit: '-' },
  { num: '01', min: 1, max: 12, fixed: true, what: 'month' },
  { lit: '-' },
  { num: '02', min: 1, max: 31, fixed: true, what: 'day' },
  { lit: 'T' },
  { num: '15', min: 0, max: 23, fixed: false, what: 'hour' },
  { lit: ':' },
  { num: '04', min: 0, max: 59, fixed: true, what: 'minute' },
  { lit: ':' },
  { num: '05', min: 0, max: 59, fixed: true, what: 'second' },
];

export function timeParseError(value: string): string | undefined {
  const head = `parsing time ${goQuote(value)}`;
  const cannot = (rest: string, elem: string): string => `${head} as ${goQuote(LAYOUT)}: cannot parse ${goQuote(rest)} as ${goQuote(elem)}`;
  let rest = value;
  for (const e of ELEMS) {
    if ('lit' in e) {
      if (!rest.startsWith(e.lit)) return cannot(rest, e.lit);
      rest = rest.slice(e.lit.length);
      continue;
    }
    const m = (e.fixed || e.num === '2006' ? /^[0-9]{2}/u : /^[0-9]{1,2}/u).exec(rest);
    const digits = e.num === '2006' ? (/^[0-9]{4}/u.exec(rest)?.[0] ?? '') : (m?.[0] ?? '');
    if (!digits) return cannot(rest, e.num);
    const n = Number(digits);
    if (n < e.min || n > e.max) return `${head}: ${e.what} out of range`;
    rest = rest.slice(digits.length);
    if (e.what === 'second' && /^[.,][0-9]/u.test(rest)) rest = rest.replace(/^[.,][0-9]+/u, '');
  }
  if (rest.startsWith('Z')) rest = rest.slice(1);
  else if (/^[+-][0-9]{2}:[0-9]{2}/u.test(rest)) rest = rest.slice(6);
  else return cannot(rest, 'Z07:00');
  if (rest !== '') return `${head}: extra text: ${goQuote(rest)}`;
  return undefined;
}
