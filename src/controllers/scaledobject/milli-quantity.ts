/**
 * resource.NewMilliQuantity(n, DecimalSI).String(): a count of thousandths as its canonical
 * quantity text. KEDA builds its HPA targets this way from a trigger's float threshold
 * (`int64(v*1000)`), so `0.5` is `500m`, `5` is `5`, `2000` is `2k`, `1500` stays `1500`.
 */
const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

export function milliQuantity(milli: number): string {
  if (!Number.isInteger(milli)) throw new RangeError(`milliQuantity: ${milli} is not an integer`);
  if (milli === 0) return '0';
  if (milli % 1000 !== 0) return `${milli}m`;
  let units = milli / 1000;
  let i = 0;
  while (i < SUFFIXES.length - 1 && units % 1000 === 0) {
    units /= 1000;
    i++;
  }
  return `${units}${SUFFIXES[i]}`;
}

/** strconv.ParseFloat(s, 64) as KEDA's metadata parsers use it: undefined when s is not a number. */
export function parseGoFloat(s: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s.trim()) || s.trim() !== s) return undefined;
  return Number(s);
}
