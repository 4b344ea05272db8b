/**
 * apimachinery's label selector parser (labels.Parse): `a=b`, `a==b`, `a!=b`,
 * `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`, `a<1`, joined by commas (AND).
 *
 * Requirements come back sorted by key. Errors carry apimachinery's text, e.g.
 *   `a in x`   → `unable to parse requirement: found 'x' expected: '('`
 *   `a=b,`     → `found '', expected: identifier after ','`
 *   `x/y/z`    → `unable to parse requirement: <nil>: Invalid value: "x/y/z": a qualified name ...`
 */
import { SelectorError } from './errors.js';
import { aggregateMessage, fieldInvalid, qualifiedNameErrors } from './label-validation.js';
import { scanSelector, type ScannedItem, type Token } from './lexer.js';
import { BINARY_OPERATORS, newRequirement, type Operator, type Requirement } from './requirement.js';
import { compareGoStrings } from '../common/go-strings.js';

/** In value position the keywords `in` and `notin` are ordinary identifiers. */
type Context = 'keyAndOperator' | 'values';

class Parser {
  private position = 0;

  constructor(private readonly items: ScannedItem[]) {}

  private view(item: ScannedItem, context: Context): [Token, string] {
    const tok = context === 'values' && (item.tok === 'in' || item.tok === 'notin') ? 'identifier' : item.tok;
    return [tok, item.literal];
  }

  private lookahead(context: Context): [Token, string] {
    return this.view(this.items[this.position] as ScannedItem, context);
  }

  private consume(context: Context): [Token, string] {
    this.position++;
    return this.view(this.items[this.position - 1] as ScannedItem, context);
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const [tok, lit] = this.lookahead('values');
      if (tok === 'identifier' || tok === '!') {
        let r: Requirement;
        try {
          r = this.parseRequirement();
        } catch (e) {
          if (e instanceof SelectorError) throw new SelectorError(`unable to parse requirement: ${e.message}`);
          throw e;
        }
        requirements.push(r);
        const [t, l] = this.consume('values');
        if (t === 'eos') return requirements;
        if (t === ',') {
          const [t2, l2] = this.lookahead('values');
          if (t2 !== 'identifier' && t2 !== '!') throw new SelectorError(`found '${l2}', expected: identifier after ','`);
        } else {
          throw new SelectorError(`found '${l}', expected: ',' or 'end of string'`);
        }
      } else if (tok === 'eos') {
        return requirements;
      } else {
        throw new SelectorError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): Requirement {
    const [key, inferred] = this.parseKeyAndInferOperator();
    if (inferred) return newRequirement(key, inferred, []);
    const operator = this.parseOperator();
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    // sets.String.List(): sorted, without duplicates.
    return newRequirement(key, operator, [...values].sort(compareGoStrings));
  }

  private parseKeyAndInferOperator(): [string, Operator | undefined] {
    let operator: Operator | undefined;
    let [tok, literal] = this.consume('values');
    if (tok === '!') {
      operator = '!';
      [tok, literal] = this.consume('values');
    }
    if (tok !== 'identifier') throw new SelectorError(`found '${literal}', expected: identifier`);
    const errs = qualifiedNameErrors(literal);
    // Validated with the parser's (nil) field path, hence `<nil>: Invalid value: ...`.
    if (errs.length) throw new SelectorError(aggregateMessage([fieldInvalid(null, literal, errs.join('; '))]));
    const [next] = this.lookahead('values');
    if ((next === 'eos' || next === ',') && operator !== '!') operator = 'exists';
    return [literal, operator];
  }

  private parseOperator(): Operator {
    const [tok, lit] = this.consume('keyAndOperator');
    switch (tok) {
      case 'in':
        return 'in';
      case '=':
        return '=';
      case '==':
        return '==';
      case '>':
        return 'gt';
      case '<':
        return 'lt';
      case 'notin':
        return 'notin';
      case '!=':
        return '!=';
      default:
        throw new SelectorError(`found '${lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    const [tok, lit] = this.consume('values');
    if (tok !== '(') throw new SelectorError(`found '${lit}' expected: '('`);
    const [tok2, lit2] = this.lookahead('values');
    if (tok2 === 'identifier' || tok2 === ',') {
      const s = this.parseIdentifiersList();
      const [closing] = this.consume('values');
      if (closing !== ')') throw new SelectorError(`found '${lit2}', expected: ')'`);
      return s;
    }
    if (tok2 === ')') {
      this.consume('values');
      return new Set(['']);
    }
    throw new SelectorError(`found '${lit2}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const [tok, lit] = this.consume('values');
      if (tok === 'identifier') {
        s.add(lit);
        const [tok2, lit2] = this.lookahead('values');
        if (tok2 === ',') continue;
        if (tok2 === ')') return s;
        throw new SelectorError(`found '${lit2}', expected: ',' or ')'`);
      } else if (tok === ',') {
        // `(,a)`, `(a,)` and `(a,,b)` each contribute an empty value.
        if (s.size === 0) s.add('');
        const [tok2] = this.lookahead('values');
        if (tok2 === ')') {
          s.add('');
          return s;
        }
        if (tok2 === ',') {
          this.consume('values');
          s.add('');
        }
      } else {
        throw new SelectorError(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const [next] = this.lookahead('values');
    if (next === 'eos' || next === ',') return new Set(['']);
    const [tok, lit] = this.consume('values');
    if (tok === 'identifier') return new Set([lit]);
    throw new SelectorError(`found '${lit}', expected: identifier`);
  }
}

/** Parses a selector string into its requirements, sorted by key (stable for equal keys). */
export function parseRequirements(selector: string): Requirement[] {
  const reqs = new Parser(scanSelector(selector)).parse();
  return reqs.map((r, i) => [r, i] as const).sort((a, b) => compareGoStrings(a[0].key, b[0].key) || a[1] - b[1]).map(([r]) => r);
}
