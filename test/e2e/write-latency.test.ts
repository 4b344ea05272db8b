/**
 * Issue 14: on a virtual clock a command that wrote takes CLIENT_ROUND_TRIPS_MS of cluster time,
 * in which its writes reach the controllers (1 ms later) and they react at their own instants;
 * a watch started right after it begins at its last write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { main } from '../../src/cli/main.js';
import { bufferIO } from '../../src/kubectl/cmd/util/io.js';
import { CLIENT_ROUND_TRIPS_MS } from '../../src/cluster/time.js';
import { VIRTUAL_EPOCH_MS } from '../../src/sim/clock.js';

const deployment = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
spec:
  replicas: 4
  selector:
    matchLabels: {app: hello}
  template:
    metadata:
      labels: {app: hello}
    spec:
      containers:
      - name: hello
        image: ${image}
`;

async function withCluster(fn: (k: (...args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>, db: string, dir: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(join(tmpdir(), 'kubemu-latency-'));
  const db = join(dir, 'cluster.db');
  const k = async (...args: string[]) => {
    const { io, output } = bufferIO({ env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' }, cwd: dir });
    const code = await main(['node', 'kubectl', '--db', db, ...args], io);
    return { code, ...output };
  };
  try {
    assert.equal((await k('cluster', 'create', '--clock', 'virtual', '--seed', '1')).code, 0);
    await fn(k, db, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The virtual clock's reading in the file, ms since the epoch. */
function clockMs(db: string): number {
  const d = new Database(db, { readonly: true });
  try {
    const row = d.prepare("SELECT value FROM meta WHERE name = 'virtual_now_ms'").get() as { value: string } | undefined;
    return row ? Number(row.value) : VIRTUAL_EPOCH_MS;
  } finally {
    d.close();
  }
}

/** What the file holds: every row of every table (a checkpoint of its WAL changes none). */
function fingerprint(db: string): string {
  const d = new Database(db, { readonly: true });
  try {
    const tables = d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    const hash = createHash('sha256');
    for (const { name } of tables) {
      hash.update(`${name}\n`);
      for (const row of d.prepare(`SELECT * FROM "${name}"`).raw().iterate()) hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
    }
    return hash.digest('hex');
  } finally {
    d.close();
  }
}

test('virtual clock: apply takes 20 ms of cluster time, in which the ReplicaSet and its pods appear; a get after it writes nothing', async () => {
  await withCluster(async (k, db, dir) => {
    fs.writeFileSync(join(dir, 'd.yaml'), deployment('nginx:1.25'));
    const before = clockMs(db);
    assert.equal((await k('apply', '-f', 'd.yaml')).stdout, 'deployment.apps/hello created\n');
    assert.equal(clockMs(db), before + CLIENT_ROUND_TRIPS_MS);
    const files = fingerprint(db);
    const got = await k('get', 'deploy,rs,pods');
    assert.equal(got.code, 0, got.stderr);
    assert.match(got.stdout, /^deployment\.apps\/hello +0\/4 +4 +0 +0s$/m);
    assert.match(got.stdout, /^replicaset\.apps\/hello-[a-z0-9]+ +4 +4 +0 +0s$/m);
    const pods = got.stdout.split('\n').filter((l) => l.startsWith('pod/'));
    assert.equal(pods.length, 4);
    for (const p of pods) assert.match(p, /0\/1 +(Pending|ContainerCreating) +0 +0s$/);
    // The read took no cluster time and wrote nothing.
    assert.deepEqual(fingerprint(db), files);
    assert.equal(clockMs(db), before + CLIENT_ROUND_TRIPS_MS);
    // A command that writes nothing (a re-apply of the same manifest is a no-op patch) takes no time either.
    assert.equal((await k('apply', '-f', 'd.yaml')).stdout, 'deployment.apps/hello unchanged\n');
    assert.equal(clockMs(db), before + CLIENT_ROUND_TRIPS_MS);
  });
});

test('virtual clock: rollout status right after apply starts with the unobserved generation, as upstream prints each watch event', async () => {
  await withCluster(async (k, _db, dir) => {
    fs.writeFileSync(join(dir, 'd.yaml'), deployment('nginx:1.25'));
    await k('apply', '-f', 'd.yaml');
    const status = await k('rollout', 'status', 'deployment/hello');
    assert.equal(status.code, 0, status.stderr);
    const lines = status.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 3), [
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment "hello" rollout to finish: 0 out of 4 new replicas have been updated...',
    ]);
    assert.equal(lines.at(-1), 'deployment "hello" successfully rolled out');
    // A second one, the clock having moved since the write: the current state, done at once.
    assert.equal((await k('rollout', 'status', 'deployment/hello')).stdout, 'deployment "hello" successfully rolled out\n');
    // After `set image`, the same: the object as set (generation 2, observed 1), the controller's
    // first write (the revision annotation and NewReplicaSetCreated, observedGeneration untouched:
    // getNewReplicaSet's UpdateStatus), then syncRolloutStatus's, which observes generation 2.
    await k('set', 'image', 'deployment/hello', 'hello=nginx:1.26');
    const next = (await k('rollout', 'status', 'deployment/hello')).stdout.split('\n');
    assert.deepEqual(next.slice(0, 3), [
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment "hello" rollout to finish: 0 out of 4 new replicas have been updated...',
    ]);
  });
});

test('virtual clock: get rs -w right after apply lists the ReplicaSets as of the write, then the new one as it is created', async () => {
  await withCluster(async (k, _db, dir) => {
    fs.writeFileSync(join(dir, 'd.yaml'), deployment('nginx:1.25'));
    await k('apply', '-f', 'd.yaml');
    await k('rollout', 'status', 'deployment/hello');
    fs.writeFileSync(join(dir, 'd.yaml'), deployment('nginx:1.26'));
    await k('apply', '-f', 'd.yaml');
    const watched = await k('get', 'rs', '-w');
    assert.equal(watched.code, 0, watched.stderr);
    const lines = watched.stdout.split('\n');
    assert.match(lines[0]!, /^NAME +DESIRED +CURRENT +READY +AGE$/);
    const old = /^(hello-[a-z0-9]+) +4 +4 +4 +\S+$/.exec(lines[1]!);
    assert.ok(old, lines[1]);
    const added = /^(hello-[a-z0-9]+) +1 +0 +0 +0s$/.exec(lines[2]!);
    assert.ok(added, lines[2]);
    assert.notEqual(added[1], old[1]);
    // A get -w started once the clock moved on: the current list only.
    const later = (await k('get', 'rs', '-w')).stdout.split('\n');
    assert.equal(later.filter((l) => l.startsWith('hello-')).length, 2);
  });
});
