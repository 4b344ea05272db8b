import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../repo-root.js';

// Issue 12's disruption drills (c), (d) and (e): each replays on a fresh virtual-clock cluster
// (seed 1) with every output as the file shows it; a changed output fails here with its diff.

const BIN = join(REPO_ROOT, 'bin', 'kubemu');

const DRILLS: [file: string, commands: number][] = [
  ['c-drain.md', 19],
  ['d-node-stopped.md', 29],
  ['e-zone-loss.md', 20],
];

for (const [file, commands] of DRILLS) {
  test(`examples/drills/${file} replays with every output as shown`, () => {
    const r = spawnSync(process.execPath, [BIN, 'replay', join('examples', 'drills', file), '--no-color'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    });
    assert.match(r.stdout, new RegExp(`^${commands} passed, 0 failed, 0 skipped$`, 'm'), r.stdout + r.stderr);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
}
