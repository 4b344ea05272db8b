import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseLine, normaliseOutput } from '../../../src/tools/replay/normalise.js';
import { NameMapping, generatedTokens } from '../../../src/tools/replay/name-mapping.js';

test('normaliseLine: ages, times, UIDs, temp dirs, padding and trailing blanks', () => {
  const cases: [string, string][] = [
    ['hello-8c9694f75   4         4         4       19s', 'hello-8c9694f75  4  4  4  <age>'],
    ['pod/x   1/1     Running   0          2m33s', 'pod/x  1/1  Running  0  <age>'],
    ['stray   0/1   Terminating   0   <invalid>', 'stray  0/1  Terminating  0  <age>'],
    ['  Normal  ScalingReplicaSet  22s   deployment-controller  Scaled up', '  Normal  ScalingReplicaSet  <age>  deployment-controller  Scaled up'],
    ['  creationTimestamp: "2026-10-26T19:00:05Z"', '  creationTimestamp: "<time>"'],
    ['Start Time:   Mon, 26 Oct 2026 19:00:00 +0000', 'Start Time:  <time>'],
    ['--- /tmp/LIVE-4064112325/apps.v1.Deployment.default.hello\t2026-10-26 22:09:53.564641082 +0300', '--- <tmp>/LIVE-N/apps.v1.Deployment.default.hello\t<time>'],
    ['"uid": "a439717d-1518-4c16-8ef4-935e092e9f5f"', '"uid": "<uid>"'],
    ['trailing   ', 'trailing'],
    // not ages: a ratio, an image tag, a flag value
    ['image: ghcr.io/example/hello:1.1 --timeout=3m 1/1', 'image: ghcr.io/example/hello:1.1 --timeout=3m 1/1'],
  ];
  for (const [input, want] of cases) assert.equal(normaliseLine(input), want, input);
});

test('normaliseOutput drops trailing blank lines but keeps inner ones', () => {
  assert.deepEqual(normaliseOutput(['a', '', 'b', '', '  ']), ['a', '', 'b']);
});

test('generatedTokens: hashes and suffixes in order of first appearance, not words or numbers', () => {
  assert.deepEqual(generatedTokens('pod/hello-8c9694f75-4nf7n hello-8c9694f75 22545 hello-rs-v9247 deployment'), [
    '8c9694f75',
    '4nf7n',
    'v9247',
  ]);
});

test('NameMapping pairs tokens in order of appearance and keeps the pairs across commands', () => {
  const m = new NameMapping();
  m.learn('hello-8c9694f75-4nf7n\nhello-8c9694f75-9ghql', 'hello-6474c95c86-6mlqm\nhello-6474c95c86-hmb6x');
  assert.deepEqual(m.pairs(), [
    ['8c9694f75', '6474c95c86'],
    ['4nf7n', '6mlqm'],
    ['9ghql', 'hmb6x'],
  ]);
  // a later command: the known hash keeps its partner, the new one pairs with the new actual one
  m.learn('hello-85854d9fd8 hello-8c9694f75', 'hello-6474c95c86 hello-b5cb4bcc7');
  assert.equal(m.apply('hello-85854d9fd8 hello-8c9694f75'), 'hello-b5cb4bcc7 hello-6474c95c86');
});

test('NameMapping: a token on both sides pairs with itself; mixed-up names stay different', () => {
  const m = new NameMapping();
  m.learn('https://x hello-8c9694f75', 'hello-6474c95c86 https://x');
  assert.equal(m.apply('https://x hello-8c9694f75'), 'https://x hello-6474c95c86');
  const n = new NameMapping();
  n.learn('a-bbbbb a-ccccc', 'a-ddddd a-fffff');
  // the transcript later names bbbbb where the replay printed fffff: no match after mapping
  n.learn('a-bbbbb', 'a-fffff');
  assert.notEqual(n.apply('a-bbbbb'), 'a-fffff');
});

test('generatedTokens: ages made of the same alphabet (2m42s) are not names', () => {
  assert.deepEqual(generatedTokens('hello-b5cb4bcc7-xw4sh   1/1   Running   0   2m42s 4m26s'), ['b5cb4bcc7', 'xw4sh']);
});

test('NameMapping pairs suffixes with suffixes and hashes with hashes, a pod only with a pod of its ReplicaSet partner', () => {
  const m = new NameMapping();
  m.learn('hello-8c9694f75-xw4sh\nhello-85854d9fd8-k72kf', 'hello-6474c95c86-6mck5\nhello-6474c95c86-954r4\nhello-647c6476fb-vcj56');
  assert.deepEqual(m.pairs(), [
    ['8c9694f75', '6474c95c86'],
    ['xw4sh', '6mck5'],
    ['85854d9fd8', '647c6476fb'],
    ['k72kf', 'vcj56'],
  ]);
});
