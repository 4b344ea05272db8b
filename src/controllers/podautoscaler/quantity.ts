/** resource.Quantity's MilliValue and NewMilliQuantity, as the HPA controller uses them. */
import { formatQuantity, parseQuantity } from '../../apiserver/validation/quantity.js';

const NANOS_PER_MILLI = 1_000_000n;

/** Quantity.MilliValue(): the value in milli-units, rounded up; undefined for a text that is no quantity. */
export function milliValue(text: string | number | undefined): number | undefined {
  if (text === undefined) return undefined;
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
