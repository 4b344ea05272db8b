/**
 * `npm run test:unit` runs test/unit/ alone and must stay fast: a test that starts another program
 * (bin/kubemu, sh, GNU diff) belongs in test/e2e/<area>/ instead.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';
import { importSpecifiers } from './import-graph.js';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

test('no file under test/unit/ starts a process', () => {
  const spawning = files(join(REPO_ROOT, 'test', 'unit'))
    .filter((f) => importSpecifiers(f, readFileSync(f, 'utf8')).some((i) => i.spec === 'node:child_process' || i.spec === 'child_process'))
    .map((f) => relative(REPO_ROOT, f));
  assert.deepEqual(spawning, [], `move these to test/e2e/<area>/: ${spawning.join(', ')}`);
});
