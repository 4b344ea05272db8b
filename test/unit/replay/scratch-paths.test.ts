import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scratchPathsAsShown } from '../../../src/tools/replay/run-transcript.js';

// A replay runs in a new scratch directory each time; paths under it must read the same on every run.

const SCRATCH = '/tmp/kubemu-replay-Ab12Cd';

test('the cluster file under the scratch HOME reads as ~/cluster.db', () => {
  assert.equal(
    scratchPathsAsShown(`cluster created: ${SCRATCH}/cluster.db (clock virtual, seed 1)\n`, SCRATCH),
    'cluster created: ~/cluster.db (clock virtual, seed 1)\n',
  );
  assert.equal(scratchPathsAsShown(`Cluster file:  ${SCRATCH}/cluster.db\n`, SCRATCH), 'Cluster file:  ~/cluster.db\n');
});

test("the scratch TMPDIR still reads as /tmp (kubectl diff's directories), the work directory as ~/work", () => {
  assert.equal(
    scratchPathsAsShown(`diff -u -N ${SCRATCH}/tmp/LIVE-1/x ${SCRATCH}/tmp/MERGED-2/x\n`, SCRATCH),
    'diff -u -N /tmp/LIVE-1/x /tmp/MERGED-2/x\n',
  );
  assert.equal(scratchPathsAsShown(`${SCRATCH}/work/hello.yaml`, SCRATCH), '~/work/hello.yaml');
  assert.equal(scratchPathsAsShown('/tmp/other/cluster.db', SCRATCH), '/tmp/other/cluster.db');
});
