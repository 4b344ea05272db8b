import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asTerminalShows } from '../../../src/tools/replay/run-transcript.js';

test('asTerminalShows: the scratch TMPDIR reads as /tmp, the rest of the scratch directory (HOME) as ~', () => {
  const dir = '/tmp/kubemu-replay-vgf4Yj';
  assert.equal(
    asTerminalShows(`cluster created: ${dir}/cluster.db (clock virtual, seed 1)\n`, dir),
    'cluster created: ~/cluster.db (clock virtual, seed 1)\n',
  );
  assert.equal(asTerminalShows(`--- ${dir}/tmp/LIVE-1/x\n+++ ${dir}/tmp/MERGED-2/x\n`, dir), '--- /tmp/LIVE-1/x\n+++ /tmp/MERGED-2/x\n');
  assert.equal(asTerminalShows('no paths here\n', dir), 'no paths here\n');
});
