/** replica_calculator.go's Tolerances: the usage ratio band inside which nothing scales. */
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** Tolerances.isWithin: 1 − scaleDown ≤ ratio ≤ 1 + scaleUp. */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}
