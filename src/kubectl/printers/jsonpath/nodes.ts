/**
 * The parse tree of a kubectl jsonpath template, shaped like client-go's
 * `util/jsonpath/node.go` so that the evaluator can follow upstream step by step.
 *
 * A template such as `name: {.metadata.name}{"\n"}` parses to a root list of
 * [text "name: ", list [field metadata, field name], list [text "\n"]].
 */

/** One bound of a slice `[start:end:step]`; `known` is false when left out. */
export interface SliceParam {
  known: boolean;
  value: number;
  /**
   * True only for the end of a plain index: `[3]` is read as `[3:4]`, and `[-1]` as
   * `[-1:0]` whose end 0 must then be shifted by the length like the start.
   */
  derived: boolean;
}

export type JsonPathNode =
  | ListNode
  | { type: 'text'; text: string }
  | { type: 'field'; name: string }
  | { type: 'identifier'; name: string }
  | { type: 'array'; params: readonly [SliceParam, SliceParam, SliceParam] }
  | { type: 'filter'; left: ListNode; right: ListNode; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; lists: ListNode[] };

export interface ListNode {
  type: 'list';
  nodes: JsonPathNode[];
}

/** A parsed template: the top-level list of text and `{...}` actions. */
export interface JsonPathTemplate {
  /** The template text as given (kubectl quotes it in execution errors). */
  readonly source: string;
  readonly root: ListNode;
}

export function newList(): ListNode {
  return { type: 'list', nodes: [] };
}
