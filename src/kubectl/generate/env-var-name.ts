/**
 * apimachinery's IsEnvVarName as vendored in kubectl 1.33 — the strict form (letters,
 * digits, `-`, `_`, `.`, not starting with a digit). kubectl uses it for `--from-env-file`
 * keys and `run --env` names; the API server's own check is the relaxed one in
 * apiserver/validation/name-formats.ts.
 */
import { regexError } from '../../apiserver/validation/name-formats.js';

const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";

/** The messages for an invalid name, empty when it is valid. */
export function isEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(value)) {
    errs.push(regexError(ENV_VAR_NAME_MSG, ENV_VAR_NAME_FMT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1'));
  }
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
