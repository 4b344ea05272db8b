import { formatQuantity } from '../../apiserver/validation/quantity.js';

/**
 * resource.NewMilliQuantity(n, DecimalSI).String(): a count of thousandths as its canonical
 * quantity text. KEDA builds its HPA targets this way from a trigger's float threshold
 * (`int64(v*1000)`), so `0.5` is `500m`, `5` is `5`, `2000` is `2k`, `1500` stays `1500`.
 */
export function milliQuantity(milli: number): string {
  if (!Number.isInteger(milli)) throw new RangeError(`milliQuantity: ${milli} is not an integer`);
  return formatQuantity({ nanos: BigInt(milli) * 1_000_000n, format: 'DecimalSI' });
}

/** strconv.ParseFloat(s, 64) as KEDA's metadata parsers use it: undefined when s is not a number. */
export function parseGoFloat(s: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s.trim()) || s.trim() !== s) return undefined;
  return Number(s);
}
