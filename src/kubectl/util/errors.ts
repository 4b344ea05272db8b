/**
 * Errors the CLI itself raises. Commands throw; only the entry point prints (check-err.ts).
 */

/** A plain kubectl error: printed as `error: <message>`, exit 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A usage error: `error: <message>` then `See '<prog> <cmd> --help' for usage.` */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly commandPath: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Text printed verbatim to stderr (kubectl's own multi-line messages), exit code as given. */
export class RawError extends Error {
  constructor(
    readonly text: string,
    readonly exitCode = 1,
  ) {
    super(text);
    this.name = 'RawError';
  }
}

/** Several errors at once, printed one per line without the `error: ` prefix (kubectl's aggregate). */
export class AggregateCliError extends Error {
  constructor(readonly errors: Error[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'AggregateCliError';
  }
}

/**
 * Exits with the given code after output was already printed (partial success, `diff` found
 * differences, `rollout status` failed after printing its lines).
 */
export class ExitCode extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'ExitCode';
  }
}
