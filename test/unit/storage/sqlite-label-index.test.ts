import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { labelSelection } from '../../../src/storage/sqlite-label-index.js';
import { toOlderForm } from './older-index-forms.js';

const pod = (labels: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ metadata: { name: 'p', ...(labels ? { labels } : {}) }, ...extra });

const selected = (ks: SqliteKeyspace, prefix: string, name: string, value: string) => ks.listLabelled(prefix, name, value).map((kv) => kv.key);

test('listLabelled follows every write: create, a label changed, a status write, a delete, a rollback', () => {
  const ks = new SqliteKeyspace(':memory:');
  ks.put('/registry/pods/a/p1', pod({ app: 'web', tier: 'x' }));
  ks.put('/registry/pods/a/p2', pod({ app: 'db' }));
  ks.put('/registry/pods/b/p3', pod({ app: 'web' }));
  ks.put('/registry/pods/a/p4', pod(undefined));
  assert.deepEqual(selected(ks, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p1', '/registry/pods/b/p3']);
  assert.deepEqual(selected(ks, '/registry/pods/a/', 'app', 'web'), ['/registry/pods/a/p1']);
  // The value returned is the current one.
  ks.put('/registry/pods/a/p1', pod({ app: 'web', tier: 'x' }, { status: { phase: 'Running' } }));
  assert.match(ks.listLabelled('/registry/pods/', 'app', 'web')[0]!.value, /Running/);
  ks.put('/registry/pods/a/p2', pod({ app: 'web' }));
  ks.put('/registry/pods/a/p1', pod({ tier: 'x' }));
  assert.deepEqual(selected(ks, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p2', '/registry/pods/b/p3']);
  assert.deepEqual(selected(ks, '/registry/pods/', 'app', 'db'), []);
  ks.delete('/registry/pods/b/p3');
  assert.deepEqual(selected(ks, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p2']);
  assert.throws(() =>
    ks.transaction(() => {
      ks.put('/registry/pods/a/p5', pod({ app: 'web' }));
      throw new Error('rolled back');
    }),
  );
  assert.deepEqual(selected(ks, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p2']);
});

test('only string labels match, as json_extract compared with TEXT; a value that is not JSON is stored and not selected', () => {
  const ks = new SqliteKeyspace(':memory:');
  ks.put('/registry/x/n', pod({ n: 7 }));
  ks.put('/registry/x/s', pod({ n: '7' }));
  ks.put('/registry/x/list', JSON.stringify({ metadata: { labels: ['n'] } }));
  ks.put('/registry/x/text', 'not json');
  ks.put('/registry/x/s2', pod({ 'app.kubernetes.io/name': 'a"b' }));
  assert.deepEqual(selected(ks, '/registry/x/', 'n', '7'), ['/registry/x/s']);
  assert.deepEqual(selected(ks, '/registry/x/', 'app.kubernetes.io/name', 'a"b'), ['/registry/x/s2']);
  ks.put('/registry/x/text', pod({ n: '7' }));
  ks.put('/registry/x/s', 'broken');
  assert.deepEqual(selected(ks, '/registry/x/', 'n', '7'), ['/registry/x/text']);
  assert.equal(ks.get('/registry/x/s')?.value, 'broken');
});

test('a file written before the label index gets one, filled from kv, when it is first opened', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-labels-'));
  try {
    const path = join(dir, 'c.db');
    const ks = new SqliteKeyspace(path);
    ks.put('/registry/pods/a/p1', pod({ app: 'web' }));
    ks.put('/registry/pods/a/p2', pod({ app: 'db' }));
    ks.close();
    // As a kubemu before the index left it (nor had it the controller index, which came later).
    const db = new Database(path);
    toOlderForm(db, 'no-indexes');
    db.prepare('INSERT INTO kv VALUES (?, ?, 9, 9)').run('/registry/pods/a/p3', pod({ app: 'web' }));
    db.close();
    const again = new SqliteKeyspace(path);
    assert.deepEqual(selected(again, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p1', '/registry/pods/a/p3']);
    again.put('/registry/pods/a/p1', pod({ app: 'db' }));
    assert.deepEqual(selected(again, '/registry/pods/', 'app', 'web'), ['/registry/pods/a/p3']);
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without the index (a read-only file from before it) selection reads the values, and names a value that is not JSON', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, create_revision INTEGER NOT NULL, mod_revision INTEGER NOT NULL) WITHOUT ROWID');
  const put = db.prepare('INSERT INTO kv VALUES (?, ?, 2, 2)');
  put.run('/registry/pods/a/p1', pod({ app: 'web' }));
  put.run('/registry/pods/a/p2', pod({ app: 7 }));
  put.run('/registry/pods/a/p3', pod({ app: 'web' }));
  put.run('/registry/services/a/s', 'not json');
  const labels = labelSelection(db);
  assert.deepEqual(
    labels.select('/registry/pods/', '/registry/pods/\u{10FFFF}', 'app', 'web').map((r) => r.key),
    ['/registry/pods/a/p1', '/registry/pods/a/p3'],
  );
  assert.deepEqual(labels.select('/registry/pods/', '/registry/pods/\u{10FFFF}', 'app', '7'), []);
  assert.throws(() => labels.select('/registry/services/', '/registry/services/\u{10FFFF}', 'app', 'web'));
  assert.equal(labels.badValue('/registry/services/', '/registry/services/\u{10FFFF}'), '/registry/services/a/s');
  db.close();
});
