/**
 * The one error type of the jsonpath engine and its printers.
 *
 * `message` is exactly the text kubectl prints after `error: `, e.g.
 * `error parsing jsonpath {.a, unclosed action`. The CLI entry point adds the prefix.
 */
export class JsonPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonPathError';
  }
}
