import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { kindOf, looksLikeOutput, parseTranscript } from '../../../src/tools/replay/parse-transcript.js';

test('kindOf: .md and .markdown are Markdown, anything else plain text', () => {
  assert.equal(kindOf('a/b.md'), 'md');
  assert.equal(kindOf('B.MARKDOWN'), 'md');
  assert.equal(kindOf('article.txt'), 'txt');
  assert.equal(kindOf('notes'), 'txt');
});

test('md: only fenced blocks count; output ends at the next $ or the closing fence', () => {
  const text = [
    '# Title',
    '$ kubectl not-a-command-outside-fences',
    '```console',
    '$ kubectl apply -f x.yaml',
    'deployment.apps/x created',
    '$ kubectl get pods',
    'NAME   READY',
    '',
    '```',
    'prose $ not a command',
    '~~~',
    '$ echo a \\',
    '  b',
    'a b',
    '~~~',
  ].join('\n');
  const t = parseTranscript(text, 'md');
  assert.deepEqual(
    t.steps.map((s) => [s.command, s.line, s.expected, s.outputStart, s.outputEnd]),
    [
      ['kubectl apply -f x.yaml', 4, ['deployment.apps/x created'], 4, 5],
      ['kubectl get pods', 6, ['NAME   READY'], 6, 7],
      ['echo a \\\n  b', 12, ['a b'], 13, 14],
    ],
  );
});

test('txt: a blank line followed by prose ends the output, one followed by a table header does not', () => {
  const text = [
    'Some prose before.',
    '',
    '$ kubectl get deployment,replicaset',
    'NAME                    READY',
    'deployment.apps/hello   4/4',
    '',
    'NAME                              DESIRED',
    'replicaset.apps/hello-8c9694f75   4',
    '',
    'kubectl rollout status prints a line on every change.',
    '$ kill %1',
    '',
    'History and rollback',
    '',
    '$ kubectl get pod x -o jsonpath={.a} | jq',
    '[',
    '  {',
    '    "a": 1',
    '  }',
    ']',
  ].join('\n');
  const t = parseTranscript(text, 'txt');
  assert.equal(t.steps.length, 3);
  assert.deepEqual(t.steps[0]!.expected, [
    'NAME                    READY',
    'deployment.apps/hello   4/4',
    '',
    'NAME                              DESIRED',
    'replicaset.apps/hello-8c9694f75   4',
  ]);
  assert.deepEqual([t.steps[0]!.outputStart, t.steps[0]!.outputEnd], [3, 8]);
  assert.deepEqual(t.steps[1]!.expected, []);
  assert.equal(t.steps[2]!.expected.length, 5);
});

test('looksLikeOutput: indented, JSON, table headers and describe keys; not sentences or titles', () => {
  for (const l of ['  Normal  Scaled', '{"a":1}', ']', 'NAME   READY', 'REVISION  CHANGE-CAUSE', 'NAME\tIMAGE', 'Events:', 'Pod Template:']) {
    assert.equal(looksLikeOutput(l), true, l);
  }
  for (const l of ['History and rollback', 'We check the version with a port-forward:', '---', 'The ReplicaSet adopted the pod.']) {
    assert.equal(looksLikeOutput(l), false, l);
  }
});

test('the article as plain text: every $ line is a step, outputs end where the prose starts', () => {
  const path = '/work/shared/reference/deployments-and-replicasets-article.txt';
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return; // the article is not part of the checkout
  }
  const t = parseTranscript(text, 'txt');
  assert.equal(t.steps.length, text.split('\n').filter((l) => l.startsWith('$ ')).length);
  const get = t.steps.find((s) => s.command === 'kubectl get deployment,replicaset,pods -l app.kubernetes.io/name=hello')!;
  assert.equal(get.expected.length, 11);
  assert.equal(get.expected[get.expected.length - 1], 'pod/hello-8c9694f75-j87gg   1/1     Running   0          19s');
  const docker = t.steps.find((s) => s.command.startsWith('docker buildx'))!;
  assert.equal(docker.command.split('\n').length, 3);
  assert.deepEqual(docker.expected, []);
  const kill = t.steps.find((s) => s.command === 'kill %1')!;
  assert.deepEqual(kill.expected, []);
});
