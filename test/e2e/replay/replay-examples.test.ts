import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';

const BIN = join(REPO_ROOT, 'bin', 'kubemu');
const EXAMPLES = join(REPO_ROOT, 'examples', 'transcripts');
const DRILLS = join(REPO_ROOT, 'examples', 'drills');

function replay(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'replay', ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

// the article's sections, and the drills (examples/drills/README.md lists them; it has no commands)
for (const dir of ['transcripts', 'drills']) {
  for (const file of readdirSync(join(REPO_ROOT, 'examples', dir)).filter((f) => f.endsWith('.md') && f !== 'README.md').sort()) {
    test(`examples/${dir}/${file} replays with 0 failed`, () => {
      const r = replay([join('examples', dir, file)]);
      // a drill skips nothing: every command of it is one the replay runs
      assert.match(r.stdout, dir === 'drills' ? /^\d+ passed, 0 failed, 0 skipped$/m : /^\d+ passed, 0 failed, \d+ skipped$/m, r.stdout + r.stderr);
      assert.doesNotMatch(r.stdout, /^0 passed/m);
      assert.equal(r.code, 0, r.stdout + r.stderr);
    });
  }
}

test('a drill whose scheduler message changes fails (the FailedScheduling line is compared)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-replay-test-'));
  try {
    cpSync(DRILLS, dir, { recursive: true });
    const path = join(dir, 'b-rollout-blocked-by-capacity.md');
    const text = readFileSync(path, 'utf8');
    // the wording before v1.35 (kubernetes#134740) named the taint
    const altered = text.replace('3 node(s) had untolerated taint(s).', '3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.');
    assert.notEqual(altered, text);
    writeFileSync(path, altered);
    const r = replay([path]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^FAIL {2}\S*rollout-blocked-by-capacity\.md:\d+ {2}\$ kubectl describe pod web-/m);
    assert.match(r.stdout, /^\d+ passed, 1 failed, 0 skipped$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a deliberately altered expected line fails with a readable diff and exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-replay-test-'));
  try {
    cpSync(EXAMPLES, dir, { recursive: true });
    const path = join(dir, 'replicaset.md');
    const text = readFileSync(path, 'utf8');
    const altered = text.replace('ReplicaSet/hello-rs\n', 'ReplicaSet/other\n');
    assert.notEqual(altered, text);
    writeFileSync(path, altered);
    const r = replay([path]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^FAIL {2}\S*replicaset\.md:\d+ {2}\$ kubectl get pod stray -o jsonpath=/m);
    assert.match(r.stdout, /^ {6}-ReplicaSet\/other$/m);
    assert.match(r.stdout, /^ {6}\+ReplicaSet\/hello-rs$/m);
    assert.match(r.stdout, /^\d+ passed, 1 failed, 0 skipped$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--update writes the actual outputs back, after which the transcript passes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-replay-test-'));
  try {
    cpSync(EXAMPLES, dir, { recursive: true });
    const path = join(dir, 'replicaset.md');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace('ReplicaSet/hello-rs\n', 'ReplicaSet/other\n'));
    const u = replay([path, '--update']);
    assert.equal(u.code, 0, u.stdout + u.stderr);
    assert.equal(readFileSync(path, 'utf8'), original);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bad --pause is refused with Go duration wording before anything runs', () => {
  const r = replay([join('examples', 'transcripts', 'replicaset.md'), '--pause', 'soon']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'error: time: invalid duration "soon"\n');
  assert.equal(r.stdout, '');
});
