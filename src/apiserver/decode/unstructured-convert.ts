/**
 * runtime.DefaultUnstructuredConverter.FromUnstructured: how kube-apiserver turns the result of
 * a strategic merge patch (a map, never serialised) into the typed object. Its rules are not
 * encoding/json's, and neither are its errors:
 *  - a string where a number or bool belongs, a bool where a string belongs, an object where a
 *    string belongs: `unrecognized type: int32` (the Go kind of the field);
 *  - an integer where a string belongs: `cannot convert int64 to string`; a fraction where an
 *    integer belongs: `cannot convert float64 to int32`;
 *  - an integer too big for int32 is converted as Go converts it: 3000000000 becomes
 *    -1294967296 (validation then refuses the negative count), 4294967299 becomes 3;
 *  - the wrong shape for a struct, map or list: `cannot restore struct from: slice`,
 *    `cannot restore map from slice`, `cannot restore slice from map`;
 *  - types with their own UnmarshalJSON get the value re-marshalled, without field context:
 *    `json: cannot unmarshal bool into Go value of type int32` (IntOrString), the Quantity
 *    format error, Time's parse error.
 * Struct fields are converted in declaration order and the first error is returned.
 */
import { compareGoStrings } from '../../common/go-strings.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import type { GoType } from './go-types.js';
import { parseQuantity } from '../validation/quantity.js';
import { timeParseError } from './go-time.js';
import { base64Error } from './go-base64.js';
import { QUANTITY_FORMAT_ERROR, jsonKind, numberLiteral } from './json-decode.js';

class ConvertError {
  constructor(readonly message: string) {}
}

/** The Go kind of an unstructured value: `string`, `bool`, `int64`, `float64`, `map`, `slice`. */
function goKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'slice';
  if (isJsonObject(v)) return 'map';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  return 'string';
}

/**
 * Converts `obj` (changed in place: int32 fields get Go's conversion) and returns the
 * converter's error, or undefined.
 */
export function convertFromUnstructured(obj: JsonObject, type: GoType): string | undefined {
  try {
    convertInto(obj, type, () => undefined);
  } catch (e) {
    if (e instanceof ConvertError) return e.message;
    throw e;
  }
  return undefined;
}

function fail(message: string): never {
  throw new ConvertError(message);
}

/** `set` replaces the value in its parent (for int32 conversion). */
function convertInto(v: JsonValue, g: GoType, set: (v: JsonValue) => void): void {
  if (v === null || g.t === 'unchecked') return;
  switch (g.t) {
    case 'string':
      if (typeof v === 'string') return;
      if (typeof v === 'number' && Number.isInteger(v)) fail(`cannot convert int64 to ${g.name}`);
      return fail('unrecognized type: string');
    case 'bool':
      if (typeof v !== 'boolean') fail('unrecognized type: bool');
      return;
    case 'int32':
    case 'int64':
      if (typeof v !== 'number') fail(`unrecognized type: ${g.t}`);
      if (!Number.isInteger(v)) fail(`cannot convert float64 to ${g.t}`);
      if (g.t === 'int32' && (v < -(2 ** 31) || v >= 2 ** 31)) set(Number(BigInt.asIntN(32, BigInt(v))));
      return;
    case 'bytes':
      if (typeof v !== 'string') fail(`cannot restore slice from ${goKind(v)}`);
      {
        const err = base64Error(v);
        if (err) fail(err);
      }
      return;
    case 'quantity': {
      const text = typeof v === 'string' ? v : typeof v === 'number' ? numberLiteral(v) : JSON.stringify(v);
      if (parseQuantity(text) === undefined) fail(QUANTITY_FORMAT_ERROR);
      return;
    }
    case 'intOrString':
      if (typeof v === 'string') return;
      if (typeof v !== 'number') fail(`json: cannot unmarshal ${jsonKind(v)} into Go value of type int32`);
      if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) {
        fail(`json: cannot unmarshal number ${numberLiteral(v)} into Go value of type int32`);
      }
      return;
    case 'time':
      if (typeof v !== 'string') fail(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
      {
        const err = timeParseError(v);
        if (err) fail(err);
      }
      return;
    case 'map':
      if (!isJsonObject(v)) fail(`cannot restore map from ${goKind(v)}`);
      for (const k of Object.keys(v).sort(compareGoStrings)) {
        convertInto(v[k] ?? null, g.elem, (x) => {
          v[k] = x;
        });
      }
      return;
    case 'list':
      if (!Array.isArray(v)) fail(`cannot restore slice from ${goKind(v)}`);
      v.forEach((item, i) =>
        convertInto(item, g.elem, (x) => {
          v[i] = x;
        }),
      );
      return;
    case 'struct': {
      if (!isJsonObject(v)) fail(`cannot restore struct from: ${goKind(v)}`);
      for (const [k, f] of Object.entries(g.fields())) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        convertInto(v[k] ?? null, f, (x) => {
          v[k] = x;
        });
      }
      return;
    }
  }
}
