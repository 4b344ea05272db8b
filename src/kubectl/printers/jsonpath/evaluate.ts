/**
 * Evaluation of a parsed template, following client-go's `JSONPath.FindResults` and its
 * `eval*` steps.
 *
 * The result is one list of values per top-level node (text or action), the shape
 * custom-columns consumes and the printers render. Behaviour worth knowing:
 *  - a JSON null is Go's nil interface: field, index, wildcard and recursive steps skip it,
 *    but it is a result in its own right (`{.spec.n}` gives one null);
 *  - `range ... end` is run by a small state machine shared by nested ranges; when the
 *    range matches nothing its body is still walked once (over no value) to find `end`,
 *    which is why `--allow-missing-template-keys=false` fails on an empty range whose
 *    body reads a field;
 *  - map iteration (`.*`, `..`) is in sorted key order; Go's is random, so kubectl's order
 *    for maps with several keys varies from run to run.
 */
import type { JsonValue } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';
import { compareFilter } from './compare.js';
import { JsonPathError } from './errors.js';
import { goSprint } from './go-fmt.js';
import type { JsonPathNode, JsonPathTemplate, ListNode, SliceParam } from './nodes.js';
import { GoNumber, INVALID, goTypeName, sortedKeys, type Value } from './values.js';

export interface JsonPathOptions {
  /** kubectl's --allow-missing-template-keys; true is kubectl's default. */
  allowMissingKeys: boolean;
}

/** An evaluation error that, like upstream's, still carries the values reached so far. */
class WalkError extends JsonPathError {
  constructor(
    message: string,
    readonly partial: Value[],
  ) {
    super(message);
  }
}

/** The value `range` hands to its body: `reflect.ValueOf(v.Interface())`. */
function reenter(v: Value): Value {
  return v === null ? INVALID : v;
}

/** The children `.*` and `..` visit: map values, list items, or a string's UTF-8 bytes. */
function children(v: Value): Value[] {
  if (v === null || v === INVALID || v instanceof GoNumber) return [];
  if (typeof v === 'string') return [...Buffer.from(v, 'utf8')].map((b) => new GoNumber('uint8', b));
  if (Array.isArray(v)) return v;
  if (isJsonObject(v)) return sortedKeys(v).map((k) => v[k] as JsonValue);
  return [];
}

/** One (range body's) run of FindResults: where it is, over what, and what it found. */
interface Frame {
  i: number;
  readonly data: Value;
  readonly full: Value[][];
  /** The range at node `i` whose body is being run once per value. */
  range?: { values: Value[]; next: number; keep: boolean };
}

function newFrame(i: number, data: Value): Frame {
  return { i, data, full: [] };
}

/**
 * The mutable state of one template execution. A frame's start index mirrors upstream
 * reassigning `parser.Root.Nodes` to the nodes after a `range`: a range body starts there.
 */
class Execution {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode = -1;

  constructor(
    private readonly root: ListNode,
    private readonly opts: JsonPathOptions,
  ) {}

