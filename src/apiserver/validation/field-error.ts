import type { StatusCause } from '../errors.js';
import { OMIT, renderBadValue, type BadValue } from './go-format.js';
import { goQuote } from '../../common/go-strings.js';
import type { FieldPath } from './field-path.js';

/**
 * apimachinery's field.Error: one field-level validation failure. `toCause` gives the
 * metav1.StatusCause kube-apiserver puts in an Invalid status (message = ErrorBody()).
 */

/** field.ErrorType values (the StatusCause reason). */
export type ErrorType =
  | 'FieldValueRequired'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueDuplicate'
  | 'FieldValueNotFound'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany';

const TYPE_TEXT: Record<ErrorType, string> = {
  FieldValueRequired: 'Required value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueNotFound: 'Not found',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
};

/** Types whose message never shows the bad value. */
const VALUELESS = new Set<ErrorType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong']);

export interface FieldError {
  type: ErrorType;
  field: string;
  badValue: BadValue;
  detail: string;
}

/**
 * ErrorBody: the type text, then `: <value>` for value-carrying types, then `: <detail>`.
 * Examples: `Required value`, `Invalid value: -1: must be greater than or equal to 0`.
 */
export function errorBody(e: FieldError): string {
  let s = TYPE_TEXT[e.type];
  if (!VALUELESS.has(e.type) && e.badValue !== OMIT) s += ': ' + renderBadValue(e.badValue);
  if (e.detail) s += ': ' + e.detail;
  return s;
}

export function toCause(e: FieldError): StatusCause {
  return { reason: e.type, message: errorBody(e), field: e.field };
}

export function required(path: FieldPath, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field: path.toString(), badValue: '', detail };
}

export function invalid(path: FieldPath, value: BadValue, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: path.toString(), badValue: value, detail };
}

export function forbidden(path: FieldPath, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field: path.toString(), badValue: '', detail };
}

export function duplicate(path: FieldPath, value: BadValue): FieldError {
  return { type: 'FieldValueDuplicate', field: path.toString(), badValue: value, detail: '' };
}

export function notFound(path: FieldPath, value: BadValue): FieldError {
  return { type: 'FieldValueNotFound', field: path.toString(), badValue: value, detail: '' };
}

/** field.NotSupported: detail lists the supported values, each quoted: `supported values: "A", "B"`. */
export function notSupported(path: FieldPath, value: BadValue, supported: readonly string[]): FieldError {
  const detail = supported.length ? 'supported values: ' + supported.map(goQuote).join(', ') : '';
  return { type: 'FieldValueNotSupported', field: path.toString(), badValue: value, detail };
}

/** field.TooLong: `Too long: may not be more than 262144 bytes` (the value is never shown). */
export function tooLong(path: FieldPath, maxLength: number): FieldError {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return { type: 'FieldValueTooLong', field: path.toString(), badValue: OMIT, detail };
}

/** apimachinery's IsNegativeErrorMsg. */
export const IS_NEGATIVE = 'must be greater than or equal to 0';

/** apimachinery's FieldImmutableErrorMsg. */
export const FIELD_IMMUTABLE = 'field is immutable';

/** ValidateNonnegativeField: `Invalid value: -1: must be greater than or equal to 0`. */
export function nonNegative(value: number | undefined, path: FieldPath): FieldError[] {
  return value !== undefined && value < 0 ? [invalid(path, value, IS_NEGATIVE)] : [];
}
