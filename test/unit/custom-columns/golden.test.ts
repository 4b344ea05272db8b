import { REPO_ROOT } from '../../repo-root.js';
/**
 * custom-columns cells against real kubectl. Each case of
 * test/golden/jsonpath/custom-columns/cases.json was recorded from
 * `kubectl.1.33 get <resource> -o custom-columns=<spec>` (or custom-columns-file) against a
 * loopback stand-in server listing objects.json (see generate.mjs there).
 *
 * Cells are compared after splitting kubectl's padded lines on runs of 3+ spaces (no cell
 * here contains such a run); the whole output is also compared byte for byte after laying
 * our cells out with the project's tabwriter.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { JsonValue } from '../../../src/common/json.js';
import { JsonPathError } from '../../../src/kubectl/printers/jsonpath/errors.js';
import {
  CustomColumnsError,
  customColumnRows,
  parseCustomColumns,
  parseCustomColumnsFile,
} from '../../../src/kubectl/printers/custom-columns.js';
import { tabwrite } from '../../../src/kubectl/printers/tabwriter.js';

const dir = join(REPO_ROOT, 'test/golden/jsonpath/custom-columns');

interface Case {
  name: string;
  resource: string;
  spec?: string;
  file?: string;
  flags?: string[];
}
interface Expected {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as Case[];
const objects = JSON.parse(readFileSync(join(dir, 'objects.json'), 'utf8')) as Record<string, JsonValue[]>;

function render(rows: string[][]): string {
  return tabwrite(rows.map((r) => r.join('\t') + '\n').join(''));
}

function run(c: Case): { rows: string[][]; stdout: string; stderr: string; exitCode: number } {
  const noHeadersFlag = (c.flags ?? []).includes('--no-headers');
  let rows: string[][] = [];
  try {
    const cols = c.file !== undefined ? parseCustomColumnsFile(c.file) : parseCustomColumns(c.spec ?? '');
    // kubectl ignores --no-headers for custom-columns-file.
    rows = customColumnRows(cols, objects[c.resource] ?? [], c.file !== undefined ? false : noHeadersFlag);
  } catch (e) {
    if (!(e instanceof JsonPathError)) throw e;
    if (e instanceof CustomColumnsError) rows = e.rowsBeforeError;
    return { rows, stdout: render(rows), stderr: `error: ${e.message}\n`, exitCode: 1 };
  }
  return { rows, stdout: render(rows), stderr: '', exitCode: 0 };
}

test('the custom-columns golden table is not empty', () => {
  assert.ok(cases.length > 20);
});

for (const c of cases) {
  const expected = JSON.parse(readFileSync(join(dir, 'expected', `${c.name}.json`), 'utf8')) as Expected;
  const got = run(c);

  test(`custom-columns cells: ${c.name}`, () => {
    const kubectlCells = expected.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split(/ {3,}/));
    assert.deepEqual(got.rows, kubectlCells);
    assert.equal(got.stderr, expected.stderr);
    assert.equal(got.exitCode, expected.exitCode);
  });

  test(`custom-columns bytes: ${c.name}`, () => {
    assert.equal(got.stdout, expected.stdout);
  });
}
