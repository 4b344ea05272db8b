import { REPO_ROOT } from '../../repo-root.js';
/**
 * Our selector parser against kubectl's. test/golden/jsonpath/selectors/expected.json holds,
 * for each selector of selectors.json, what
 *   kubectl.1.33 set selector --local -f service.yaml <selector> -o jsonpath={.spec.selector}
 * printed. That command runs apimachinery's parser offline, so:
 *  - `couldn't parse the selector string "S": MSG` → our parseSelector must throw MSG;
 *  - `{...}` on stdout → it parsed into these equality requirements;
 *  - `match expression [{k In [a b]}] not supported on this object` → it parsed, and these are
 *    its set-based requirements (in Go's %v form), which we compare with ours;
 *  - `"!=" is not a valid ...` / `"gt" isn't supported ...` → it parsed with that operator.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseSelector, SelectorError, type Requirement } from '../../../src/labels/label-selector.js';

const dir = join(REPO_ROOT, 'test/golden/jsonpath/selectors');
const selectors = JSON.parse(readFileSync(join(dir, 'selectors.json'), 'utf8')) as string[];
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
  stdout: string;
  stderr: string;
  exitCode: number;
}[];

const GO_OPERATOR: Record<string, string> = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };

/** metav1.LabelSelectorRequirement printed with %v: `{key In [a b]}`. */
function goExpression(r: Requirement): string {
  return `{${r.key} ${GO_OPERATOR[r.operator]} [${r.values.join(' ')}]}`;
}

function tryParse(s: string): Requirement[] | SelectorError {
  try {
    const sel = parseSelector(s);
    assert.equal(sel.kind, 'requirements');
    return sel.kind === 'requirements' ? [...sel.requirements] : [];
  } catch (e) {
    if (e instanceof SelectorError) return e;
    throw e;
  }
}

test('the selector golden table matches its inputs', () => {
  assert.equal(selectors.length, expected.length);
  assert.ok(selectors.length > 50);
});

selectors.forEach((s, i) => {
  test(`selector golden: ${JSON.stringify(s)}`, () => {
    const want = expected[i]!;
    const got = tryParse(s);
    const prefix = `error: couldn't parse the selector string "${s}": `;
    if (want.stderr.startsWith(prefix)) {
      assert.ok(got instanceof SelectorError, `expected a parse error, got ${JSON.stringify(got)}`);
      assert.equal(got.message, want.stderr.slice(prefix.length).replace(/\n$/, ''));
      return;
    }
    assert.ok(!(got instanceof SelectorError), `unexpected error: ${got instanceof SelectorError ? got.message : ''}`);
    const reqs = got as Requirement[];
    if (want.exitCode === 0) {
      const labels = Object.fromEntries(reqs.map((r) => [r.key, r.values[0]]));
      assert.ok(reqs.every((r) => r.operator === '=' || r.operator === '=='));
      assert.deepEqual(labels, want.stdout === '' ? {} : JSON.parse(want.stdout));
      return;
    }
    const m = /^error: match expression \[(.*)\] not supported on this object\n$/.exec(want.stderr);
    if (m) {
      const exprs = reqs.filter((r) => r.operator in GO_OPERATOR).map(goExpression);
      assert.equal(exprs.join(' '), m[1]);
      return;
    }
    const op = /^error: "(.*)" (?:is not a valid label selector operator|isn't supported in label selectors)\n$/.exec(want.stderr);
    assert.ok(op, `unrecognised kubectl output ${want.stderr}`);
    assert.ok(reqs.some((r) => r.operator === op[1]));
  });
});
