import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/controllers/control-plane.js';
import { VIRTUAL_EPOCH_MS } from '../../../src/sim/clock.js';

/**
 * Two `cluster advance 30s` at once: B's whole advance runs while A's is about to take the write
 * lock (A has already opened the file and read the clock, as the command does). The clock must
 * end 60 s later, not 30 s.
 */
test('concurrent cluster advance calls add up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-advance-'));
  const file = join(dir, 'c.db');
  const env = { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
  const a = openCluster(file, { env });
  const b = openCluster(file, { env });
  try {
    settle(a);
    settle(b);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS);
    const transaction = a.store.transaction.bind(a.store);
    let interleaved = false;
    a.store.transaction = <T>(fn: () => T): T => {
      if (!interleaved) {
        interleaved = true;
        advanceBy(b, 30_000);
      }
      return transaction(fn);
    };
    advanceBy(a, 30_000);
    assert.ok(interleaved);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS + 60_000);
    assert.equal(b.clock.now(), VIRTUAL_EPOCH_MS + 60_000);
    for (let i = 0; i < 4; i++) advanceBy(i % 2 ? a : b, 30_000);
    assert.equal(a.clock.now(), VIRTUAL_EPOCH_MS + 180_000);
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
