/**
 * Replays test/golden/VERB/usage-errors.json: what the real kubectl 1.33 prints for VERB command
 * lines it rejects before any request (the regenerate.sh next to each file made it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { bufferIO } from '../../src/kubectl/cmd/util/io.js';
import { REPO_ROOT } from '../repo-root.js';

interface GoldenCase {
  cmd: string;
  args: string[];
  stdout: string;
  stderr: string;
  exit: number;
}

export function replayUsageGolden(verb: string): void {
  const cases = JSON.parse(readFileSync(join(REPO_ROOT, `test/golden/${verb}/usage-errors.json`), 'utf8')) as GoldenCase[];
  for (const c of cases) {
    test(`as ${c.cmd}`, async () => {
      // A database path that must never be opened: these errors come before any request.
      const { io, output } = bufferIO({ env: { KUBEMU_DB: '/nonexistent/never-opened.db' } });
      const code = await main(['node', 'kubectl', verb, ...c.args], io);
      assert.equal(output.stderr, c.stderr);
      assert.equal(output.stdout, c.stdout);
      assert.equal(code, c.exit);
    });
  }
}
