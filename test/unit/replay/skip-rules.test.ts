import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pauseOverride, programsOf, skipReason, waitsItself } from '../../../src/client/replay/skip-rules.js';

test('programsOf: every program of pipelines, lists and substitutions, quotes and redirections ignored', () => {
  assert.deepEqual(programsOf(`kubectl get $(kubectl get rs -o name | head -1) -o jsonpath='{a|b}' | jq`), ['kubectl', 'kubectl', 'head', 'jq']);
  assert.deepEqual(programsOf('FOO=1 kubectl get pods 2>&1 && echo "x; y" || curl -s x'), ['kubectl', 'echo', 'curl']);
  assert.deepEqual(programsOf('docker buildx build \\\n  -t x --push .'), ['docker']);
  assert.deepEqual(programsOf('kubectl get pods # replay: pause 1s | curl'), ['kubectl']);
});

test('skipReason: only kubectl/kubemu and text tools run; background jobs and missing jq skip', () => {
  const cases: [string, boolean, string | undefined][] = [
    ['kubectl get pods | grep -c hello', false, undefined],
    ["sed -i 's/a/b/' f.yaml", false, undefined],
    ['kubectl port-forward deployment/hello 8080:8080 &', true, 'runs in the background'],
    ['curl -si http://127.0.0.1:8080/', true, 'curl is not emulated'],
    ['kill %1', true, 'kill is not emulated'],
    ['docker buildx build .', true, 'docker is not emulated'],
    ['kubectl get pod x -o json | jq', false, 'jq is not installed'],
    ['kubectl get pod x -o json | jq', true, undefined],
    ['kubectl get pods && echo done', false, undefined],
  ];
  for (const [cmd, jq, want] of cases) assert.equal(skipReason(cmd, { jq }), want, cmd);
});

test('waitsItself: rollout status, watches, wait and cluster advance', () => {
  for (const c of ['kubectl rollout status deployment/x | tail -1', 'kubectl get rs -w', 'kubectl get rs --watch', 'kubectl wait --for=condition=Available deploy/x', 'kubectl cluster advance 10s']) {
    assert.equal(waitsItself(c), true, c);
  }
  for (const c of ['kubectl get pods', 'kubectl apply -f web-app.yaml', 'kubectl rollout history deployment/x']) {
    assert.equal(waitsItself(c), false, c);
  }
});

test('pauseOverride reads a trailing `# replay: pause D` comment', () => {
  assert.equal(pauseOverride('kubectl run x --image=y # replay: pause 1s'), '1s');
  assert.equal(pauseOverride('kubectl run x --image=y'), undefined);
});
