/**
 * The part of busybox's ash that `sh -c "..."` gets in an emulated container: simple commands
 * (words in single or double quotes, backslash escapes, `# comments`), `!` before a command,
 * joined by `&&`, `||`, `;` and newlines, with output redirections `>FILE`, `>>FILE`, `N>FILE`,
 * `N>&M` (FILE may be /dev/null). What else a shell does (pipes, `&`, `<`, `$` expansions,
 * backquotes, globs, `( )`, `{ }`, if/for/while/case, NAME=value) is refused with a message that
 * says so, rather than run wrongly.
 *
 *   touch /tmp/ready && echo ok          → [touch /tmp/ready] && [echo ok]
 *   test -f /tmp/ready || exit 1         → [test -f /tmp/ready] || [exit 1]
 *   cat /tmp/ready >/dev/null 2>&1       → [cat /tmp/ready] with fd 1 → /dev/null, fd 2 → fd 1
 */

/** A redirection of one of the command's output descriptors. */
export type Redirect = { fd: 1 | 2; to: { file: string; append: boolean } | { dupOf: 1 | 2 } };

export interface SimpleCommand {
  words: string[];
  redirects: Redirect[];
  /** `! cmd`: the status is inverted */
  negate: boolean;
}

/** A script: commands, each with how it is joined to the one before (the first's is ';'). */
export type Script = { op: ';' | '&&' | '||'; cmd: SimpleCommand }[];

/** Why a script is not run: a syntax error as ash says it, or something kubemu does not emulate. */
export type ShellRefusal = { kind: 'syntax'; message: string } | { kind: 'unsupported'; what: string };

type Token = { t: 'word'; text: string; digits: boolean } | { t: 'op'; op: string };

const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac', 'function', 'select', '{', '}', '[[', ']]']);

class Refused extends Error {
  constructor(readonly refusal: ShellRefusal) {
    super(refusal.kind === 'syntax' ? refusal.message : refusal.what);
  }
}

const unsupported = (what: string): never => {
  throw new Refused({ kind: 'unsupported', what });
};
const syntax = (message: string): never => {
  throw new Refused({ kind: 'syntax', message });
};

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '\n') {
      tokens.push({ t: 'op', op: '\n' });
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === '>>' || two === '>&') {
      tokens.push({ t: 'op', op: two });
      i += 2;
      continue;
    }
    if (ch === ';' || ch === '>') {
      tokens.push({ t: 'op', op: ch });
      i++;
      continue;
    }
    if (ch === '|') unsupported('pipes (|)');
    if (ch === '&') unsupported('background jobs (&)');
    if (ch === '<') unsupported('input redirection (<)');
    if (ch === '(' || ch === ')') unsupported('subshells ( )');
    // A word, up to an unquoted blank or operator.
    let text = '';
    let quoted = false;
    while (i < src.length) {
      const c = src[i]!;
      if (' \t\n;&|<>()'.includes(c)) break;
      if (c === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) syntax('unterminated quoted string');
        text += src.slice(i + 1, end);
        quoted = true;
        i = end + 1;
        continue;
      }
      if (c === '"') {
        quoted = true;
        i++;
        for (;;) {
          if (i >= src.length) syntax('unterminated quoted string');
          const d = src[i]!;
          if (d === '"') break;
          if (d === '$' || d === '`') unsupported(d === '$' ? 'expansions ($)' : 'command substitution (`)');
          if (d === '\\' && i + 1 < src.length && '$`"\\\n'.includes(src[i + 1]!)) {
            if (src[i + 1] !== '\n') text += src[i + 1];
            i += 2;
            continue;
          }
          text += d;
          i++;
        }
        i++;
        continue;
      }
      if (c === '\\') {
        if (i + 1 < src.length && src[i + 1] !== '\n') text += src[i + 1];
        quoted = true;
        i += 2;
        continue;
      }
      if (c === '$') unsupported('expansions ($)');
      if (c === '`') unsupported('command substitution (`)');
      if (c === '*' || c === '?') unsupported(`globs (${c})`);
      text += c;
      i++;
    }
    tokens.push({ t: 'word', text, digits: !quoted && /^[0-9]+$/.test(text) });
    if (!quoted && tokens.length && isCommandStart(tokens) && KEYWORDS.has(text)) unsupported(`"${text}"`);
  }
  return tokens;
}

