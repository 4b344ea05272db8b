import { parseGoDuration } from '../../../common/go-duration.js';
import { CliError } from '../../util/errors.js';

/**
 * kubectl's --request-timeout: a Go duration (`30s`, `1m`) or a bare integer of seconds; `0`
 * (the default) means no timeout. Returns milliseconds, or undefined when the flag is absent.
 *
 *     "2" → 2000, "1m30s" → 90000, "0" → 0
 */
export function parseRequestTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const ms = parseGoDuration(text);
  if (ms === undefined) {
    throw invalidTimeout();
  }
  if (ms < 0) throw invalidTimeout();
  return ms;
}

/** kubectl's wording (clientcmd's client config) for a value that is not a duration, or is negative. */
function invalidTimeout(): CliError {
  return new CliError(
    'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)',
  );
}
