import { formatQuantity, parseQuantity } from '../../apiserver/validation/quantity.js';

/**
 * resource.Quantity.String() of a stored quantity: its canonical form ("1000m" → "1",
 * "0.5" → "500m", "1024Mi" → "1Gi"). Text that does not parse is shown as stored.
 */
export function quantityText(v: unknown): string {
  if (v === undefined || v === null) return '0';
  const q = parseQuantity(String(v));
  return q ? formatQuantity(q) : String(v);
}
