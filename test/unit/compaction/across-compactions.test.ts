import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { CONTROLLER_NAMES } from '../../../src/controllers/control-plane.js';
import { informerCursor } from '../../../src/controllers/framework/informer.js';
import { COMPACTION_INTERVAL_MS } from '../../../src/apiserver/compactor.js';

const EXAMPLES = join(__dirname, '..', '..', '..', '..', 'examples');

function cli(db: string, cwd: string) {
  return async (args: string[]): Promise<{ stdout: string; stderr: string; code: number }> => {
    const { io, output } = bufferIO({ env: {}, cwd });
    const code = await main(['node', 'kubectl', '--db', db, ...args], io);
    return { ...output, code };
  };
}

function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-compaction-'));
  return fn(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/** The article's Deployment, each new pod available only 4 minutes after it is ready. */
function slowDeployment(): string {
  return readFileSync(join(EXAMPLES, 'hello-deploy.yaml'), 'utf8')
    .replace('minReadySeconds: 5', 'minReadySeconds: 240')
    .replace('progressDeadlineSeconds: 120', 'progressDeadlineSeconds: 1200');
}

/** What the store says about compaction, read as another process would. */
function compaction(db: string): { compacted: number; cursors: number[] } {
  const s = new SqliteKeyspace(db);
  try {
    return { compacted: s.compactedRevision(), cursors: CONTROLLER_NAMES.map((n) => informerCursor(s, n)) };
  } finally {
    s.close();
  }
}

/**
 * The article's Deployment with minReadySeconds 240: a rolling update of 4 replicas (surge 1)
 * takes 16 minutes of cluster time, over three of the compactor's 5-minute ticks. The output is
 * the one the build before automatic compaction printed for the same commands (since issue 14
 * with the three lines of a watch that starts right after the write, before the controller
 * observed it).
 */
test('a rollout spanning several compactions completes with the same output, and no informer falls behind the compaction', async () => {
  await withDir(async (dir) => {
    const db = join(dir, 'c.db');
    writeFileSync(join(dir, 'deploy.yaml'), slowDeployment());
    const k = cli(db, dir);
    assert.equal((await k(['cluster', 'create', '--clock', 'virtual', '--seed', '1'])).code, 0);
    assert.equal((await k(['apply', '-f', join(EXAMPLES, 'hello-imagerepository.yaml'), '-f', 'deploy.yaml'])).code, 0);
    assert.equal((await k(['rollout', 'status', 'deployment/hello'])).code, 0);
    assert.equal((await k(['set', 'image', 'deployment/hello', 'hello=ghcr.io/example/hello:1.1'])).code, 0);
    const before = compaction(db).compacted;
    const status = await k(['rollout', 'status', 'deployment/hello']);
    const waiting = (what: string, n: number) => Array<string>(n).fill(`Waiting for deployment "hello" rollout to finish: ${what}...`);
    assert.deepEqual(status.stdout.split('\n'), [
      // started right after the write: the Deployment as set, then the controller's first writes
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment spec update to be observed...',
      ...waiting('0 out of 4 new replicas have been updated', 1),
      ...waiting('1 out of 4 new replicas have been updated', 4),
      ...waiting('2 out of 4 new replicas have been updated', 5),
      ...waiting('3 out of 4 new replicas have been updated', 5),
      ...waiting('1 old replicas are pending termination', 4),
      'deployment "hello" successfully rolled out',
      '',
    ]);
    assert.equal(status.stderr, '');
    assert.equal(status.code, 0);
    const after = compaction(db);
    assert.ok(after.compacted > before, `compacted at ${before} before the rollout, ${after.compacted} after`);
    for (const c of after.cursors) assert.ok(c >= after.compacted, `an informer's cursor ${c} is behind the compaction ${after.compacted}`);
  });
});

/**
 * A watch of a resource nothing writes (kube-system's ConfigMaps) while a 16-minute rollout writes
 * elsewhere: its cursor moves with the log's head, so the compaction never passes it (before, it
 * stayed at the list's revision and the watch ended in 410 Expired after two ticks).
 */
test('a watch of a quiet resource outlives the compactions of a busy cluster', async () => {
  await withDir(async (dir) => {
    const db = join(dir, 'c.db');
    writeFileSync(join(dir, 'deploy.yaml'), slowDeployment());
    const k = cli(db, dir);
    await k(['cluster', 'create', '--clock', 'virtual', '--seed', '1']);
    await k(['apply', '-f', join(EXAMPLES, 'hello-imagerepository.yaml'), '-f', 'deploy.yaml']);
    await k(['rollout', 'status', 'deployment/hello']);
    await k(['set', 'image', 'deployment/hello', 'hello=ghcr.io/example/hello:1.1']);
    const before = compaction(db).compacted;
    const watch = await k(['get', 'configmaps', '-n', 'kube-system', '-w', '--request-timeout=20m']);
    assert.deepEqual(watch, { stdout: 'NAME               DATA   AGE\nkube-root-ca.crt   1      4m6s\n', stderr: '', code: 0 });
    assert.ok(compaction(db).compacted > before);
  });
});

/**
 * An hour of churn (a Deployment scaled between 2 and 12 replicas every minute: pods created,
 * scheduled, started, deleted, events written): the log holds the last interval or two of writes
 * only, and the file stays proportional to the live objects. Without compaction the log kept every
 * value ever written: 9× the live JSON after the hour, and growing with every minute.
 */
test('over a long churn the log keeps the last minutes only and the file stays proportional to the live objects', async () => {
  await withDir(async (dir) => {
    const db = join(dir, 'c.db');
    const k = cli(db, dir);
    await k(['cluster', 'create', '--clock', 'virtual', '--seed', '1']);
    await k(['create', 'deployment', 'churn', '--image=nginx', '--replicas=2']);
    for (let i = 0; i < 60; i++) {
      const r = await k(['scale', 'deployment/churn', `--replicas=${i % 2 ? 2 : 12}`]);
      assert.equal(r.code, 0, r.stderr);
      await k(['cluster', 'advance', '1m']);
      if (i % 20 === 19) {
        const { oldestMs, nowMs } = logSpan(db);
        assert.ok(nowMs - oldestMs <= 2 * COMPACTION_INTERVAL_MS, `after ${i + 1} minutes the log goes back ${(nowMs - oldestMs) / 60_000} minutes`);
      }
    }
    const ratio = sizeRatio(db);
    assert.ok(ratio <= 3, `file + WAL is ${ratio.toFixed(1)} × the live objects' JSON`);
  });
});

/** The cluster time of the oldest write still in the log, and the cluster's time. */
function logSpan(db: string): { oldestMs: number; nowMs: number } {
  const c = openCluster(db, { env: {} });
  try {
    const oldest = c.store.changesSince(c.store.compactedRevision(), '', 1)[0];
    return { oldestMs: oldest?.timeMs ?? c.clock.now(), nowMs: c.clock.now() };
  } finally {
    c.close();
  }
}

/** Bytes of the cluster file and its WAL over the bytes of the live values' JSON. */
function sizeRatio(db: string): number {
  const s = new SqliteKeyspace(db);
  let live = 0;
  try {
    for (const kv of s.list('')) live += Buffer.byteLength(kv.value);
  } finally {
    s.close();
  }
  const wal = (() => {
    try {
      return statSync(`${db}-wal`).size;
    } catch {
      return 0;
    }
  })();
  return (statSync(db).size + wal) / live;
}
