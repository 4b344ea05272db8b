import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, formatTranscript, listScenarios, makeSandbox, readCommands, runSteps } from './transcript.js';

const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

for (const name of listScenarios()) {
  test(`transcript ${name}`, () => {
    const commands = readCommands(readFileSync(join(ROOT, 'test', 'e2e', `${name}.cmds`), 'utf8'));
    const sandbox = makeSandbox();
    try {
      const actual = formatTranscript(runSteps(commands, sandbox)).split(sandbox.dir).join('<SANDBOX>');
      const goldenPath = join(ROOT, 'test', 'golden', 'e2e', `${name}.golden`);
      if (UPDATE || !existsSync(goldenPath)) {
        writeFileSync(goldenPath, actual);
        if (!UPDATE) assert.fail(`golden file ${goldenPath} was missing; written, review it and rerun`);
        return;
      }
      assert.equal(actual, readFileSync(goldenPath, 'utf8'));
    } finally {
      rmSync(sandbox.dir, { recursive: true, force: true });
    }
  });
}
