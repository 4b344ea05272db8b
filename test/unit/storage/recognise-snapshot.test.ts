import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSchema, recognise } from '../../../src/storage/sqlite-schema.js';

/**
 * Two kubemu processes starting on one new file: while one looks at what the file is, the other
 * creates the schema. The look must see the file either before the schema or after it, never
 * half of each (the mark's application_id from before, the tables from after), which read as
 * "an SQLite database with tables ..." and refused the file (seen in the e2e concurrency test
 * on a loaded machine).
 */
test('recognise reads the file as of one moment while another connection creates the schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-recognise-'));
  const path = join(dir, 'c.db');
  const looker = new Database(path);
  const creator = new Database(path);
  try {
    // An empty file in WAL mode, as createSchema leaves it just before its transaction.
    looker.pragma('journal_mode = WAL');
    let created = false;
    // The other process commits right after the look's first read.
    const racing = new Proxy(looker, {
      get(target, prop) {
        if (prop === 'pragma') {
          return (source: string, options?: Database.PragmaOptions) => {
            const result = target.pragma(source, options);
            if (!created && source === 'application_id') {
              created = true;
              createSchema(creator);
            }
            return result;
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    assert.deepEqual(recognise(racing, path), { kind: 'empty' });
    assert.ok(created);
    // Looked at again, the file is the cluster file the other process made.
    assert.deepEqual(recognise(looker, path), { kind: 'current' });
  } finally {
    looker.close();
    creator.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
