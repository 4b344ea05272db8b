/**
 * A compact description of the Go types kube-apiserver decodes request bodies into (k8s.io/api
 * structs), enough to reproduce encoding/json's and the unstructured converter's type errors.
 * Only the shape matters here: which JSON value each field takes and how Go names its type
 * (reflect.Type.String(): `int32`, `[]v1.Container`, `map[string]string`, `v1.PullPolicy`).
 * Fields kubemu does not model are `unchecked` (any JSON value passes), as are unknown fields:
 * strict field validation is another matter.
 */

export type GoType =
  /** string, or a named string type such as v1.PullPolicy (`name` is its Go spelling) */
  | { readonly t: 'string'; readonly name: string }
  | { readonly t: 'bool' }
  | { readonly t: 'int32' }
  | { readonly t: 'int64' }
  /** []byte: a base64 string (ConfigMap binaryData, Secret data) */
  | { readonly t: 'bytes' }
  | { readonly t: 'map'; readonly name: string; readonly elem: GoType }
  | { readonly t: 'list'; readonly name: string; readonly elem: GoType }
  /** a struct; `fields` in declaration order (the converter reports the first bad one in that order) */
  | { readonly t: 'struct'; readonly name: string; readonly fields: () => Readonly<Record<string, GoType>> }
  /** resource.Quantity (its own UnmarshalJSON) */
  | { readonly t: 'quantity' }
  /** intstr.IntOrString (its own UnmarshalJSON: a string, or else an int32) */
  | { readonly t: 'intOrString' }
  /** metav1.Time (its own UnmarshalJSON: null or an RFC 3339 string) */
  | { readonly t: 'time' }
  /** not modelled: any JSON value */
  | { readonly t: 'unchecked' };

export const str: GoType = { t: 'string', name: 'string' };
export const bool: GoType = { t: 'bool' };
export const int32: GoType = { t: 'int32' };
export const int64: GoType = { t: 'int64' };
export const bytes: GoType = { t: 'bytes' };
export const quantity: GoType = { t: 'quantity' };
export const intOrString: GoType = { t: 'intOrString' };
export const time: GoType = { t: 'time' };
export const unchecked: GoType = { t: 'unchecked' };

/** A named string type, e.g. named('v1.Protocol'). */
export function named(name: string): GoType {
  return { t: 'string', name };
}

/** A struct type; `name` is package-qualified (`v1.PodSpec`), fields in declaration order. */
export function struct(name: string, fields: () => Readonly<Record<string, GoType>>): GoType {
  // Built on first use (types refer to each other) and kept: decoding runs on every write.
  let built: Readonly<Record<string, GoType>> | undefined;
  return { t: 'struct', name, fields: () => (built ??= fields()) };
}

/** A slice: list(container) names itself `[]v1.Container`. */
export function list(elem: GoType, name = `[]${goTypeName(elem)}`): GoType {
  return { t: 'list', name, elem };
}

/** A map with string keys: map(str) is `map[string]string`; `name` for named maps (v1.ResourceList). */
export function map(elem: GoType, name = `map[string]${goTypeName(elem)}`): GoType {
  return { t: 'map', name, elem };
}

/** reflect.Type.String() of a type, as UnmarshalTypeError prints it. */
export function goTypeName(g: GoType): string {
  switch (g.t) {
    case 'string':
    case 'map':
    case 'list':
    case 'struct':
      return g.name;
    case 'bool':
    case 'int32':
    case 'int64':
      return g.t;
    case 'bytes':
      return '[]uint8';
    case 'quantity':
      return 'resource.Quantity';
    case 'intOrString':
      return 'intstr.IntOrString';
    case 'time':
      return 'v1.Time';
    case 'unchecked':
      return 'interface {}';
  }
}

/** The struct's bare name (`PodSpec`), as encoding/json names the innermost struct of a field. */
export function bareName(g: { name: string }): string {
  const i = g.name.lastIndexOf('.');
  return i < 0 ? g.name : g.name.slice(i + 1);
}
