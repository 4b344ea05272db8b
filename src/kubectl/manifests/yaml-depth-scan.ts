/**
 * Where go-yaml v2 would stop a deeply nested document, found without parsing it (js-yaml,
 * being recursive, cannot compose the 10,000 levels kubectl accepts; see input-limits.ts).
 * Only consulted once js-yaml has given up on a document for its depth, to choose between
 * kubectl's own message and kubemu's.
 *
 * go-yaml's scanner keeps two counters (scannerc.go):
 *  - the flow level, raised by every `[` and `{`: the 10,001st fails at that bracket;
 *  - the indentation stack, pushed (roll_indent) when a block collection starts at a column
 *    deeper than the current one: a mapping key (`a:`), a sequence entry (`- `) or an
 *    explicit key (`? `); lines that start further left pop it. The 10,001st push fails.
 *    A document whose keys step one column deeper per line fails on the line of its
 *    9,999th nested key (the document's own mapping and its first value take two levels).
 * Both are scanner errors, reported on the 1-based line of the position; on the first line
 * go-yaml names no line at all.
 * If neither fires, encoding/json still decodes the converted value and refuses a container
 * 10,001 levels deep (block collections and flow collections together):
 * `error unmarshaling JSON: while decoding JSON: invalid character '[' exceeded max depth`.
 *
 * This is a scanner in miniature: quoted scalars (also over several lines), block scalars
 * (`|`, `>`), comments, anchors, tags and plain scalars are skipped well enough for these
 * counts; it does not validate anything.
 */
import { MAX_NESTING_DEPTH } from './input-limits.js';

export type GoYamlDepthVerdict =
  /** go-yaml's scanner fails: `yaml: line N: exceeded max depth of 10000`. */
  | { kind: 'yaml'; line0: number }
  /** go-yaml reads it but encoding/json refuses it; `char` is the container's first character. */
  | { kind: 'json'; char: '[' | '{' }
  | null;

export function goYamlDepthVerdict(text: string): GoYamlDepthVerdict {
  const lines = text.split('\n');
  const indents: number[] = [];
  let indent = -1;
  let flow = 0;
  let json: GoYamlDepthVerdict = null;
  /** Set while inside a block scalar: lines indented deeper than this belong to it. */
  let blockScalarParent: number | null = null;
  /** Set while inside a quoted scalar spanning lines. */
  let openQuote: '"' | "'" | null = null;

  const jsonDepth = (char: '[' | '{'): void => {
    if (json === null && indents.length + flow > MAX_NESTING_DEPTH) json = { kind: 'json', char };
  };
  /** roll_indent: true when the stack overflows. */
  const roll = (col: number, char: '[' | '{'): boolean => {
    if (flow > 0 || indent >= col) return false;
    indents.push(indent);
    indent = col;
    jsonDepth(char);
    return indents.length > MAX_NESTING_DEPTH;
  };

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li] ?? '';
    let i = 0;
    /** Where the properties before the current token began (a key may start there). */
    let propertyStart: number | null = null;
    const firstCol = line.length - line.trimStart().length;
    if (blockScalarParent !== null) {
      if (line.trim() === '' || firstCol > blockScalarParent) continue;
      blockScalarParent = null;
    }
    if (openQuote !== null) {
      const end = closingQuote(line, 0, openQuote);
      if (end < 0) continue;
      openQuote = null;
      i = end + 1;
    } else if (flow === 0) {
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      while (indent > firstCol) indent = indents.pop() ?? -1;
    }
    while (i < line.length) {
      const c = line[i] as string;
      if (c === ' ' || c === '\t') {
        i++;
        continue;
      }
      if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) break;
      const next = line[i + 1];
      const blankAfter = next === undefined || next === ' ' || next === '\t';
      if (c === '[' || c === '{') {
        propertyStart = null;
        flow++;
        jsonDepth(c);
        if (flow > MAX_NESTING_DEPTH) return { kind: 'yaml', line0: li };
        i++;
        continue;
      }
      if (flow > 0 && (c === ']' || c === '}')) {
        flow--;
        i++;
        continue;
      }
      if (flow > 0 && (c === ',' || c === ':' || c === '?')) {
        i++;
        continue;
      }
      if (flow === 0 && (c === '-' || c === '?') && blankAfter) {
        if (roll(i, c === '-' ? '[' : '{')) return { kind: 'yaml', line0: li };
        i++;
        continue;
      }
      if (flow === 0 && (c === '|' || c === '>')) {
        blockScalarParent = indent;
        break;
      }
      // A key's position is that of its first property (`&anchor`, `!tag`), if it has any.
      const tokenStart: number = propertyStart ?? i;
      propertyStart = c === '&' || c === '!' ? tokenStart : null;
      if (c === '&' || c === '!' || c === '*') {
        while (i < line.length && !' \t,[]{}'.includes(line[i] as string)) i++;
        if (c !== '*') continue;
      } else if (c === '"' || c === "'") {
        const end = closingQuote(line, i + 1, c);
        if (end < 0) {
          openQuote = c;
          break;
        }
        const start = tokenStart;
        i = skipBlanks(line, end + 1);
        if (isKeyColon(line, i)) {
          if (roll(start, '{')) return { kind: 'yaml', line0: li };
          i++;
        }
        continue;
      } else {
        // A plain scalar ends at ': ', ' #', end of line, or (in flow context) a flow indicator.
        const start = tokenStart;
        while (i < line.length) {
          const d = line[i] as string;
          if (d === ':' && isKeyColon(line, i)) break;
          if (d === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) break;
          if (flow > 0 && ',[]{}'.includes(d)) break;
          i++;
        }
        if (isKeyColon(line, i)) {
          if (roll(start, '{')) return { kind: 'yaml', line0: li };
          i++;
        }
        continue;
      }
      // After an alias: is it a key?
      i = skipBlanks(line, i);
      if (isKeyColon(line, i)) {
        if (roll(tokenStart, '{')) return { kind: 'yaml', line0: li };
        i++;
      }
    }
  }
  return json;
}

function skipBlanks(line: string, i: number): number {
  while (line[i] === ' ' || line[i] === '\t') i++;
  return i;
}

/** A ':' that ends a key: followed by a blank or the end of the line. */
function isKeyColon(line: string, i: number): boolean {
  if (line[i] !== ':') return false;
  const n = line[i + 1];
  return n === undefined || n === ' ' || n === '\t' || n === '\r';
}

/** Index of the quote closing a scalar opened before `from`, or -1 if the line has none. */
function closingQuote(line: string, from: number, q: '"' | "'"): number {
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (q === '"' && c === '\\') {
      i++;
      continue;
    }
    if (c === q) {
      if (q === "'" && line[i + 1] === "'") {
        i++;
        continue;
      }
      return i;
    }
  }
  return -1;
}
