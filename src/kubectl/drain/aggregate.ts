/**
 * The text of Go's utilerrors.Aggregate (k8s.io/apimachinery/pkg/util/errors): one error's own
 * message; several distinct ones joined by `, ` in brackets (a repeated message is said once):
 *
 *   [cannot delete Pods that declare no controller (use --force to override): default/a, cannot delete ...]
 */
export function goAggregateText(errors: readonly Error[]): string {
  if (errors.length === 0) return '';
  if (errors.length === 1) return errors[0]!.message;
  const seen = [...new Set(errors.map((e) => e.message))];
  return seen.length === 1 ? seen[0]! : `[${seen.join(', ')}]`;
}
