/**
 * The small part of POSIX sh that exec hooks are written in, parsed so that hook-command.ts can
 * tell how long a hook runs: simple commands joined by `;`, newlines, `&&`, `||`, `|` and `&`,
 * with quoting ('…', "…", backslash), comments, `VAR=value` prefixes and redirections (dropped).
 *
 *   sleep 25                        → [[ [sleep 25] ]]
 *   sleep 5 && nginx -s quit        → [[ [sleep 5] && [nginx -s quit] ]]
 *   echo bye >> /tmp/log; sleep "2" → [[ [echo bye] ]], [[ [sleep 2] ]]
 *   sleep $DELAY                    → [sleep <dynamic>]: the word depends on the environment
 *   for i in 1 2 3; do sleep 1; done → undefined: compound commands are not interpreted
 */

/** A word of a command; dynamic when it has an expansion ($VAR, $(…), `…`) kubemu does not perform. */
export interface Word {
  text: string;
  dynamic: boolean;
}

/** Commands joined by `|`: they run side by side, the status is the last one's. */
export type Pipeline = Word[][];

/** An and-or list: `a && b || c`, each link run or skipped by the status so far. */
export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
  /** ended by `&`: runs in the background */
  background: boolean;
}

type Token = { word: Word } | { op: ';' | '&&' | '||' | '|' | '&' };

/** Reserved words and characters that start syntax this parser does not take on. */
const COMPOUND = new Set(['if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac', 'select', 'function', '{', '}', '!', '[[', ']]']);

/** Splits a script into tokens; undefined for syntax outside the subset (subshells, here-documents, `;;`). */
function tokenize(script: string): Token[] | undefined {
  const out: Token[] = [];
  let text = '';
  let dynamic = false;
  let inWord = false;
  /** the next word is a redirection's target, dropped */
  let dropNext = false;
  const endWord = () => {
    if (!inWord) return;
    if (dropNext) dropNext = false;
    else out.push({ word: { text, dynamic } });
    text = '';
    dynamic = false;
    inWord = false;
  };
  let i = 0;
  while (i < script.length) {
    const ch = script[i]!;
    if (ch === ' ' || ch === '\t') {
      endWord();
      i++;
    } else if (ch === '\n' || ch === ';') {
      endWord();
      if (ch === ';' && script[i + 1] === ';') return undefined;
      out.push({ op: ';' });
      i++;
    } else if (ch === '&' || ch === '|') {
      endWord();
      if (script[i + 1] === ch) {
        out.push({ op: ch === '&' ? '&&' : '||' });
        i += 2;
      } else {
        out.push({ op: ch });
        i++;
      }
    } else if (ch === '(' || ch === ')') {
      return undefined;
    } else if (ch === '<' || ch === '>') {
      // `2>&1`, `>>log`, `< in`: a file descriptor written just before belongs to the redirection.
      if (inWord && /^[0-9]+$/.test(text) && !dynamic) {
        text = '';
        inWord = false;
      } else endWord();
      if (ch === '<' && script[i + 1] === '<') return undefined; // a here-document
      i++;
      if (script[i] === '>' || script[i] === '|') i++;
      if (script[i] === '&') {
        // `>&2`, `2>&-`: the target is a descriptor, written right after
        i++;
        while (i < script.length && /[0-9-]/.test(script[i]!)) i++;
      } else dropNext = true;
    } else if (ch === '#' && !inWord) {
      while (i < script.length && script[i] !== '\n') i++;
    } else if (ch === "'") {
      const end = script.indexOf("'", i + 1);
      if (end < 0) return undefined;
      text += script.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      inWord = true;
      i++;
      while (i < script.length && script[i] !== '"') {
        const d = script[i]!;
        if (d === '\\' && i + 1 < script.length && '$`"\\\n'.includes(script[i + 1]!)) {
          if (script[i + 1] !== '\n') text += script[i + 1];
          i += 2;
        } else {
          if (d === '$' || d === '`') dynamic = true;
          text += d;
          i++;
        }
      }
      if (i >= script.length) return undefined;
      i++;
    } else if (ch === '\\') {
      if (script[i + 1] !== '\n') {
        text += script[i + 1] ?? '';
        inWord = true;
      }
      i += 2;
    } else {
      if (ch === '$' || ch === '`') dynamic = true;
      text += ch;
      inWord = true;
      i++;
    }
  }
  endWord();
  return out;
}

/** The script as and-or lists in order; undefined when it uses syntax outside the subset. */
export function parseScript(script: string): AndOr[] | undefined {
  const tokens = tokenize(script);
  if (!tokens) return undefined;
  const lists: AndOr[] = [];
  let command: Word[] = [];
  let pipeline: Pipeline = [];
  let current: AndOr | undefined;
  let pendingOp: '&&' | '||' | undefined;
  const endCommand = (): boolean => {
    if (!command.length) return false;
    const name = command[0]!;
    if (!name.dynamic && COMPOUND.has(name.text)) return false;
    pipeline.push(command);
    command = [];
    return true;
  };
  const endPipeline = (): boolean => {
    if (!endCommand()) return false;
    if (!current) current = { first: pipeline, rest: [], background: false };
    else if (pendingOp) current.rest.push({ op: pendingOp, pipeline });
    pipeline = [];
    pendingOp = undefined;
    return true;
  };
  for (const t of tokens) {
    if ('word' in t) {
      command.push(t.word);
      continue;
    }
    if (t.op === '|') {
      if (!endCommand()) return undefined;
    } else if (t.op === '&&' || t.op === '||') {
      if (!endPipeline()) return undefined;
      pendingOp = t.op;
    } else {
      // `;` or `&` ends the list; an empty statement (`;` on its own, a blank line) is nothing.
      if (!command.length && !pipeline.length && !pendingOp) {
        if (t.op === '&') return undefined;
        continue;
      }
      if (!endPipeline()) return undefined;
      current!.background = t.op === '&';
      lists.push(current!);
      current = undefined;
    }
  }
  if (command.length || pipeline.length || pendingOp) {
    if (!endPipeline()) return undefined;
  }
  if (current) lists.push(current);
  return lists;
}
