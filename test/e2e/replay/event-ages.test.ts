import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';

const BIN = join(REPO_ROOT, 'bin', 'kubemu');

// A pod whose image takes 15 s to pull, and a describe whose events only an output 21 s after
// the apply has: the transcript shows no AGE column, only the events' ages (written by kubemu with
// `replay --pause 21s --update`). The pod's name was never shown before: its Scheduled event is
// matched with its name open.
const SLOW = `apiVersion: kubemu.io/v1alpha1
kind: ImageRepository
metadata:
  name: slow
spec:
  repository: example/slow
  behavior: {pullSeconds: 15}
  tags: {"1": {}}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: example/slow:1
`;

const TRANSCRIPT = `\`\`\`console
$ kubectl apply -f slow.yaml
imagerepository.kubemu.io/slow created
deployment.apps/web created
$ kubectl describe pods -l app=web | sed -n '/^Events:/,$p'
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  21s   default-scheduler  Successfully assigned default/web-7d4b9c8f6d-x2k9p to k8s-node-1
  Normal  Pulling    20s   kubelet            Pulling image "example/slow:1"
  Normal  Pulled     4s    kubelet            Successfully pulled image "example/slow:1" in 15.9s (15.9s including waiting). Image size: 6588515 bytes.
  Normal  Created    4s    kubelet            Created container: web
  Normal  Started    4s    kubelet            Started container web
\`\`\`
`;

function replay(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'replay', join(dir, 't.md'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

test('replay: the time before a command read from the events its output shows (describe Age)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-event-ages-'));
  try {
    writeFileSync(join(dir, 'slow.yaml'), SLOW);
    writeFileSync(join(dir, 't.md'), TRANSCRIPT);
    const r = replay(dir, '--explain-time');
    assert.match(r.stdout, /^2 passed, 0 failed, 0 skipped$/m, r.stdout + r.stderr);
    assert.match(r.stderr, /^time: line 5: \+20\.96s from event Scheduled "Successfully assigned default\/web-7d4b9c8f6d-x2k9p to k8s\.\.\." 21s at line 5 \(kubemu 0s\)$/m, r.stderr);
    // the output depends on the time: after the default pause the pull is still under way
    const early = replay(dir, '--pause', '5s');
    assert.match(early.stdout, /^1 passed, 1 failed, 0 skipped$/m, early.stdout);
    assert.match(early.stdout, /^ {6}- {2}Normal {2}Pulled /m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
