import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { FULL_CHECK_MAX_BYTES } from '../../../src/storage/cluster-file.js';
import { headerPageSize } from './page-size.js';

/**
 * A cluster file above the size up to which every open checks every page and value
 * (cluster-file.ts checkedInFull): its damage is found where a command reads it, with the same
 * message, exit code and guarantee (nothing written) as a small file's at open.
 */

async function kubectl(db: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, output } = bufferIO({ env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', '--db', db, ...args], io);
  return { code, ...output };
}

/** A digest of the file's bytes, its modification time, and whether -wal/-shm were left next to it. */
function fingerprint(path: string): { sha256: string; mtimeMs: number; siblings: string[] } {
  const st = fs.statSync(path);
  const siblings = ['-wal', '-shm', '-journal'].filter((s) => fs.existsSync(path + s));
  return { sha256: createHash('sha256').update(fs.readFileSync(path)).digest('hex'), mtimeMs: st.mtimeMs, siblings };
}

const MARKER = 'DAMAGE-ME-0123456789';

/**
 * A cluster just above the full-check size: 700 ConfigMaps of 8 KB (each in kv and in the log),
 * and `target` (label role=target, a value with MARKER) and `other`, small ones.
 */
async function largeCluster(dir: string): Promise<string> {
  const path = join(dir, 'cluster.db');
  assert.equal((await kubectl(path, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
  const items: object[] = [];
  for (let i = 0; i < 700; i++) {
    items.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `pad-${i}` }, data: { blob: `${i}`.padEnd(8000, 'x') } });
  }
  items.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'target', labels: { role: 'target' } }, data: { marker: MARKER } });
  items.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' }, data: { a: 'b' } });
  const manifest = join(dir, 'cms.json');
  fs.writeFileSync(manifest, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
  const applied = await kubectl(path, 'apply', '-f', manifest);
  assert.equal(applied.code, 0, applied.stderr);
  assert.ok(fs.statSync(path).size > FULL_CHECK_MAX_BYTES, 'the file is above the full-check size');
  return path;
}

/** The pages of kv's b-tree (dbstat), so that only kv and not the log's copy is damaged. */
function kvPages(path: string): Set<number> {
  // Not read-only: closing the last connection removes the -wal and -shm a reader leaves.
  const db = new Database(path, { fileMustExist: true });
  try {
    return new Set(db.prepare<[], { pageno: number }>("SELECT pageno FROM dbstat WHERE name = 'kv'").all().map((r) => r.pageno));
  } finally {
    db.close();
  }
}

/** The offsets in the file of MARKER inside kv's pages (the log's copies are left alone). */
function markerInKv(path: string): { offset: number; page: number; pageSize: number }[] {
  const pageSize = headerPageSize(path);
  const kv = kvPages(path);
  const bytes = fs.readFileSync(path);
  const found: { offset: number; page: number; pageSize: number }[] = [];
  for (let at = bytes.indexOf(MARKER); at >= 0; at = bytes.indexOf(MARKER, at + 1)) {
    const page = Math.floor(at / pageSize) + 1;
    if (kv.has(page)) found.push({ offset: at, page, pageSize });
  }
  // twice in target's value: in data and in apply's last-applied-configuration annotation
  assert.ok(found.length > 0 && found.every((f) => f.page === found[0]!.page), 'the marker is in one kv page');
  return found;
}

function overwrite(path: string, offset: number, data: Buffer): void {
  const fd = fs.openSync(path, 'r+');
  try {
    fs.writeSync(fd, data, 0, data.length, offset);
  } finally {
    fs.closeSync(fd);
  }
}

/** One error, or one line per object where a command reports several (kubectl prints those without `error: `). */
const corrupt = (path: string) => new RegExp(`^(error: the cluster file ${path} is corrupt: .+\\n|(the cluster file ${path} is corrupt: .+\\n){2,})$`);

test('a large cluster file with a damaged page: a command that reads it reports the file corrupt and writes nothing', async () => {
  const dir = fs.mkdtempSync(join(tmpdir(), 'kubemu-large-'));
  try {
    const path = await largeCluster(dir);
    const [m] = markerInKv(path);
    overwrite(path, (m!.page - 1) * m!.pageSize, Buffer.alloc(m!.pageSize, 0xa5));
    const before = fingerprint(path);
    // `delete` goes on to the next name after one fails: `other`, on an intact page, is not deleted either.
    for (const args of [
      ['get', 'configmap', 'target'],
      ['get', 'configmaps', '-A'],
      ['label', 'configmap', 'target', 'a=b'],
      ['delete', 'configmap', 'target', 'other'],
    ]) {
      const r = await kubectl(path, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, corrupt(path), args.join(' '));
      assert.doesNotMatch(r.stderr, /SqliteError|malformed|JSON\.parse/);
    }
    assert.deepEqual(fingerprint(path), before);
    // What no command reads is not checked: the rest of the cluster stays usable.
    const ns = await kubectl(path, 'get', 'ns', 'default', '-o', 'name');
    assert.equal(ns.stdout, 'namespace/default\n', ns.stderr);
    assert.equal((await kubectl(path, 'get', 'configmap', 'other', '-o', 'name')).stdout, 'configmap/other\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a large cluster file with a value damaged inside an intact page: reading it reports the key, and nothing is written', async () => {
  const dir = fs.mkdtempSync(join(tmpdir(), 'kubemu-large-'));
  try {
    const path = await largeCluster(dir);
    const [m] = markerInKv(path);
    // The quote before the marker becomes a brace: the page is intact, its value is not JSON.
    overwrite(path, m!.offset - 1, Buffer.from('{'));
    const before = fingerprint(path);
    for (const args of [
      ['get', 'configmap', 'target'],
      ['get', 'configmaps', '-l', 'role=target'],
      ['label', 'configmap', 'target', 'a=b'],
      ['delete', 'configmap', 'target', 'other'],
    ]) {
      const r = await kubectl(path, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, corrupt(path), args.join(' '));
      assert.match(r.stderr, /the value of \/registry\/configmaps\/default\/target is not valid JSON/, args.join(' '));
    }
    assert.deepEqual(fingerprint(path), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
