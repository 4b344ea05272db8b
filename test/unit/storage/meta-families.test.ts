import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { withFile, writeBehind } from './meta-rows.js';
import { familyOf } from '../../../src/storage/meta-families.js';

const pod = (i: number) => `state:kubelet:pod:${i}`;

test('a family of meta names is the part up to the second colon', () => {
  assert.equal(familyOf('state:kubelet:pod:default/p1'), 'state:kubelet:');
  assert.equal(familyOf('state:event-recorder:obj|a:b'), 'state:event-recorder:');
  assert.equal(familyOf('informer:kubelet'), undefined);
  assert.equal(familyOf('revision'), undefined);
});

test('a family looked up name by name is read whole once: its other names, present or not, are then known without a lookup each', () => {
  withFile((file) => {
    const first = new SqliteKeyspace(file);
    // 50 of 100 pods have an entry
    first.transaction(() => {
      for (let i = 0; i < 100; i += 2) first.setMeta(pod(i), `v${i}`);
    });
    first.close();
    const ks = new SqliteKeyspace(file);
    try {
      ks.transaction(() => {
        for (let i = 0; i < 40; i++) assert.equal(ks.getMeta(pod(i)), i % 2 === 0 ? `v${i}` : undefined);
      });
      // changed on the keyspace's own connection: what it answers now is what it read with the family
      writeBehind(ks, pod(61), 'behind');
      writeBehind(ks, pod(60), 'behind');
      ks.transaction(() => {
        assert.equal(ks.getMeta(pod(61)), undefined);
        assert.equal(ks.getMeta(pod(60)), 'v60');
        for (let i = 40; i < 100; i++) if (i !== 60 && i !== 61) assert.equal(ks.getMeta(pod(i)), i % 2 === 0 ? `v${i}` : undefined);
        ks.setMeta(pod(63), 'set');
        ks.deleteMeta(pod(62));
      });
      ks.transaction(() => {
        assert.equal(ks.getMeta(pod(63)), 'set');
        assert.equal(ks.getMeta(pod(62)), undefined);
      });
      // written outside a transaction: read back as written
      ks.setMeta(pod(65), 'outside');
      ks.transaction(() => assert.equal(ks.getMeta(pod(65)), 'outside'));
      // a rolled back transaction: what it set is gone, the file is read again
      assert.throws(() =>
        ks.transaction(() => {
          ks.setMeta(pod(67), 'rolled back');
          throw new Error('no');
        }),
      );
      ks.transaction(() => {
        assert.equal(ks.getMeta(pod(67)), undefined);
        assert.equal(ks.getMeta(pod(61)), 'behind');
      });
      // another connection's commit: everything is read from the file again
      const other = new Database(file);
      other.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run(pod(69), 'other');
      other.close();
      ks.transaction(() => {
        assert.equal(ks.getMeta(pod(69)), 'other');
        assert.equal(ks.getMeta(pod(60)), 'behind');
      });
    } finally {
      ks.close();
    }
  });
});

test('a few names of a large family are looked up one by one', () => {
  withFile((file) => {
    const ks = new SqliteKeyspace(file);
    try {
      ks.transaction(() => {
        for (let i = 0; i < 2000; i++) ks.setMeta(pod(i), `v${i}`);
      });
      ks.close();
      const again = new SqliteKeyspace(file);
      try {
        again.transaction(() => {
          for (let i = 0; i < 64; i++) assert.equal(again.getMeta(pod(i)), `v${i}`);
        });
        writeBehind(again, pod(1500), 'behind');
        // not read with a family (2,000 rows for 64 lookups): looked up, and found as the file has it
        again.transaction(() => assert.equal(again.getMeta(pod(1500)), 'behind'));
      } finally {
        again.close();
      }
    } catch (e) {
      ks.close();
      throw e;
    }
  });
});
