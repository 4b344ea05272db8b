import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pauseOverride, programsOf, skipReason, waitsItself } from '../../../src/tools/replay/skip-rules.js';

test('programsOf: every program of pipelines, lists and substitutions, quotes and redirections ignored', () => {
  assert.deepEqual(programsOf(`kubectl get $(kubectl get rs -o name | head -1) -o jsonpath='{a|b}' | jq`), ['kubectl', 'kubectl', 'head', 'jq']);
  assert.deepEqual(programsOf('FOO=1 kubectl get pods 2>&1 && echo "x; y" || curl -s x'), ['kubectl', 'echo', 'curl']);
  assert.deepEqual(programsOf('docker buildx build \\\n  -t x --push .'), ['docker']);
  assert.deepEqual(programsOf('kubectl get pods # replay: pause 1s | curl'), ['kubectl']);
});

test('programsOf: a shell loop runs the commands of its body, its reserved words run nothing', () => {
  assert.deepEqual(programsOf('for s in $(seq 1 3); do kubemu cluster advance 1s >/dev/null; kubectl get pods | awk 1; done'), ['seq', 'kubemu', 'kubectl', 'awk']);
  assert.deepEqual(programsOf('for s in 1 2; do\n  kubectl get pods\ndone'), ['kubectl']);
  assert.deepEqual(programsOf('while ! kubectl get pod x; do docker ps; done'), ['kubectl', 'docker']);
  assert.deepEqual(programsOf('if kubectl get pod x; then echo yes; else rm -rf x; fi'), ['kubectl', 'echo', 'rm']);
});

test('skipReason: kubectl/kubemu, text tools, jobs, and curl to this machine run; the rest skip', () => {
  const both = { jq: true, curl: true };
  const none = { jq: false, curl: false };
  const cases: [string, { jq: boolean; curl: boolean }, string | undefined][] = [
    ['kubectl get pods | grep -c hello', none, undefined],
    ["sed -i 's/a/b/' f.yaml", none, undefined],
    ['kubectl port-forward deployment/hello 8080:8080 &', none, undefined],
    ['docker run x &', both, 'docker is not emulated'],
    ['kubectl get pods & kubectl get rs', both, 'runs in the background'],
    ["kubectl get pods 2>&1 | grep '&'", none, undefined],
    ["curl -si http://127.0.0.1:8080/ | grep -E 'X-App-Version|hello from'", both, undefined],
    ['curl -s http://localhost:8080/healthz', both, undefined],
    ['curl -si http://127.0.0.1:8080/', none, 'curl is not installed'],
    ['curl -s https://example.com/', both, 'curl to a remote host is not emulated'],
    ['curl -s http://127.0.0.1:8080/ http://example.com/', both, 'curl to a remote host is not emulated'],
    ['kill %1', none, undefined],
    ['kill -9 %2', none, undefined],
    ['kill 1234', both, 'kill is not emulated'],
    ['docker buildx build .', both, 'docker is not emulated'],
    ['kubectl get pod x -o json | jq', none, 'jq is not installed'],
    ['kubectl get pod x -o json | jq', both, undefined],
    ['kubectl get pods && echo done', none, undefined],
    ['for s in $(seq 1 3); do kubemu cluster advance 1s; kubectl get pods; done', none, undefined],
    ['for s in 1 2; do docker ps; done', none, 'docker is not emulated'],
  ];
  for (const [cmd, installed, want] of cases) assert.equal(skipReason(cmd, installed), want, cmd);
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
