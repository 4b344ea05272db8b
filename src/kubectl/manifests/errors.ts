/**
 * Errors from reading `-f` manifests. The message is exactly what kubectl prints after
 * `error: `, e.g. `the path "x.yaml" does not exist` or
 * `error parsing x.yaml: error converting YAML to JSON: yaml: line 3: mapping values are not allowed in this context`.
 */
/** Structural stand-in for read.ts's ManifestSource, to keep this module dependency-free. */
export interface ManifestSourceLike {
  source: string;
  objects: unknown[];
}

export class ManifestError extends Error {
  constructor(
    message: string,
    /** The file (or `STDIN`) the error is about, when there is one. */
    readonly source?: string,
    /** What was read despite the error (see readManifestSources). */
    readonly partial?: readonly ManifestSourceLike[],
  ) {
    super(message);
    this.name = 'ManifestError';
  }
}

/**
 * Several errors reported together, worded like k8s.io/apimachinery's utilerrors.Aggregate:
 * one error prints as itself, several as `[first, second]`.
 */
export function aggregateMessage(messages: string[]): string {
  return messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]`;
}
