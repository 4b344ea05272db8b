/**
 * encoding/json's Unmarshal of a request body into a k8s.io/api struct (the fork kube-apiserver
 * uses, sigs.k8s.io/json, behaves the same for type errors), reduced to what it can refuse:
 *  - a JSON value of the wrong kind for its field is an UnmarshalTypeError, worded
 *    `json: cannot unmarshal <value> into Go struct field <Struct>.<path> of type <type>`, where
 *    <Struct> is the innermost struct's bare name, <path> the dotted JSON field names from the
 *    root (no list indexes, no map keys) and <type> the Go type of the field (or map/list
 *    element), e.g. `... number into Go struct field ObjectMeta.metadata.labels of type string`;
 *  - <value> is the JSON kind (`string`, `number`, `bool`, `object`, `array`), or for a number
 *    that does not fit an integer field, `number ` + its literal (`number 1.5`, `number 3000000000`);
 *  - null fits anything (it leaves the zero value);
 *  - decoding goes on after a type error and the first one is reported, except errors from a
 *    type's own UnmarshalJSON (Quantity, Time, IntOrString), which stop at once.
 * Object keys are visited in the order given (kubectl sends Go-marshalled maps, so sorted).
 */
import { compareGoStrings } from '../../common/go-strings.js';
import { isJsonObject, type JsonValue } from '../../common/json.js';
import { bareName, type GoType } from './go-types.js';
import { parseQuantity } from '../validation/quantity.js';
import { timeParseError } from './go-time.js';
import { base64Error } from './go-base64.js';

export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Thrown to stop at once (an UnmarshalJSON error), carrying the final message. */
class HardError {
  constructor(readonly message: string) {}
}

interface Ctx {
  /** the innermost struct being decoded (bare name), '' at the top */
  struct: string;
  path: string[];
  saved?: string;
  keyOrder: (keys: string[]) => string[];
}

/** encoding/json's name for a JSON value's kind in UnmarshalTypeError. */
export function jsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  return typeof v; // string, number
}

/** A number as kubectl's JSON carries it (Go's float formatting matches JavaScript's here). */
export function numberLiteral(n: number): string {
  return String(n);
}

function typeError(ctx: Ctx, value: string, type: string): string {
  const where = ctx.path.length ? `Go struct field ${ctx.struct}.${ctx.path.join('.')}` : 'Go value';
  return `json: cannot unmarshal ${value} into ${where} of type ${type}`;
}

function save(ctx: Ctx, value: string, type: string): void {
  ctx.saved ??= typeError(ctx, value, type);
}

export const SORTED_KEYS = (keys: string[]): string[] => [...keys].sort(compareGoStrings);
export const DOCUMENT_ORDER = (keys: string[]): string[] => keys;

/**
 * The error json.Unmarshal would give for `value` decoded into `type`, or undefined when it
 * decodes. `keyOrder` is the order of object keys in the bytes decoded.
 */
export function jsonDecodeError(value: JsonValue, type: GoType, keyOrder = SORTED_KEYS): string | undefined {
  // Whether a value decodes does not depend on the order keys are visited in (each is decoded
  // on its own; the order only picks which error is the first): most bodies decode, so a pass
  // in the order at hand answers them without sorting every object's keys, and only a value
  // with an error is decoded again in its order, for the error's message.
  if (keyOrder !== DOCUMENT_ORDER && decodeError(value, type, DOCUMENT_ORDER) === undefined) return undefined;
  return decodeError(value, type, keyOrder);
}

function decodeError(value: JsonValue, type: GoType, keyOrder: (keys: string[]) => string[]): string | undefined {
  const ctx: Ctx = { struct: '', path: [], keyOrder };
  try {
    decodeValue(value, type, ctx);
  } catch (e) {
    if (e instanceof HardError) return e.message;
    throw e;
  }
  return ctx.saved;
}

function decodeValue(v: JsonValue, g: GoType, ctx: Ctx): void {
  if (v === null || g.t === 'unchecked') return;
  switch (g.t) {
    case 'string':
      if (typeof v !== 'string') save(ctx, jsonKind(v), g.name);
      return;
    case 'bool':
      if (typeof v !== 'boolean') save(ctx, jsonKind(v), 'bool');
      return;
    case 'int32':
    case 'int64':
      decodeInt(v, g.t, ctx, save);
      return;
    case 'bytes':
      if (typeof v !== 'string') save(ctx, jsonKind(v), '[]uint8');
      else {
        // A bad base64 string is saved like a type error, not returned at once.
        const err = base64Error(v);
        if (err) ctx.saved ??= err;
      }
      return;
    case 'quantity':
      // Quantity.UnmarshalJSON parses the raw text, quotes stripped: 5 and "5" both do.
      if (parseQuantity(typeof v === 'string' ? v : typeof v === 'number' ? numberLiteral(v) : JSON.stringify(v)) === undefined) {
        throw new HardError(QUANTITY_FORMAT_ERROR);
      }
      return;
    case 'intOrString':
      // IntOrString.UnmarshalJSON: a string, else json.Unmarshal into its int32 (whose
      // UnmarshalTypeError gains the field's context).
      if (typeof v !== 'string') {
        decodeInt(v, 'int32', ctx, (c, value, type) => {
          throw new HardError(typeError(c, value, type));
        });
      }
      return;
    case 'time':
      if (typeof v !== 'string') throw new HardError(typeError(ctx, jsonKind(v), 'string'));
      {
        const err = timeParseError(v);
        if (err) throw new HardError(err);
      }
      return;
    case 'map':
      if (!isJsonObject(v)) return save(ctx, jsonKind(v), g.name);
      for (const k of ctx.keyOrder(Object.keys(v))) decodeValue(v[k] ?? null, g.elem, ctx);
      return;
    case 'list':
      if (!Array.isArray(v)) return save(ctx, jsonKind(v), g.name);
      for (const item of v) decodeValue(item, g.elem, ctx);
      return;
    case 'struct': {
      if (!isJsonObject(v)) return save(ctx, jsonKind(v), g.name);
      const fields = g.fields();
      const outer = ctx.struct;
      for (const k of ctx.keyOrder(Object.keys(v))) {
        const f = Object.prototype.hasOwnProperty.call(fields, k) ? fields[k] : undefined;
        if (!f) continue; // unknown fields are strict validation's business
        ctx.struct = bareName(g);
        ctx.path.push(k);
        decodeValue(v[k] ?? null, f, ctx);
        ctx.path.pop();
        ctx.struct = outer;
      }
      return;
    }
  }
}

/** Integer fields: a JSON number whose literal parses as the integer type (no fraction, no overflow). */
function decodeInt(v: JsonValue, t: 'int32' | 'int64', ctx: Ctx, report: (ctx: Ctx, value: string, type: string) => void): void {
  if (typeof v !== 'number') return report(ctx, jsonKind(v), t);
  const limit = t === 'int32' ? 2 ** 31 : 2 ** 63;
  if (!Number.isInteger(v) || v < -limit || v >= limit) report(ctx, `number ${numberLiteral(v)}`, t);
}

