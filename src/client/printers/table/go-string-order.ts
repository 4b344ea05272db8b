/**
 * Go's string ordering (byte-wise on UTF-8), which sort.Strings and sets.String.List use.
 * JavaScript's default sort compares UTF-16 code units, which differs for characters outside the
 * Basic Multilingual Plane; label keys are ASCII in practice, but the tables must not depend on it.
 */
export function compareGoStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
