/**
 * A label selector that does not parse or validate. The message is apimachinery's, e.g.
 * `unable to parse requirement: found 'x' expected: '('`; callers wrap it the way their
 * command does (kube-apiserver answers a list with a bad `labelSelector` with BadRequest,
 * `kubectl set selector` prefixes `couldn't parse the selector string "...": `).
 */
export class SelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectorError';
  }
}
