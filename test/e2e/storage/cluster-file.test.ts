import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
// The module object itself (not a namespace copy): the test below wraps two of its functions.
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { headerPageSize } from './page-size.js';
import { SCHEMA_VERSION } from '../../../src/storage/sqlite-schema.js';

/** "kubm": the application_id a kubemu cluster file carries. */
const KUBEMU_APPLICATION_ID = 0x6b75626d;

function scratch(): string {
  return fs.mkdtempSync(join(tmpdir(), 'kubemu-file-'));
}

async function kubectl(db: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, output } = bufferIO({ env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', '--db', db, ...args], io);
  return { code, ...output };
}

/** The bytes and modification time of a file (and whether -wal/-shm were left next to it). */
function fingerprint(path: string): { bytes: string; mtimeMs: number; siblings: string[] } {
  const st = fs.statSync(path);
  const siblings = ['-wal', '-shm', '-journal'].filter((s) => fs.existsSync(path + s));
  return { bytes: fs.readFileSync(path).toString('base64'), mtimeMs: st.mtimeMs, siblings };
}

test("someone's notes.db (SQLite without kubemu's tables) is refused and left untouched", async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'notes.db');
    const db = new Database(path);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('buy milk');");
    db.close();
    const before = fingerprint(path);
    for (const args of [['get', 'ns'], ['create', 'namespace', 'x'], ['etcdctl', 'get', '--prefix', '/']]) {
      const r = await kubectl(path, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `error: ${path} is not a kubemu cluster file (an SQLite database with tables notes)\n`);
    }
    // --force replaces a cluster, it does not delete someone's database.
    const forced = await kubectl(path, 'cluster', 'create', '--force');
    assert.equal(forced.code, 1);
    assert.equal(forced.stderr, `error: ${path} is not a kubemu cluster file (an SQLite database with tables notes)\n`);
    assert.deepEqual(fingerprint(path), before);
    assert.throws(() => new SqliteKeyspace(path), /is not a kubemu cluster file/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a non-empty file that is not SQLite is refused and left untouched; an empty one becomes a cluster', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'cluster.db');
    fs.writeFileSync(path, 'apiVersion: v1\nkind: Config\n');
    const before = fingerprint(path);
    const r = await kubectl(path, 'get', 'ns');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `error: ${path} is not a kubemu cluster file (not an SQLite database)\n`);
    assert.deepEqual(fingerprint(path), before);

    const empty = join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    const ok = await kubectl(empty, 'get', 'ns', 'default', '-o', 'name');
    assert.equal(ok.stderr, '');
    assert.equal(ok.stdout, 'namespace/default\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('cluster create --force does not remove a damaged database that is not marked as kubemu\'s', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'notes.db');
    const db = new Database(path);
    db.exec('CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (\'keep me\')');
    db.close();
    // the schema page is damaged: SQLite cannot read which tables the file holds
    const fd = fs.openSync(path, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096 - 100, 0xa5), 0, 4096 - 100, 100);
    fs.closeSync(fd);
    const before = fs.readFileSync(path);
    const r = await kubectl(path, 'cluster', 'create', '--force');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^error: .*(not replacing it|is not a kubemu cluster file).*\n$/);
    assert.ok(fs.readFileSync(path).equals(before), 'the file is untouched');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a cluster file with an overwritten page is reported as corrupt and nothing is written', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'cluster.db');
    assert.equal((await kubectl(path, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    const pageSize = headerPageSize(path);
    const pages = fs.statSync(path).size / pageSize;
    assert.ok(pages > 12);
    const fd = fs.openSync(path, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
    fs.closeSync(fd);
    const before = fingerprint(path);
    for (const args of [['get', 'pods', '-A'], ['create', 'namespace', 'x'], ['etcdctl', 'compaction', '3']]) {
      const r = await kubectl(path, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, new RegExp(`^error: the cluster file ${path} is corrupt: .+\\n$`));
      assert.doesNotMatch(r.stderr, /SqliteError|malformed|JSON\.parse/);
    }
    assert.deepEqual(fingerprint(path), before);
    // Replacing a damaged cluster is the remedy: --force may.
    assert.equal((await kubectl(path, 'cluster', 'create', '--force', '--clock', 'virtual')).code, 0);
    assert.equal((await kubectl(path, 'get', 'ns', 'default', '-o', 'name')).stdout, 'namespace/default\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a stored value that is not JSON is reported as corruption, naming the key, and nothing is written', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'cluster.db');
    assert.equal((await kubectl(path, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    const db = new Database(path);
    db.prepare("UPDATE kv SET value = substr(value, 1, 40) WHERE key = '/registry/namespaces/default'").run();
    db.close();
    const before = fingerprint(path);
    for (const args of [['get', 'ns'], ['create', 'namespace', 'x']]) {
      const r = await kubectl(path, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stderr, `error: the cluster file ${path} is corrupt: the value of /registry/namespaces/default is not valid JSON\n`);
    }
    assert.deepEqual(fingerprint(path), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a new cluster file is 0600 from the moment it exists (umask 0, no chmod afterwards), its directory 0700', () => {
  const dir = scratch();
  const realChmod = fs.chmodSync;
  const realOpen = fs.openSync;
  const widerThan600: string[] = [];
  const opens: { flags: unknown; mode: unknown }[] = [];
  const path = join(dir, 'sub', 'cluster.db');
  const old = process.umask(0);
  // Whatever kubemu does to the file, it never exists wider than 0600: a chmod would only
  // narrow it after a window in which another user could open it.
  fs.chmodSync = (p, mode) => {
    if (fs.existsSync(p) && (fs.statSync(p).mode & 0o077) !== 0) widerThan600.push(`${String(p)} ${(fs.statSync(p).mode & 0o777).toString(8)}`);
    realChmod(p, mode);
  };
  fs.openSync = (p: fs.PathLike, flags: fs.OpenMode = 'r', mode?: fs.Mode | null) => {
    if (resolve(String(p)) === path) opens.push({ flags, mode });
    return realOpen(p, flags, mode);
  };
  try {
    const ks = new SqliteKeyspace(path);
    ks.put('/a', '{"metadata":{}}');
    assert.equal(fs.statSync(`${path}-wal`).mode & 0o777, 0o600);
    ks.close();
    assert.deepEqual(widerThan600, []);
    assert.equal(fs.statSync(path).mode & 0o777, 0o600);
    assert.equal(fs.statSync(join(dir, 'sub')).mode & 0o777, 0o700);
    const create = opens.find((o) => typeof o.flags === 'number' && (o.flags & fs.constants.O_CREAT) !== 0);
    assert.ok(create, 'the file is created by kubemu itself, before SQLite opens it');
    assert.equal((create.flags as number) & fs.constants.O_EXCL, fs.constants.O_EXCL);
    assert.equal(create.mode, 0o600);
  } finally {
    process.umask(old);
    fs.chmodSync = realChmod;
    fs.openSync = realOpen;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a symlink to a cluster file is followed; a dangling one is refused and creates nothing where it points', async () => {
  const dir = scratch();
  try {
    const target = join(dir, 'real.db');
    assert.equal((await kubectl(target, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    const link = join(dir, 'link.db');
    fs.symlinkSync(target, link);
    assert.equal((await kubectl(link, 'create', 'namespace', 'through-link')).code, 0);
    assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link stays a link');
    assert.equal((await kubectl(target, 'get', 'ns', 'through-link', '-o', 'name')).stdout, 'namespace/through-link\n');
    const forced = await kubectl(link, 'cluster', 'create', '--force');
    assert.equal(forced.stderr, `error: cluster file "${link}" is a symbolic link to ${target}: name the file itself to replace it\n`);
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.equal((await kubectl(target, 'get', 'ns', 'through-link', '-o', 'name')).stdout, 'namespace/through-link\n');

    const nowhere = join(dir, 'missing', 'c.db');
    const dangling = join(dir, 'dangling.db');
    fs.symlinkSync(nowhere, dangling);
    for (const args of [['get', 'ns'], ['cluster', 'create', '--clock', 'virtual'], ['cluster', 'create', '--force']]) {
      const r = await kubectl(dangling, ...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stderr, `error: cannot create the cluster file ${dangling}: it is a symbolic link to ${nowhere}, which does not exist\n`);
    }
    assert.equal(fs.existsSync(join(dir, 'missing')), false);
    assert.ok(fs.lstatSync(dangling).isSymbolicLink());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A cluster file as the previous kubemu wrote it: user_version 1, no application_id, one namespace. */
function writeVersion1File(path: string): string {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(`
    CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, create_revision INTEGER NOT NULL, mod_revision INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE log (revision INTEGER PRIMARY KEY, key TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, create_revision INTEGER NOT NULL, prev_value TEXT, prev_mod_revision INTEGER, time_ms INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE timers (queue TEXT NOT NULL, key TEXT NOT NULL, due_ms INTEGER NOT NULL, PRIMARY KEY (queue, key, due_ms)) WITHOUT ROWID;
    CREATE INDEX timers_due ON timers(due_ms);
  `);
  const ns = JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kept', uid: 'u1', creationTimestamp: '2026-10-26T19:00:00Z' } });
  db.prepare('INSERT INTO kv VALUES (?, ?, 2, 2)').run('/registry/namespaces/kept', ns);
  db.prepare("INSERT INTO log VALUES (2, ?, 'PUT', ?, 2, NULL, NULL, ?)").run('/registry/namespaces/kept', ns, Date.UTC(2026, 9, 26, 19));
  const settings = { mode: 'virtual', speed: 1, epochMs: Date.UTC(2026, 9, 26, 19), createdAtRealMs: 0, seed: 1 };
  db.prepare("INSERT INTO meta VALUES ('revision', '2'), ('clock_settings', ?)").run(JSON.stringify(settings));
  db.pragma('user_version = 1');
  db.close();
  return ns;
}

test('a cluster file written by the previous kubemu (user_version 1, no application_id) opens and is marked', () => {
  const dir = scratch();
  try {
    const path = join(dir, 'old.db');
    const ns = writeVersion1File(path);

    const c = openCluster(path, { env: {} });
    assert.equal(c.store.get('/registry/namespaces/kept')?.value, ns);
    assert.equal(c.clock.settings.mode, 'virtual');
    c.close();
    const after = new Database(path, { readonly: true });
    assert.equal(after.pragma('application_id', { simple: true }), KUBEMU_APPLICATION_ID);
    assert.equal(after.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    after.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a version-3 file is marked version 4 at its first writable open, with its objects and indexes intact; a newer version is refused untouched', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'v3.db');
    assert.equal((await kubectl(path, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    assert.equal((await kubectl(path, 'create', 'deployment', 'web', '--image=nginx', '--replicas=2')).code, 0);
    const raw = new Database(path);
    raw.pragma('user_version = 3');
    raw.close();
    const got = await kubectl(path, 'get', 'pods', '-l', 'app=web', '-o', 'name');
    assert.equal(got.stderr, '');
    assert.equal(got.stdout.split('\n').filter((l) => l.startsWith('pod/web-')).length, 2);
    const marked = new Database(path, { readonly: true });
    assert.equal(marked.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    marked.close();

    const newer = new Database(path);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    const before = fingerprint(path);
    const refused = await kubectl(path, 'get', 'pods');
    assert.notEqual(refused.code, 0);
    assert.equal(refused.stdout, '');
    assert.equal(
      refused.stderr,
      `error: the cluster file ${path} was written by a newer kubemu (schema version ${SCHEMA_VERSION + 1}; this one reads up to ${SCHEMA_VERSION})\n`,
    );
    assert.deepEqual(fingerprint(path), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const BIN = resolve(__dirname, '..', '..', '..', '..', 'bin', 'kubemu');
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };

/** Runs bin/kubemu as a user for whom mode bits count (root ignores 0444). */
function kubemuAsUser(db: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, '--db', db, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir() },
    ...(AS_ROOT ? NOBODY : {}),
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Why the read-only cases cannot run here, or undefined: as root they run as uid 65534, which
 * must be able to read the checkout (a clone inside a 0700 directory, as `mktemp -d` makes, is
 * out of its reach).
 */
function noUserForModeBits(): string | undefined {
  if (!AS_ROOT) return undefined;
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(BIN)}, 4)`], NOBODY);
  return probe.status === 0 ? undefined : `uid 65534 cannot read ${BIN}, and root ignores mode bits`;
}

test('a read-only cluster file (0444, or in a read-only directory) is readable; a write says it is read-only', async (t) => {
  const cannot = noUserForModeBits();
  if (cannot) return t.skip(cannot);
  const dir = scratch();
  try {
    fs.chmodSync(dir, 0o755);
    const path = join(dir, 'cluster.db');
    assert.equal((await kubectl(path, 'cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    assert.equal((await kubectl(path, 'create', 'deployment', 'web', '--image=nginx')).code, 0);
    fs.chmodSync(path, 0o444);
    const before = fingerprint(path);
    const get = kubemuAsUser(path, ['get', 'deployments']);
    assert.equal(get.stderr, '');
    assert.equal(get.code, 0);
    assert.match(get.stdout, /^NAME +READY +UP-TO-DATE +AVAILABLE +AGE\nweb +0\/1 +1 +0 +0s\n$/);
    const describe = kubemuAsUser(path, ['describe', 'namespace', 'default']);
    assert.equal(describe.code, 0);
    assert.match(describe.stdout, /^Name: +default\n/);
    const etcd = kubemuAsUser(path, ['etcdctl', 'get', '--keys-only', '/registry/deployments/default/web']);
    assert.equal(etcd.stdout, '/registry/deployments/default/web\n\n');
    for (const args of [['create', 'namespace', 'x'], ['scale', 'deployment', 'web', '--replicas=2'], ['etcdctl', 'defrag']]) {
      const w = kubemuAsUser(path, args);
      assert.equal(w.code, 1, args.join(' '));
      assert.equal(w.stderr, `error: cannot write the cluster file ${path}: it is read-only\n`);
    }
    assert.deepEqual(fingerprint(path), before);

    // A writable file in a directory that is not: SQLite could not create its -wal there.
    const roDir = join(dir, 'ro');
    fs.mkdirSync(roDir);
    const inRoDir = join(roDir, 'cluster.db');
    fs.copyFileSync(path, inRoDir);
    fs.chmodSync(inRoDir, 0o666);
    fs.chmodSync(roDir, 0o555);
    const get2 = kubemuAsUser(inRoDir, ['get', 'deployments', '-o', 'name']);
    assert.equal(get2.stderr, '');
    assert.equal(get2.stdout, 'deployment.apps/web\n');
    const w2 = kubemuAsUser(inRoDir, ['delete', 'deployment', 'web']);
    assert.equal(w2.stderr, `error: cannot write the cluster file ${inRoDir}: it is read-only\n`);
    assert.deepEqual(fs.readdirSync(roDir), ['cluster.db']);
  } finally {
    if (fs.existsSync(join(dir, 'ro'))) fs.chmodSync(join(dir, 'ro'), 0o755);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a file of the previous kubemu is read as it is when read-only; one from before version 1 needs upgrading', (t) => {
  const cannot = noUserForModeBits();
  if (cannot) return t.skip(cannot);
  const dir = scratch();
  try {
    fs.chmodSync(dir, 0o755);
    const path = join(dir, 'old.db');
    writeVersion1File(path);
    fs.chmodSync(path, 0o444);
    const before = fingerprint(path);
    const r = kubemuAsUser(path, ['get', 'ns']);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^NAME +STATUS +AGE\nkept +/);
    assert.deepEqual(fingerprint(path), before);

    fs.chmodSync(path, 0o644);
    const db = new Database(path);
    db.pragma('user_version = 0');
    db.close();
    fs.chmodSync(path, 0o444);
    const r0 = kubemuAsUser(path, ['get', 'ns']);
    assert.equal(r0.code, 1);
    assert.equal(r0.stderr, `error: cannot write the cluster file ${path}: it was written by an earlier kubemu and needs upgrading, but it is read-only\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('compaction of a log with many writes shrinks the file; etcdctl defrag shrinks an older file too', async () => {
  const dir = scratch();
  try {
    const path = join(dir, 'cluster.db');
    // Every write different from the one before it: the log keeps a superseded value that
    // mostly repeats its successor as the difference only (storage/sqlite-log.ts).
    const value = (i: number) => JSON.stringify({ metadata: { name: 'x' }, data: { pad: `${i}-`.repeat(5000) } });
    const ks = new SqliteKeyspace(path);
    for (let i = 0; i < 2000; i++) ks.put(`/registry/configmaps/default/c${i % 100}`, value(i));
    ks.close();
    const grown = fs.statSync(path).size;
    assert.ok(grown > 30e6, `grown to ${grown}`);
    const again = new SqliteKeyspace(path);
    again.compact(again.revision());
    again.close();
    const compacted = fs.statSync(path).size;
    assert.ok(compacted < grown / 10, `${grown} -> ${compacted} after compaction`);

    // A file made before incremental auto-vacuum keeps its free pages until defrag.
    const old = join(dir, 'old.db');
    const db = new Database(old);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, create_revision INTEGER NOT NULL, mod_revision INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE log (revision INTEGER PRIMARY KEY, key TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, create_revision INTEGER NOT NULL, prev_value TEXT, prev_mod_revision INTEGER, time_ms INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    `);
    db.pragma('user_version = 1');
    db.close();
    const c = openCluster(old, { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
    for (let i = 0; i < 1000; i++) c.store.put(`/registry/configmaps/default/c${i % 50}`, value(i));
    c.store.compact(c.store.revision());
    c.close();
    const before = fs.statSync(old).size;
    const r = await kubectl(old, 'etcdctl', 'defrag');
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'Finished defragmenting etcd member[127.0.0.1:2379]\n');
    const after = fs.statSync(old).size;
    assert.ok(after < before / 5, `${before} -> ${after} after defrag`);
    const check = new Database(old, { readonly: true });
    assert.equal(check.pragma('auto_vacuum', { simple: true }), 2, 'defrag also turns on incremental auto-vacuum');
    check.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
