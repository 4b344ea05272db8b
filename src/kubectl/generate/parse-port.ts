/**
 * k8s.io/utils/net ParsePort as kubectl's generators call it (`create service --tcp`,
 * `run --port`): the text must be what Go's strconv.ParseUint(s, 10, 16) accepts, and the
 * error is strconv's own wording, which kubectl prints unchanged:
 *   "x"     → strconv.ParseUint: parsing "x": invalid syntax
 *   "70000" → strconv.ParseUint: parsing "70000": value out of range   (16 bits: at most 65535)
 *   "0"     → 0 when allowZero, else `0 is not a valid port number`
 */
export function parsePort(text: string, allowZero: boolean): number {
  if (!/^[0-9]+$/.test(text)) throw new Error(`strconv.ParseUint: parsing ${goQuote(text)}: invalid syntax`);
  const n = Number(text);
  if (n > 65535) throw new Error(`strconv.ParseUint: parsing ${goQuote(text)}: value out of range`);
  if (n === 0 && !allowZero) throw new Error('0 is not a valid port number');
  return n;
}

/**
 * Go's strconv.Atoi: an optional sign then decimal digits, within int64. Returns undefined
 * where Atoi would fail (kubectl then treats the text as a port name).
 */
export function goAtoi(text: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `%q` of a plain string: JSON quoting is the same for the texts that reach here. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