  /**
   * Upstream's FindResults calls itself for the body of each `range`, once per value, so a
   * template nesting ranges thousands deep (which kubectl runs) would overflow a JS stack.
   * The same recursion runs here on an explicit stack of frames, one per open range body.
   */
  findResults(data: Value): Value[][] {
    const nodes = this.root.nodes;
    const stack: Frame[] = [newFrame(0, data)];
    let done: Value[][] = [];
    while (stack.length > 0) {
      const f = stack[stack.length - 1] as Frame;
      if (f.range) {
        // A body run just returned (`done`): collect it and run the next value, if any.
        const range = f.range;
        if (range.keep) for (const r of done) f.full.push(r);
        if (range.next < range.values.length) {
          stack.push(newFrame(f.i + 1, range.values[range.next++] as Value));
          continue;
        }
        f.range = undefined;
        this.inRange--;
        // Resume after the `end` that closed this range (upstream's search for that node).
        if (this.lastEndNode > f.i && this.lastEndNode < nodes.length) f.i = this.lastEndNode;
        f.i++;
      }
      if (f.i >= nodes.length) {
        done = stack.pop()!.full;
        continue;
      }
      const i = f.i;
      const results = this.walk([f.data], nodes[i] as JsonPathNode);

      // An `end` was just walked: this block (a range body) is done.
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = i;
        done = stack.pop()!.full;
        continue;
      }
      // A `range` was just walked: run the following nodes once per result, or once over no
      // value (and discarded) to find its `end`.
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        const keep = results.length > 0;
        f.range = { values: keep ? results.map(reenter) : [INVALID], next: 0, keep };
        done = [];
        continue;
      }
      f.full.push(results);
      f.i++;
    }
    return done;
  }

  private walk(input: Value[], node: JsonPathNode): Value[] {
    switch (node.type) {
      case 'list':
        return this.evalList(input, node);
      case 'text':
        return [node.text];
      case 'field':
        return this.evalField(input, node.name);
      case 'array':
        return this.evalArray(input, node.params);
      case 'filter':
        return this.evalFilter(input, node);
      case 'int':
        return input.map(() => new GoNumber('int', node.value));
      case 'float':
        return input.map(() => new GoNumber('float64', node.value));
      case 'bool':
        return input.map(() => node.value);
      case 'wildcard':
        return input.flatMap(children);
      case 'recursive':
        return this.evalRecursive(input);
      case 'union':
        return this.evalUnion(input, node.lists);
      case 'identifier':
        return this.evalIdentifier(input, node.name);
    }
  }

  private evalList(input: Value[], list: ListNode): Value[] {
    let cur = input;
    for (const node of list.nodes) cur = this.walk(cur, node);
    return cur;
  }

  private evalIdentifier(input: Value[], name: string): Value[] {
    if (name === 'range') {
      this.beginRange++;
      return input;
    }
    if (name === 'end') {
      if (this.inRange > 0) {
        this.endRange++;
        return [];
      }
      throw new WalkError('not in range, nothing to end', []);
    }
    throw new WalkError(`unrecognized identifier ${name}`, input);
  }

  private evalField(input: Value[], name: string): Value[] {
    const results: Value[] = [];
    if (input.length === 0) return results;
    for (const v of input) {
      if (isJsonObject(v) && !(v instanceof GoNumber) && Object.prototype.hasOwnProperty.call(v, name)) {
        results.push(v[name] as JsonValue);
      }
    }
    if (results.length === 0 && !this.opts.allowMissingKeys) throw new WalkError(`${name} is not found`, results);
    return results;
  }

  private evalArray(input: Value[], params: readonly [SliceParam, SliceParam, SliceParam]): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      if (value === null) continue;
      if (!Array.isArray(value)) {
        throw new WalkError(`${value === INVALID ? '<nil>' : goTypeName(value)} is not array or slice`, input);
      }
      const len = value.length;
      let start = params[0].known ? params[0].value : 0;
      if (start < 0) start += len;
      let end = params[1].known ? params[1].value : len;
      // `[-1]` is `[-1:0]` with a derived end: both bounds count from the back.
      if (end < 0 || (end === 0 && params[1].derived)) end += len;
      if (end === start) return result; // zero elements requested: allowed, and stops here
      if (start >= len || start < 0) {
        throw new WalkError(`array index out of bounds: index ${start}, length ${len}`, input);
      }
      if (end > len || end < 0) {
        throw new WalkError(`array index out of bounds: index ${end - 1}, length ${len}`, input);
      }
      if (start > end) throw new WalkError(`starting index ${start} is greater than ending index ${end}`, input);
      let step = 1;
      if (params[2].known) {
        if (params[2].value <= 0) throw new WalkError('step must be > 0', input);
        step = params[2].value;
      }
      for (let i = start; i < end; i += step) result.push(value[i] as JsonValue);
    }
    return result;
  }

  private evalUnion(input: Value[], lists: ListNode[]): Value[] {
    const result: Value[] = [];
    for (const list of lists) {
      try {
        result.push(...this.evalList(input, list));
      } catch (e) {
        if (e instanceof WalkError) throw new WalkError(e.message, input);
        throw e;
      }
    }
    return result;
  }

  /** Every container (and non-empty string) below and including each input, pre-order. */
  private evalRecursive(input: Value[]): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      if (value === null) continue;
      const kids = children(value);
      if (kids.length !== 0) {
        result.push(value);
        result.push(...this.evalRecursive(kids));
      }
    }
    return result;
  }

  private evalFilter(input: Value[], node: Extract<JsonPathNode, { type: 'filter' }>): Value[] {
    const results: Value[] = [];
    for (const value of input) {
      if (!Array.isArray(value)) {
        throw new WalkError(`${goSprint(value)} is not array or slice and cannot be filtered`, input);
      }
      for (const item of value) {
        let lefts: Value[];
        let leftError: WalkError | undefined;
        try {
          lefts = this.evalList([item], node.left);
        } catch (e) {
          if (!(e instanceof WalkError)) throw e;
          leftError = e;
          lefts = e.partial;
        }
        if (node.operator === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        if (leftError) throw new WalkError(leftError.message, input);
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new WalkError('can only compare one element at a time', input);
        let rights: Value[];
        try {
          rights = this.evalList([item], node.right);
        } catch (e) {
          if (e instanceof WalkError) throw new WalkError(e.message, input);
          throw e;
        }
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new WalkError('can only compare one element at a time', input);
        let pass: boolean;
        try {
          pass = compareFilter(node.operator, lefts[0] as Value, rights[0] as Value);
        } catch (e) {
          if (e instanceof JsonPathError) throw new WalkError(e.message, results);
          throw e;
        }
        if (pass) results.push(item);
      }
    }
    return results;
  }
}

/**
 * Evaluates a template over data: one list of values per top-level text or action, as
 * client-go's FindResults returns them. Throws JsonPathError with the bare upstream
 * message (`nope is not found`, `array index out of bounds: index 5, length 1`).
 */
export function findJsonPathResults(
  t: JsonPathTemplate,
  data: JsonValue,
  opts: JsonPathOptions = { allowMissingKeys: true },
): Value[][] {
  return new Execution(t.root, opts).findResults(data === null ? INVALID : data);
}
