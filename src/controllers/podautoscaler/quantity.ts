/** resource.Quantity's MilliValue and NewMilliQuantity, as the HPA controller uses them. */
import { formatQuantity, parseQuantity } from '../../apiserver/validation/quantity.js';

const NANOS_PER_MILLI = 1_000_000n;

/** Parsed texts: every sync reads the same requests and usages again (a bounded memo). */
const parsed = new Map<string | number, number | undefined>();
const MAX_PARSED = 10_000;

/** Quantity.MilliValue(): the value in milli-units, rounded up; undefined for a text that is no quantity. */
export function milliValue(text: string | number | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (parsed.has(text)) return parsed.get(text);
  if (parsed.size >= MAX_PARSED) parsed.clear();
  const v = parseMilli(text);
  parsed.set(text, v);
  return v;
}

function parseMilli(text: string | number): number | undefined {
  const q = parseQuantity(text);
  if (!q) return undefined;
  const n = q.nanos;
  const whole = n / NANOS_PER_MILLI;
  const up = n > 0n && n % NANOS_PER_MILLI !== 0n ? whole + 1n : whole;
  return Number(up);
}

/** resource.NewMilliQuantity(v, DecimalSI).String(): 500 → `500m`, 2000 → `2`. */
export function milliQuantity(milli: number, format: 'DecimalSI' | 'BinarySI' = 'DecimalSI'): string {
  return formatQuantity({ nanos: BigInt(Math.trunc(milli)) * NANOS_PER_MILLI, format });
}
