/**
 * The notation of schema.generated.ts. A field type is one of
 *   string | int | float | bool | bytes | time | intstr | quantity | raw | duration
 *   S:<Struct>  *<type> (pointer)  []<type> (slice)  map:<value type> (map with string keys)
 */
export type FieldSpec = readonly [json: string, type: string, omitempty: 0 | 1];

/** Go struct name → its JSON fields in declaration order. */
export type StructTable = Readonly<Record<string, readonly FieldSpec[]>>;
