import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLAIN, replayPaint, wantsColour } from '../../../src/tools/replay/colour.js';
import { compareOutput } from '../../../src/tools/replay/compare.js';
import { NameMapping } from '../../../src/tools/replay/name-mapping.js';
import { parseTranscript } from '../../../src/tools/replay/parse-transcript.js';
import { formatReport, judge } from '../../../src/tools/replay/report.js';
import type { StepResult } from '../../../src/tools/replay/run-transcript.js';

const TRANSCRIPT = ['```', '$ kubectl get ns', 'NAME   STATUS', 'a      Active', '$ kubectl version', 'v1', '$ curl -s http://x/', 'hi', '```'].join('\n');

function verdicts() {
  const steps = parseTranscript(TRANSCRIPT, 'md').steps;
  const outputs = ['NAME   STATUS\na      Active\n', 'v2\n'];
  return judge(
    steps.map((step, i): StepResult =>
      i < outputs.length ? { step, kind: 'ran', command: step.command, output: outputs[i]!, exitCode: 0 } : { step, kind: 'skip', reason: 'curl is not emulated' },
    ),
  );
}

test('replay colours only on a terminal, and not with NO_COLOR or --no-color', () => {
  assert.equal(wantsColour({ stdoutIsTTY: true, env: {}, colorFlag: true }), true);
  assert.equal(wantsColour({ stdoutIsTTY: true, env: { NO_COLOR: '' }, colorFlag: true }), true, 'an empty NO_COLOR is unset');
  assert.equal(wantsColour({ stdoutIsTTY: false, env: {}, colorFlag: true }), false);
  assert.equal(wantsColour({ stdoutIsTTY: true, env: { NO_COLOR: '1' }, colorFlag: true }), false);
  assert.equal(wantsColour({ stdoutIsTTY: true, env: {}, colorFlag: false }), false);
  assert.equal(replayPaint({ stdoutIsTTY: false, env: {}, colorFlag: true }), PLAIN);
});

test('on a terminal PASS, FAIL, SKIP, the diff lines and the non-zero counts are coloured; the text is the same', () => {
  const v = verdicts();
  const plain = formatReport('t.md', v);
  const coloured = formatReport('t.md', v, replayPaint({ stdoutIsTTY: true, env: {}, colorFlag: true }));
  assert.match(coloured, /^\x1b\[32mPASS\x1b\[39m {2}t\.md:2 /m);
  assert.match(coloured, /^\x1b\[31m\x1b\[1mFAIL\x1b\[22m\x1b\[39m {2}t\.md:5 /m);
  assert.match(coloured, /^\x1b\[33mSKIP\x1b\[39m {2}t\.md:7 /m);
  assert.match(coloured, /^ {6}\x1b\[31m-v1\x1b\[39m$/m);
  assert.match(coloured, /^ {6}\x1b\[32m\+v2\x1b\[39m$/m);
  assert.match(coloured, /\x1b\[32m1 passed\x1b\[39m, \x1b\[31m\x1b\[1m1 failed\x1b\[22m\x1b\[39m, \x1b\[33m1 skipped\x1b\[39m\n$/);
  // eslint-disable-next-line no-control-regex
  assert.equal(coloured.replace(/\x1b\[\d+m/g, ''), plain);
  assert.equal(formatReport('t.md', v, PLAIN), plain);
});

// The diff under a FAIL is `diff -u`'s (the engine of `kubectl diff`): a one-line range is `-1`, as
// GNU diffutils prints it (the `diff` package printed `-1,1`).
test("replay's FAIL diff is GNU diff -u's", () => {
  const c = compareOutput(['v1'], 'v2\n', new NameMapping());
  assert.equal(c.diff, '--- expected\n+++ actual\n@@ -1 +1 @@\n-v1\n+v2\n');
});
