import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { COMPACTION_INTERVAL_MS, compactIfDue } from '../../../src/apiserver/compactor.js';
import { OpenWatch, oldestOpenWatch } from '../../../src/apiserver/open-watches.js';

/**
 * Process A has a watch open; process B writes and compacts (both handles are on the same file,
 * as two processes are). A looks rarely: once the next compaction would pass its cursor it says
 * where it is, and B's compactions stop there until A reads on or ends.
 */
test("an open watch of another process holds the compaction at what it has not read; when it ends, compaction goes on", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-open-watch-'));
  const file = join(dir, 'c.db');
  const a = new SqliteKeyspace(file);
  const b = new SqliteKeyspace(file);
  let now = 0;
  const writes = (n: number) => {
    for (let i = 0; i < n; i++) b.put(`/registry/configmaps/default/cm-${i}`, `v${now}`);
  };
  const tick = () => b.transaction(() => compactIfDue(b, now, () => oldestOpenWatch(b, now) ?? Infinity));
  try {
    writes(5);
    tick(); // the first tick: nothing compacted, the revision remembered
    const watch = new OpenWatch(a, () => now);
    const cursor = a.revision();
    watch.readTo(cursor); // up to the head: nothing to protect, nothing written
    assert.equal(a.getMeta('open_watches'), undefined);
    now += COMPACTION_INTERVAL_MS;
    writes(5);
    tick();
    writes(5);
    watch.readTo(cursor); // A looks, has read nothing new: the next compaction would pass it
    for (let i = 0; i < 3; i++) {
      now += COMPACTION_INTERVAL_MS / 2;
      writes(5);
      tick();
    }
    assert.equal(b.compactedRevision(), cursor, 'B stopped at what A has not read');
    assert.equal(a.changesSince(cursor).length, 25);
    watch.close();
    now += COMPACTION_INTERVAL_MS;
    writes(5);
    tick();
    assert.ok(b.compactedRevision() > cursor);
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a watch whose process is gone, or that has not looked for two intervals, holds nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-open-watch-'));
  const s = new SqliteKeyspace(join(dir, 'c.db'));
  try {
    for (let i = 0; i < 10; i++) s.put(`/registry/a/${i}`, 'x');
    s.transaction(() => compactIfDue(s, 0, () => Infinity));
    for (let i = 0; i < 10; i++) s.put(`/registry/b/${i}`, 'x');
    const w = new OpenWatch(s, () => 0);
    w.readTo(3);
    assert.equal(s.transaction(() => oldestOpenWatch(s, COMPACTION_INTERVAL_MS)), 3);
    assert.equal(s.transaction(() => oldestOpenWatch(s, COMPACTION_INTERVAL_MS, () => false)), undefined, 'its process is gone');
    assert.equal(s.getMeta('open_watches'), undefined, 'and its entry with it');
    w.readTo(4);
    assert.equal(s.transaction(() => oldestOpenWatch(s, 2 * COMPACTION_INTERVAL_MS + 1)), undefined, 'stale');
  } finally {
    s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
