import type { IntOrString } from '../../api/meta/v1.js';

/**
 * intstr.GetScaledValueFromIntOrPercent: an integer stays as it is (not capped by total);
 * "p%" becomes p·total/100 rounded up or down.
 *
 *   ("25%", 4, up) → 1     ("25%", 4, down) → 1
 *   ("25%", 10, up) → 3    ("25%", 10, down) → 2     (2.5 either way)
 *   ("25%", 3, up) → 1     ("25%", 3, down) → 0      (0.75)
 *   (7, 4, any) → 7
 *
 * Throws for strings that are not percentages, with upstream's wording (validation normally
 * rejects them first).
 */
export function scaledValueFromIntOrPercent(v: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (!v.endsWith('%')) throw new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const digits = v.slice(0, -1);
  // strconv.Atoi: optional sign, decimal digits only.
  if (!/^[+-]?\d+$/.test(digits)) {
    throw new Error(`invalid value for IntOrString: invalid value "${v}": strconv.Atoi: parsing "${digits}": invalid syntax`);
  }
  const p = Number(digits);
  const exact = (p * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}
