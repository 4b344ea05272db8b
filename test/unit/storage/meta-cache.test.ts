import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { withFile, writeBehind } from './meta-rows.js';

test('meta read or written in one transaction is not read from the file again in the next, while no other process wrote', () => {
  withFile((file) => {
    const ks = new SqliteKeyspace(file);
    try {
      ks.transaction(() => ks.setMeta('state:kubelet:pod:a', '1'));
      ks.transaction(() => assert.equal(ks.getMeta('state:kubelet:pod:b'), undefined));
      // Changed on the keyspace's own connection, outside it: data_version does not move, so
      // what the keyspace knows is what it answers (proof that the file is not read again).
      writeBehind(ks, 'state:kubelet:pod:a', 'behind');
      writeBehind(ks, 'state:kubelet:pod:b', 'behind');
      ks.transaction(() => {
        assert.equal(ks.getMeta('state:kubelet:pod:a'), '1');
        assert.equal(ks.getMeta('state:kubelet:pod:b'), undefined);
      });
    } finally {
      ks.close();
    }
  });
});

test("another process's commit drops what a keyspace knows of meta", () => {
  withFile((file) => {
    const a = new SqliteKeyspace(file);
    const b = new SqliteKeyspace(file);
    try {
      a.transaction(() => a.setMeta('x', '1'));
      a.transaction(() => assert.equal(a.getMeta('x'), '1'));
      b.transaction(() => {
        assert.equal(b.getMeta('x'), '1');
        b.setMeta('x', '2');
        b.setMeta('y', 'new');
      });
      a.transaction(() => {
        assert.equal(a.getMeta('x'), '2');
        assert.equal(a.getMeta('y'), 'new');
      });
      // and outside a transaction, reads go to the file as before
      b.setMeta('x', '3');
      assert.equal(a.getMeta('x'), '3');
    } finally {
      a.close();
      b.close();
    }
  });
});

test('a rolled-back transaction leaves no meta value behind in what the keyspace knows', () => {
  withFile((file) => {
    const ks = new SqliteKeyspace(file);
    try {
      ks.transaction(() => ks.setMeta('x', 'kept'));
      assert.throws(() =>
        ks.transaction(() => {
          ks.setMeta('x', 'lost');
          ks.setMeta('y', 'lost');
          throw new Error('boom');
        }),
      );
      ks.transaction(() => {
        assert.equal(ks.getMeta('x'), 'kept');
        assert.equal(ks.getMeta('y'), undefined);
      });
    } finally {
      ks.close();
    }
  });
});

test('setting a meta value to the value it holds writes nothing', () => {
  withFile((file) => {
    const ks = new SqliteKeyspace(file);
    try {
      ks.transaction(() => ks.setMeta('x', '1'));
      writeBehind(ks, 'x', 'behind');
      // The keyspace knows x is 1: setting it to 1 again is no write, so the row stays as changed behind its back.
      ks.transaction(() => ks.setMeta('x', '1'));
      assert.equal(ks.db.prepare("SELECT value FROM meta WHERE name = 'x'").pluck().get(), 'behind');
    } finally {
      ks.close();
    }
  });
});
