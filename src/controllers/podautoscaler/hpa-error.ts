/** An error of the HPA controller's reconcile, its text as Go's err.Error() would be. */
export class HpaError extends Error {}

/** The text of anything thrown. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
