/**
 * `diff -u -N DIR DIR` output: headers, GNU time stamps (local time with nanoseconds and
 * offset), file order, files present on one side only, exit status, compared with GNU diff
 * itself when it is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffDirectories } from '../../../src/kubectl/cmd/diff/directory-diff.js';
import { gnuTimestamp } from '../../../src/kubectl/cmd/diff/gnu-timestamp.js';

const hasGnuDiff = spawnSync('diff', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU diffutils') ?? false;

function withTz<T>(tz: string, fn: () => T): T {
  const saved = process.env['TZ'];
  process.env['TZ'] = tz;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  }
}

test('time stamps: local time, nine fraction digits, numeric offset', () => {
  // 2026-10-26T19:09:53.564641082Z, the article's time stamp seen from UTC+3.
  const ns = 1793041793564641082n;
  assert.equal(withTz('Europe/Moscow', () => gnuTimestamp(ns)), '2026-10-26 22:09:53.564641082 +0300');
  assert.equal(withTz('UTC', () => gnuTimestamp(ns)), '2026-10-26 19:09:53.564641082 +0000');
  assert.equal(withTz('America/St_Johns', () => gnuTimestamp(ns)), '2026-10-26 16:39:53.564641082 -0230');
  assert.equal(withTz('UTC', () => gnuTimestamp(5n)), '1970-01-01 00:00:00.000000005 +0000');
});

function scratch(): { root: string; a: string; b: string } {
  const root = mkdtempSync(join(tmpdir(), 'kubemu-dirdiff-'));
  const a = join(root, 'LIVE-1');
  const b = join(root, 'MERGED-2');
  mkdirSync(a);
  mkdirSync(b);
  return { root, a, b };
}

test('identical directories: no output, status 0', () => {
  const { root, a, b } = scratch();
  try {
    writeFileSync(join(a, 'v1.Service.default.x'), 'a: 1\n');
    writeFileSync(join(b, 'v1.Service.default.x'), 'a: 1\n');
    assert.deepEqual(diffDirectories(a, b), { text: '', status: 0 });
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('headers carry the path, a tab and the file mtime', () => {
  const { root, a, b } = scratch();
  try {
    writeFileSync(join(a, 'f'), '');
    writeFileSync(join(b, 'f'), 'x\n');
    const text = withTz('UTC', () => diffDirectories(a, b)).text;
    const mtimeA = withTz('UTC', () => gnuTimestamp(statSync(join(a, 'f'), { bigint: true }).mtimeNs));
    const mtimeB = withTz('UTC', () => gnuTimestamp(statSync(join(b, 'f'), { bigint: true }).mtimeNs));
    assert.equal(text, `diff -u -N ${a}/f ${b}/f\n--- ${a}/f\t${mtimeA}\n+++ ${b}/f\t${mtimeB}\n@@ -0,0 +1 @@\n+x\n`);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('several files, some equal, some on one side only: same bytes as GNU diff -u -N', { skip: !hasGnuDiff && 'GNU diff not installed' }, () => {
  const { root, a, b } = scratch();
  try {
    writeFileSync(join(a, 'apps.v1.Deployment.default.web'), 'spec:\n  replicas: 1\n  x: 1\n');
    writeFileSync(join(b, 'apps.v1.Deployment.default.web'), 'spec:\n  replicas: 2\n  x: 1\n');
    writeFileSync(join(a, 'v1.ConfigMap.default.same'), 'data: {}\n');
    writeFileSync(join(b, 'v1.ConfigMap.default.same'), 'data: {}\n');
    writeFileSync(join(a, 'apps.v1.Deployment.default.Upper'), '');
    writeFileSync(join(b, 'apps.v1.Deployment.default.Upper'), 'new: object\n');
    writeFileSync(join(a, 'v1.Service.default.gone'), 'kind: Service\n');
    writeFileSync(join(b, 'v1.Namespace..only-merged'), 'kind: Namespace');
    for (const tz of ['UTC', 'Asia/Kolkata']) {
      const env = { ...process.env, TZ: tz, LC_ALL: 'C' };
      const gnu = spawnSync('diff', ['-u', '-N', a, b], { encoding: 'utf8', env });
      const ours = withTz(tz, () => diffDirectories(a, b));
      assert.equal(ours.text, gnu.stdout);
      assert.equal(ours.status, gnu.status);
    }
  } finally {
    rmSync(root, { recursive: true });
  }
});
