/**
 * js-yaml and go-yaml v2 detect the same syntax errors but word and locate them differently.
 * kubectl users see go-yaml's text (`yaml: line 4: mapping values are not allowed in this
 * context`), so we translate the frequent cases.
 *
 * go-yaml's line numbers have a quirk worth knowing (decode.go `parser.fail`): scanner errors
 * report the 1-based line of the problem, but *parser* errors report the problem mark's
 * 0-based line, i.e. one less than the line you would point at. Worked examples, each a
 * document whose 5th line is the culprit:
 *   `  name: x: y`   (scanner: mapping values...)   → "line 5"
 *   ` labels: y` under a 2-space map (parser: did not find expected key) → "line 4"
 *
 * Mapping from js-yaml's reason (and what sits at its mark) to go-yaml's message:
 *   bad indentation of a mapping entry, mark on `:`        → mapping values are not allowed in this context (scanner)
 *   bad indentation of a mapping entry, mark on `@` or `` ` `` → found character that cannot start any token (scanner)
 *   bad indentation of a mapping entry, inside a block sequence → did not find expected '-' indicator (parser)
 *   bad indentation of a mapping/sequence entry, otherwise  → did not find expected key (parser)
 *   tab characters must not be used in indentation           → found character that cannot start any token (scanner)
 *   a multiline key may not be an implicit key / a colon is missed → could not find expected ':' (scanner,
 *                                                               reported at the next token after the key)
 *   end of the stream within a quoted scalar                 → found unexpected end of stream (scanner)
 *   end of the stream within a flow collection               → did not find expected ',' or ']' / '}' (parser)
 *   unknown escape sequence                                  → found unknown escape character (scanner)
 *   unidentified alias "a"                                   → unknown anchor 'a' referenced (no line)
 *   end of the stream or a document separator is expected    → did not find expected '-' indicator / key (parser)
 * Anything else keeps js-yaml's reason with go-yaml's "line N" framing — a known divergence.
 */
import type yaml from 'js-yaml';

/** go-yaml's message for a js-yaml exception raised on `text` (one document). */
export function goYamlErrorMessage(err: yaml.YAMLException, text: string): string {
  const reason = err.reason ?? err.message;
  const mark = err.mark as { line: number; column: number; position: number } | undefined;
  const line0 = mark?.line ?? 0;
  const lines = text.split('\n');
  const at = mark ? text[mark.position] : undefined;
  const scanner = (l0: number, msg: string): string => `yaml: line ${l0 + 1}: ${msg}`;
  const parser = (l0: number, msg: string): string => (l0 > 0 ? `yaml: line ${l0}: ${msg}` : `yaml: ${msg}`);

  if (reason === 'bad indentation of a mapping entry') {
    if (at === ':') return scanner(line0, 'mapping values are not allowed in this context');
    if (at === '@' || at === '`') return scanner(line0, 'found character that cannot start any token');
    if (insideBlockSequence(lines, line0, mark?.column ?? 0)) {
      return parser(line0, "did not find expected '-' indicator");
    }
    return parser(line0, 'did not find expected key');
  }
  if (reason === 'bad indentation of a sequence entry') return parser(line0, 'did not find expected key');
  if (reason === 'end of the stream or a document separator is expected') {
    // Content after the root collection ended: go-yaml's parser still expects the root's
    // next entry — a `-` for a sequence, a key for a mapping.
    const first = lines.find((l) => l.trim() !== '' && !l.trim().startsWith('#')) ?? '';
    const seq = first.trim() === '-' || first.startsWith('- ');
    return parser(line0, seq ? "did not find expected '-' indicator" : 'did not find expected key');
  }
  if (reason.startsWith('tab characters must not be used')) {
    return scanner(line0, 'found character that cannot start any token');
  }
  if (
    reason.startsWith('can not read a block mapping entry; a multiline key may not be an implicit key') ||
    reason.startsWith('can not read an implicit mapping pair; a colon is missed')
  ) {
    // go-yaml notices the missing ':' when the next token starts on a later line.
    return scanner(nextTokenLine(lines, keyLine(reason, line0)), "could not find expected ':'");
  }
  if (reason.startsWith('unexpected end of the stream within a') && reason.endsWith('quoted scalar')) {
    return scanner(line0, 'found unexpected end of stream');
  }
  if (reason === 'unexpected end of the stream within a flow collection') {
    const close = innermostOpenFlow(text) === '{' ? '}' : ']';
    return parser(line0, `did not find expected ',' or '${close}'`);
  }
  if (reason === 'unknown escape sequence') return scanner(line0, 'found unknown escape character');
  const alias = /^unidentified alias "(.*)"$/.exec(reason);
  if (alias) return `yaml: unknown anchor '${alias[1] ?? ''}' referenced`;
  return scanner(line0, reason);
}

/**
 * The 0-based line of the key whose ':' is missing. js-yaml marks the key's own line for
 * "a colon is missed" but the following line for "a multiline key".
 */
function keyLine(reason: string, line0: number): number {
  return reason.includes('multiline key') ? line0 - 1 : line0;
}

/**
 * The 0-based line of the first token after line `after`: the next line with content that
 * is not a comment, or end of stream (which go-yaml places on the line after the last
 * newline: a 7-line document ending in "\n" has its end on line index 7).
 */
function nextTokenLine(lines: string[], after: number): number {
  for (let i = after + 1; i < lines.length; i++) {
    const t = (lines[i] ?? '').trim();
    if (t !== '' && !t.startsWith('#')) return i;
  }
  return lines.length - 1;
}

/** Is the entry at (line, column) inside a block sequence, i.e. does the previous entry at that column start with "- "? */
function insideBlockSequence(lines: string[], line0: number, column: number): boolean {
  for (let i = line0 - 1; i >= 0; i--) {
    const l = lines[i] ?? '';
    const t = l.trim();
    if (t === '' || t.startsWith('#')) continue;
    const indent = l.length - l.trimStart().length;
    if (indent < column) return false;
    if (indent === column) return t === '-' || t.startsWith('- ');
  }
  return false;
}

/** The last `[` or `{` left open outside quoted scalars and comments. */
function innermostOpenFlow(text: string): '[' | '{' | null {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '[' || c === '{') stack.push(c);
    else if (c === ']' || c === '}') stack.pop();
  }
  const top = stack[stack.length - 1];
  return top === '[' || top === '{' ? top : null;
}