/** The word just pushed is the first of a command. */
function isCommandStart(tokens: Token[]): boolean {
  const prev = tokens[tokens.length - 2];
  return prev === undefined || isSeparator(prev) || (prev.t === 'word' && prev.text === '!' && (tokens.length < 3 || isSeparator(tokens[tokens.length - 3]!)));
}

function isSeparator(tok: Token): boolean {
  return tok.t === 'op' && (tok.op === '\n' || tok.op === ';' || tok.op === '&&' || tok.op === '||');
}

/** Parses a script; a refusal says why it is not run. */
export function parseScript(src: string): { script: Script } | { refused: ShellRefusal } {
  try {
    return { script: parse(tokenize(src)) };
  } catch (e) {
    if (e instanceof Refused) return { refused: e.refusal };
    throw e;
  }
}

function parse(tokens: Token[]): Script {
  const script: Script = [];
  let op: ';' | '&&' | '||' = ';';
  let cmd: SimpleCommand | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.t === 'op' && (tok.op === '\n' || tok.op === ';' || tok.op === '&&' || tok.op === '||')) {
      if (!cmd) {
        // An empty line is nothing (also after && or ||: the command may follow on the next
        // line); `;`, `&&` and `||` need a command before them.
        if (tok.op === '\n') continue;
        syntax(`unexpected "${tok.op}"`);
      }
      if (cmd!.words.length === 0) syntax(`unexpected "${tok.op === '\n' ? 'newline' : tok.op}"`);
      script.push({ op, cmd: cmd! });
      cmd = undefined;
      op = tok.op === '\n' ? ';' : (tok.op as ';' | '&&' | '||');
      continue;
    }
    cmd ??= { words: [], redirects: [], negate: false };
    if (tok.t === 'word') {
      const next = tokens[i + 1];
      if (tok.digits && next?.t === 'op' && (next.op === '>' || next.op === '>>' || next.op === '>&')) {
        const fd = Number(tok.text);
        if (fd !== 1 && fd !== 2) unsupported(`redirection of descriptor ${fd}`);
        i = redirect(tokens, i + 1, fd as 1 | 2, cmd);
        continue;
      }
      if (cmd.words.length === 0 && tok.text === '!' && !cmd.negate) {
        cmd.negate = true;
        continue;
      }
      if (cmd.words.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(tok.text)) unsupported('variable assignments (NAME=value)');
      cmd.words.push(tok.text);
      continue;
    }
    i = redirect(tokens, i, 1, cmd);
  }
  if (cmd) {
    if (cmd.words.length === 0) syntax('unexpected end of file');
    script.push({ op, cmd });
  } else if (op !== ';') {
    syntax('unexpected end of file');
  }
  return script;
}

/** A redirection at tokens[i] (`>`, `>>`, `>&`) for descriptor fd; returns the index of its last token. */
function redirect(tokens: Token[], i: number, fd: 1 | 2, cmd: SimpleCommand): number {
  const op = tokens[i] as { t: 'op'; op: string };
  const target = tokens[i + 1];
  if (!target || target.t !== 'word') syntax(target ? `unexpected "${(target as { op: string }).op}"` : 'unexpected end of file');
  const word = (target as { text: string }).text;
  if (op.op === '>&') {
    if (word !== '1' && word !== '2') unsupported(`redirection to descriptor ${word}`);
    cmd.redirects.push({ fd, to: { dupOf: Number(word) as 1 | 2 } });
  } else {
    cmd.redirects.push({ fd, to: { file: word, append: op.op === '>>' } });
  }
  return i + 1;
}
