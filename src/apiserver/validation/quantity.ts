/**
 * Enough of resource.Quantity for validation messages: parse, compare and print in canonical
 * form (Quantity.String()), which is what `must be less than or equal to cpu limit of 1`
 * shows. Values are held exactly as a count of nano-units (BigInt), so "1500m" is
 * 1_500_000_000n and "1Gi" is 1073741824_000_000_000n.
 */

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** value × 10^9, truncated towards +∞ at nano precision like upstream's rounding. */
  nanos: bigint;
  format: Format;
}

const DECIMAL_SUFFIX: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIX: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const NANO = 1_000_000_000n;

const QUANTITY_RE = /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$/;

function pow10(e: number): bigint {
  return 10n ** BigInt(e);
}

/** Parses "500m", "1.5Gi", "2e3"; undefined when the string is not a quantity. */
export function parseQuantity(text: string | number): Quantity | undefined {
  const s = String(text).trim();
  const m = QUANTITY_RE.exec(s);
  if (!m) return undefined;
  const sign = m[1] === '-' ? -1n : 1n;
  const [intPart = '', fracPart = ''] = (m[2] ?? '').split('.');
  const suffix = m[3] ?? '';
  const digits = BigInt((intPart || '0') + fracPart);
  // digits × 10^(-frac) × scale, expressed in nanos (× 10^9)
  let num = digits;
  let den = pow10(fracPart.length);
  let format: Format = 'DecimalSI';
  if (suffix in BINARY_SUFFIX) {
    num *= 1n << BigInt(BINARY_SUFFIX[suffix] ?? 0);
    format = 'BinarySI';
  } else if (/^[eE]/.test(suffix)) {
    const e = Number(suffix.slice(1));
    if (e >= 0) num *= pow10(e);
    else den *= pow10(-e);
    format = 'DecimalExponent';
  } else {
    const e = DECIMAL_SUFFIX[suffix] ?? 0;
    if (e >= 0) num *= pow10(e);
    else den *= pow10(-e);
  }
  num *= NANO;
  // Round up anything finer than a nano-unit.
  const nanos = (num + den - 1n) / den;
  return { nanos: sign * nanos, format };
}

export function compareQuantity(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/**
 * Canonical form. DecimalSI picks the largest power-of-1000 suffix that keeps the number
 * whole: 1500m → "1500m", 2000 → "2k", 0.5 → "500m". BinarySI picks the largest power of
 * 1024 that divides an integral value (1536Mi → "1536Mi", 2048Mi → "2Gi") and falls back to
 * DecimalSI for fractions. DecimalExponent writes "e<n>" instead of a suffix.
 */
export function formatQuantity(q: Quantity): string {
  const neg = q.nanos < 0n;
  const abs = neg ? -q.nanos : q.nanos;
  const sign = neg ? '-' : '';
  if (abs === 0n) return '0';
  if (q.format === 'BinarySI' && abs % NANO === 0n) {
    const whole = abs / NANO;
    const suffixes = ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'];
    for (const s of suffixes) {
      const unit = 1n << BigInt(BINARY_SUFFIX[s] ?? 0);
      if (whole >= unit && whole % unit === 0n) return `${sign}${whole / unit}${s}`;
    }
    return `${sign}${whole}`;
  }
  const exps = [18, 15, 12, 9, 6, 3, 0, -3, -6, -9];
  for (const e of exps) {
    const unit = pow10(e + 9);
    if (abs % unit === 0n) {
      const mant = abs / unit;
      if (q.format === 'DecimalExponent') return `${sign}${mant}${e === 0 ? '' : 'e' + e}`;
      const suffix = Object.entries(DECIMAL_SUFFIX).find(([, v]) => v === e)?.[0] ?? '';
      return `${sign}${mant}${suffix}`;
    }
  }
  return `${sign}${abs}n`;
}
