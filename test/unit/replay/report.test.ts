import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutput } from '../../../src/tools/replay/compare.js';
import { NameMapping } from '../../../src/tools/replay/name-mapping.js';
import { parseTranscript } from '../../../src/tools/replay/parse-transcript.js';
import { formatReport, judge, summaryLine } from '../../../src/tools/replay/report.js';
import type { StepResult } from '../../../src/tools/replay/run-transcript.js';
import { updatedText } from '../../../src/tools/replay/update.js';

const ARTICLE = [
  '```',
  '$ kubectl get replicaset -l app=hello',
  'NAME              DESIRED   CURRENT   READY   AGE',
  'hello-8c9694f75   4         4         4       19s',
  '$ kubectl get pods',
  'NAME                        READY   STATUS    RESTARTS   AGE',
  'hello-8c9694f75-4nf7n       1/1     Running   0          18s',
  '$ curl -s http://x/',
  'hello',
  '```',
].join('\n');

const REPLAY = [
  'NAME               DESIRED   CURRENT   READY   AGE\nhello-6474c95c86   4         4         4       11s\n',
  'NAME                     READY   STATUS    RESTARTS   AGE\nhello-6474c95c86-6mlqm   1/1     Running   0          11s\n',
];

function results(outputs: string[]): StepResult[] {
  const t = parseTranscript(ARTICLE, 'md');
  return t.steps.map((step, i): StepResult =>
    i < outputs.length ? { step, kind: 'ran', command: step.command, output: outputs[i]!, exitCode: 0 } : { step, kind: 'skip', reason: 'curl is not emulated' },
  );
}

test('a replay that differs only in names, ages and padding passes; the skipped step is SKIP', () => {
  const verdicts = judge(results(REPLAY));
  assert.deepEqual(verdicts.map((v) => v.status), ['PASS', 'PASS', 'SKIP']);
  assert.equal(summaryLine(verdicts), '2 passed, 0 failed, 1 skipped');
});

test('a different value fails with a unified diff of expected vs actual', () => {
  const changed = [REPLAY[0]!, REPLAY[1]!.replace('Running   0', 'Running   3')];
  const verdicts = judge(results(changed));
  assert.deepEqual(verdicts.map((v) => v.status), ['PASS', 'FAIL', 'SKIP']);
  const report = formatReport('t.md', verdicts);
  assert.match(report, /^FAIL {2}t\.md:5 {2}\$ kubectl get pods$/m);
  assert.match(report, /^ {6}--- expected$/m);
  assert.match(report, /^ {6}\+\+\+ actual$/m);
  assert.match(report, /^ {6}-hello-6474c95c86-6mlqm {2}1\/1 {2}Running {2}0 {2}<age>$/m);
  assert.match(report, /^ {6}\+hello-6474c95c86-6mlqm {2}1\/1 {2}Running {2}3 {2}<age>$/m);
  assert.match(report, /^ {6}skipped: curl is not emulated$/m);
  assert.ok(report.endsWith('1 passed, 1 failed, 1 skipped\n'));
});

test('a transcript that mixes two generated names up fails', () => {
  const m = new NameMapping();
  assert.equal(compareOutput(['rs/hello-8c9694f75', 'rs/hello-85854d9fd8'], 'rs/hello-aaaaa\nrs/hello-bbbbb\n', m).pass, false);
  const n = new NameMapping();
  assert.equal(compareOutput(['rs/hello-8c9694f75', 'rs/hello-85854d9fd8'], 'rs/hello-6474c95c86\nrs/hello-b5cb4bcc7\n', n).pass, true);
  assert.equal(compareOutput(['hello-85854d9fd8'], 'hello-6474c95c86\n', n).pass, false);
});

test('missing or extra lines fail; a missing final newline does not', () => {
  assert.equal(compareOutput(['a', 'b'], 'a\n', new NameMapping()).pass, false);
  assert.equal(compareOutput(['a'], 'a\nb\n', new NameMapping()).pass, false);
  assert.equal(compareOutput(['a'], 'a', new NameMapping()).pass, true);
  assert.equal(compareOutput([], '', new NameMapping()).pass, true);
});

test('updatedText puts the actual outputs in place of the expected ones and keeps skipped ones', () => {
  const t = parseTranscript(ARTICLE, 'md');
  const out = updatedText(t, results(['one\n', 'two\nthree  \n']));
  assert.equal(out, ['```', '$ kubectl get replicaset -l app=hello', 'one', '$ kubectl get pods', 'two', 'three', '$ curl -s http://x/', 'hello', '```'].join('\n'));
});

test('table rows that sort differently once names are mapped still match; a watch keeps its order', () => {
  const expected = ['NAME               DESIRED   AGE', 'hello-85854d9fd8   4         5m', 'hello-8c9694f75    0         9m'];
  const m = new NameMapping();
  // the first listing pairs 85854d9fd8 -> b5cb4bcc7 and 8c9694f75 -> 6474c95c86
  m.learn('hello-85854d9fd8 hello-8c9694f75', 'hello-b5cb4bcc7 hello-6474c95c86');
  const actual = 'NAME               DESIRED   AGE\nhello-6474c95c86   0         9m\nhello-b5cb4bcc7    4         5m\n';
  assert.equal(compareOutput(expected, actual, m).pass, true);
  assert.equal(compareOutput(expected, actual, m, { sortRows: false }).pass, false);
  // sorting forgives the order only: different values still fail
  assert.equal(compareOutput(expected, actual.replace('0         9m', '1         9m'), m).pass, false);
});
