/**
 * scale's preconditions (kubectl pkg/scale ScalePrecondition): checked against the Scale read
 * just before the update. `--current-replicas=-1` (the default) and an empty
 * `--resource-version` are not checked.
 *   current-replicas 2, Scale spec.replicas 4 → `Expected replicas to be 2, was 4`
 *   resource-version 7, Scale resourceVersion 9 → `Expected resource version to be 7, was 9`
 */
export interface ScalePrecondition {
  /** -1: any */
  size: number;
  /** '': any */
  resourceVersion: string;
}

/** The precondition kubectl sends, or undefined for a blind update (a merge patch of the Scale). */
export function preconditionFrom(currentReplicas: number, resourceVersion: string): ScalePrecondition | undefined {
  if (currentReplicas === -1 && resourceVersion === '') return undefined;
  return { size: currentReplicas, resourceVersion };
}

/** The PreconditionError text when the Scale does not meet the precondition. */
export function preconditionFailure(p: ScalePrecondition, scaleReplicas: number, scaleResourceVersion: string): string | undefined {
  if (p.size !== -1 && scaleReplicas !== p.size) return `Expected replicas to be ${p.size}, was ${scaleReplicas}`;
  if (p.resourceVersion !== '' && scaleResourceVersion !== p.resourceVersion) {
    return `Expected resource version to be ${p.resourceVersion}, was ${scaleResourceVersion}`;
  }
  return undefined;
}

/**
 * scaleHasDesiredReplicas (--timeout): done when the Scale's spec and status both reached the
 * size, or when someone else changed spec.replicas meanwhile (nothing left to wait for).
 */
export function scaleSynced(desired: number, specReplicas: number, statusReplicas: number): boolean {
  if (specReplicas !== desired) return true;
  return specReplicas === statusReplicas && desired === statusReplicas;
}
