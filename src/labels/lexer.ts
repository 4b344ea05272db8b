/**
 * The tokenizer of apimachinery's label selector syntax (labels.Lexer).
 *
 * Identifiers run until white space or one of `=!(),<>`; `in` and `notin` are keywords;
 * operators are the longest run of special characters that is still a token, so `!=` is one
 * token and `=(` is `=` followed by `(`.
 */

export type Token =
  | 'error'
  | 'eos'
  | ')'
  | ','
  | '!'
  | '=='
  | '='
  | '>'
  | 'identifier'
  | 'in'
  | '<'
  | '!='
  | 'notin'
  | '(';

export interface ScannedItem {
  tok: Token;
  literal: string;
}

const STRING_TO_TOKEN: Record<string, Token> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

function tokenOf(s: string): Token | undefined {
  return Object.prototype.hasOwnProperty.call(STRING_TO_TOKEN, s) ? STRING_TO_TOKEN[s] : undefined;
}

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
}

function isSpecialSymbol(ch: string): boolean {
  return '=!(),><'.includes(ch) && ch !== '';
}

/** Splits a selector into tokens, ending with an `eos` item. */
export function scanSelector(s: string): ScannedItem[] {
  let pos = 0;
  // Go reads bytes and returns 0 at the end; an empty string plays that role here.
  const read = (): string => (pos < s.length ? (s[pos++] as string) : '');
  const unread = (): void => {
    pos--;
  };

  const scanIdOrKeyword = (): ScannedItem => {
    let buffer = '';
    for (;;) {
      const ch = read();
      if (ch === '') break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        unread();
        break;
      }
      buffer += ch;
    }
    return { tok: tokenOf(buffer) ?? 'identifier', literal: buffer };
  };

  const scanSpecialSymbol = (): ScannedItem => {
    let last: ScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = read();
      if (ch === '') break;
      if (!isSpecialSymbol(ch)) {
        unread();
        break;
      }
      buffer += ch;
      const tok = tokenOf(buffer);
      if (tok) {
        last = { tok, literal: buffer };
      } else if (last) {
        unread();
        break;
      }
    }
    return last ?? { tok: 'error', literal: `error expected: keyword found '${buffer}'` };
  };

  const items: ScannedItem[] = [];
  for (;;) {
    let ch = read();
    while (ch !== '' && isWhitespace(ch)) ch = read();
    let item: ScannedItem;
    if (ch === '') {
      item = { tok: 'eos', literal: '' };
    } else {
      unread();
      item = isSpecialSymbol(ch) ? scanSpecialSymbol() : scanIdOrKeyword();
    }
    items.push(item);
    if (item.tok === 'eos') return items;
  }
}
