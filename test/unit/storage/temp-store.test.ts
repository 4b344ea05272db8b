import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { indexHints } from '../../../src/storage/index-hints.js';

/** PRAGMA temp_store: 1 file, 2 memory. */
const tempStore = (ks: SqliteKeyspace) => Number(ks.db.pragma('temp_store', { simple: true }));

test('a writable cluster file keeps its statement journals in memory, and a defragment (VACUUM) goes through a file and back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-temp-'));
  try {
    const path = join(dir, 'c.db');
    const ks = new SqliteKeyspace(path);
    assert.equal(tempStore(ks), 2);
    const pod = { metadata: { name: 'p', labels: { app: 'web' }, ownerReferences: [{ uid: 'rs1', controller: true }] } };
    ks.transaction(() => {
      for (let i = 0; i < 50; i++) ks.put(`/registry/pods/a/p${i}`, JSON.stringify(pod), 0, indexHints(pod.metadata));
    });
    for (let i = 0; i < 50; i += 2) ks.delete(`/registry/pods/a/p${i}`);
    ks.defragment();
    assert.equal(tempStore(ks), 2);
    assert.equal(ks.listControlled('/registry/pods/', 'rs1')?.length, 25);
    assert.equal(ks.listLabelled('/registry/pods/', 'app', 'web').length, 25);
    ks.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
