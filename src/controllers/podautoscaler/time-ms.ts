/** RFC 3339 timestamps in ms, parsed once per text (each sync reads the same pods' times again). */
const parsed = new Map<string, number | undefined>();
const MAX_PARSED = 10_000;

/** The time in ms, or undefined for an absent or unparsable one. */
export function timeMs(t: string | null | undefined): number | undefined {
  if (!t) return undefined;
  if (parsed.has(t)) return parsed.get(t);
  if (parsed.size >= MAX_PARSED) parsed.clear();
  const v = Date.parse(t);
  const ms = Number.isNaN(v) ? undefined : v;
  parsed.set(t, ms);
  return ms;
}
