/**
 * Replays test/golden/set/cases.json: each case is a `kubectl set image|env --local ...` run
 * of real kubectl 1.33 (argv, stdin, stdout, stderr and exit code recorded by
 * test/golden/set/generate.mjs). Our CLI runs in-process on the same fixtures and must print
 * the same bytes on both streams and exit the same way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

interface GoldenCase {
  name: string;
  args: string[];
  stdin?: string;
  cmd: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

const dir = join(REPO_ROOT, 'test/golden/set');
const golden = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as { kubectl: string; cases: GoldenCase[] };

test('golden cases were recorded from kubectl', () => {
  assert.match(golden.kubectl, /^v1\.33\./);
  assert.ok(golden.cases.length >= 40);
  // the table covers both commands, successes and failures
  assert.ok(golden.cases.some((c) => c.args[1] === 'image' && c.exitCode === 0 && c.stdout.includes('kind: Deployment')));
  assert.ok(golden.cases.some((c) => c.args[1] === 'env' && c.exitCode !== 0));
});

for (const c of golden.cases) {
  test(`${c.name}  [${c.cmd}]`, async () => {
    const { io, output } = bufferIO({ cwd: dir, stdin: c.stdin ?? '', env: { KUBEMU_DB: '/nonexistent/never-opened.db' } });
    const code = await main(['node', 'kubectl', ...c.args], io);
    assert.equal(output.stdout, c.stdout, 'stdout');
    assert.equal(output.stderr, c.stderr, 'stderr');
    assert.equal(code, c.exitCode, 'exit code');
  });
}
