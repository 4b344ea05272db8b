import { REPO_ROOT } from '../../repo-root.js';
/**
 * Byte-for-byte comparison with real kubectl: every case of test/golden/jsonpath/cases.json
 * was run through `kubectl.1.33 patch --local -f <input> -p '{}' --type merge -o <format>=<template>`
 * (see generate.mjs there); we render the same input with our printer and compare stdout,
 * stderr (as the entry point would print it) and exit code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import yaml from 'js-yaml';
import type { JsonValue } from '../../../src/common/json.js';
import { isJsonObject } from '../../../src/common/json.js';
import { JsonPathError } from '../../../src/kubectl/printers/jsonpath/errors.js';
import { JsonPathPrinter } from '../../../src/kubectl/printers/jsonpath-printer.js';

const goldenDir = join(REPO_ROOT, 'test/golden/jsonpath');

interface Case {
  name: string;
  input: string;
  template: string;
  format?: 'jsonpath' | 'jsonpath-as-json';
  flags?: string[];
}
interface Expected {
  stdout: string;
  stderr: string;
  exitCode: number;
}

function loadInput(file: string): JsonValue {
  const text = readFileSync(join(goldenDir, 'inputs', file), 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : yaml.load(text, { schema: yaml.CORE_SCHEMA })) as JsonValue;
}

/** What the kubectl entry point prints for an error: `error: ` + message + newline if missing. */
function stderrFor(e: JsonPathError): string {
  return `error: ${e.message}${e.message.endsWith('\n') ? '' : '\n'}`;
}

function run(c: Case): Expected {
  const input = loadInput(c.input);
  // `--local -f` flattens a List and prints each item with a fresh printer.
  const objects = isJsonObject(input) && input['kind'] === 'List' ? (input['items'] as JsonValue[]) : [input];
  const allowMissingKeys = !(c.flags ?? []).includes('--allow-missing-template-keys=false');
  let stdout = '';
  try {
    for (const obj of objects) {
      const printer = new JsonPathPrinter(c.template, { allowMissingKeys, outputJson: c.format === 'jsonpath-as-json' });
      stdout += printer.print(obj);
    }
  } catch (e) {
    if (!(e instanceof JsonPathError)) throw e;
    return { stdout, stderr: stderrFor(e), exitCode: 1 };
  }
  return { stdout, stderr: '', exitCode: 0 };
}

const cases = JSON.parse(readFileSync(join(goldenDir, 'cases.json'), 'utf8')) as Case[];

test('the golden case table is not empty', () => {
  assert.ok(cases.length > 50);
});

for (const c of cases) {
  test(`jsonpath golden: ${c.name}: ${c.template}`, () => {
    const expected = JSON.parse(readFileSync(join(goldenDir, 'expected', `${c.name}.json`), 'utf8')) as Expected;
    assert.deepEqual(run(c), { stdout: expected.stdout, stderr: expected.stderr, exitCode: expected.exitCode });
  });
}
