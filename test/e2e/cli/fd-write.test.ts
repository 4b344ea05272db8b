import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';

// Output goes to file descriptors 1 and 2 with synchronous writes; a reader that goes away ends
// the process quietly with 141, as SIGPIPE ends kubectl under `| head`.

const FD_WRITE = join(REPO_ROOT, 'dist', 'src', 'kubectl', 'cmd', 'util', 'fd-write.js');
const BIN = join(REPO_ROOT, 'bin', 'kubemu');

function bash(script: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...env } });
}

test('writeFd: all of a large text reaches a slow reader, byte for byte', () => {
  const writer = `require(${JSON.stringify(FD_WRITE)}).writeFd(1, 'abcdefgh'.repeat(1 << 18))`;
  const r = bash(`node -e "$W" | (sleep 0.2; wc -c)`, { W: writer });
  assert.equal(r.stdout.trim(), String(8 << 18));
  assert.equal(r.stderr, '');
});

test('writeFd: a reader that closes early ends the writer with 141 and nothing on stderr', () => {
  const writer = `require(${JSON.stringify(FD_WRITE)}).writeFd(1, 'line\\n'.repeat(1 << 18)); require('fs').writeSync(2, 'not reached')`;
  const r = bash(`node -e "$W" | head -1; echo "status \${PIPESTATUS[0]}"`, { W: writer });
  assert.equal(r.stdout, 'line\nstatus 141\n');
  assert.equal(r.stderr, '');
});

test('kubemu get -o yaml | head: the first lines, no stack trace, status 141', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-pipe-'));
  try {
    const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', K: BIN };
    // about 200 KB of YAML, more than a pipe holds
    assert.equal(bash('node "$K" create deployment big --image=nginx --replicas=80', env).status, 0);
    const r = bash('node "$K" get pods -o yaml | head -2; echo "status ${PIPESTATUS[0]}"', env);
    assert.equal(r.stdout, 'apiVersion: v1\nitems:\nstatus 141\n');
    assert.equal(r.stderr, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
