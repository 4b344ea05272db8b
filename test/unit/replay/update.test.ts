import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTranscript } from '../../../src/tools/replay/parse-transcript.js';
import type { StepResult } from '../../../src/tools/replay/run-transcript.js';
import { updatedText } from '../../../src/tools/replay/update.js';

// `--update` puts each command's actual output in place of its expected one and leaves the rest
// of the file as it was.

const HISTORY = 'deployment.apps/hello\nREVISION  CHANGE-CAUSE\n1         hello 1.0\n\n';

function ran(text: string, outputs: string[]): string {
  const t = parseTranscript(text, 'md');
  const results = t.steps.map((step, i): StepResult => ({ kind: 'ran', step, command: step.command, output: outputs[i] ?? '', exitCode: 0 }));
  return updatedText(t, results);
}

test('an output that ends with a blank line (rollout history) is written back without adding one', () => {
  const text = ['```console', '$ kubectl rollout history deployment/hello', 'old', '', '$ kubectl version', 'v', '```', ''].join('\n');
  const once = ran(text, [HISTORY, 'v\n']);
  assert.equal(once, ['```console', '$ kubectl rollout history deployment/hello', ...HISTORY.split('\n').slice(0, 3), '', '$ kubectl version', 'v', '```', ''].join('\n'));
  // updating the updated file changes nothing
  assert.equal(ran(once, [HISTORY, 'v\n']), once);
});

test('outputs are replaced line for line; prose, fences and commands stay', () => {
  const text = ['Intro.', '```console', '$ kubectl get pods   ', 'No resources found in default namespace.', '```', 'After.'].join('\n');
  assert.equal(ran(text, ['NAME   READY   \nweb    1/1\n']), ['Intro.', '```console', '$ kubectl get pods   ', 'NAME   READY', 'web    1/1', '```', 'After.'].join('\n'));
});

test("an HTTP response's CRLF line ends (curl -si) are written as a terminal shows them, without the CR", () => {
  const text = ['```console', "$ curl -si http://127.0.0.1:8080/ | grep -E 'X-App-Version|hello from'", 'old', '```'].join('\n');
  assert.equal(
    ran(text, ['X-App-Version: 1.1\r\nhello from hello-b5cb4bcc7-4spr2\n']),
    ['```console', "$ curl -si http://127.0.0.1:8080/ | grep -E 'X-App-Version|hello from'", 'X-App-Version: 1.1', 'hello from hello-b5cb4bcc7-4spr2', '```'].join('\n'),
  );
});
