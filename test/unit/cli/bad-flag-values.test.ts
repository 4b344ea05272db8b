/**
 * Flag values kubectl and etcdctl refuse (found by the reliability corpus): each is refused in
 * their words, exits 1, and writes nothing; a refused `cluster create` leaves no file behind and,
 * with --force, keeps the cluster it was to replace.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { parseGoDuration } from '../../../src/common/go-duration.js';
import { int64Flag } from '../../../src/kubectl/cmd/util/flags.js';

const dir = mkdtempSync(join(tmpdir(), 'kubemu-bad-flags-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function run(db: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runWith({}, db, ...args);
}

async function runWith(env: NodeJS.ProcessEnv, db: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, output } = bufferIO({ cwd: dir, env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', ...env } });
  const code = await main(['node', 'kubectl', '--db', join(dir, db), ...args], io);
  return { code, ...output };
}

/** The cluster's time and revision, and every key with its value. */
async function fingerprint(db: string): Promise<string> {
  return (await run(db, 'cluster', 'info')).stdout + (await run(db, 'etcdctl', 'get', '--prefix', '/')).stdout;
}

test('Go durations past math.MaxInt64 nanoseconds are not durations', () => {
  assert.equal(parseGoDuration('2562047h'), 2562047 * 3_600_000);
  assert.equal(parseGoDuration('2562048h'), undefined);
  assert.equal(parseGoDuration('1000000000h'), undefined);
});

test('int64 flags: strconv.ParseInt errors', () => {
  assert.equal(int64Flag('rev', undefined), undefined);
  assert.equal(int64Flag('rev', '42'), 42);
  assert.throws(() => int64Flag('rev', 'abc'), { message: 'invalid argument "abc" for "--rev" flag: strconv.ParseInt: parsing "abc": invalid syntax' });
  assert.throws(() => int64Flag('limit', '99999999999999999999'), {
    message: 'invalid argument "99999999999999999999" for "--limit" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range',
  });
});

test('refused flag values exit 1 in kubectl and etcdctl words', async () => {
  assert.equal((await run('a.db', 'cluster', 'create', '--clock', 'virtual')).code, 0);
  const cases: [string[], string][] = [
    [
      ['get', 'pods', '--request-timeout=abc'],
      'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n',
    ],
    [['etcdctl', 'watch', '--rev', 'abc', '/registry/'], 'error: invalid argument "abc" for "--rev" flag: strconv.ParseInt: parsing "abc": invalid syntax\n'],
    [['etcdctl', 'get', '--limit', 'x', '/registry/'], 'error: invalid argument "x" for "--limit" flag: strconv.ParseInt: parsing "x": invalid syntax\n'],
    [['cluster', 'advance', '1000000000h'], 'error: time: invalid duration "1000000000h"\n'],
  ];
  for (const [args, stderr] of cases) {
    const before = await fingerprint('a.db');
    const r = await run('a.db', ...args);
    assert.deepEqual([r.code, r.stderr, r.stdout], [1, stderr, ''], args.join(' '));
    assert.equal(await fingerprint('a.db'), before, `${args.join(' ')}: nothing written`);
  }
});

test('cluster create with a bad setting leaves no file, and --force keeps the old cluster', async () => {
  for (const flags of [['--clock', 'frob'], ['--speed', '0'], ['--seed', '1.5']]) {
    const r = await run('new.db', 'cluster', 'create', ...flags);
    assert.equal(r.code, 1, flags.join(' '));
    assert.match(r.stderr, /^error: invalid (clock mode|speed|seed) /);
    assert.equal(existsSync(join(dir, 'new.db')), false, `${flags.join(' ')}: no file left behind`);
  }
  assert.equal((await run('kept.db', 'cluster', 'create', '--clock', 'virtual', '--seed', '7')).code, 0);
  const r = await run('kept.db', 'cluster', 'create', '--force', '--seed', 'abc');
  assert.equal(r.code, 1);
  for (const name of ['KUBEMU_LOCK_TIMEOUT_MS', 'KUBEMU_CATCH_UP_MS']) {
    const bad = await runWith({ [name]: 'soon' }, 'kept.db', 'cluster', 'create', '--force');
    assert.deepEqual([bad.code, bad.stderr], [1, `error: invalid ${name} "soon": must be a whole number of milliseconds\n`]);
  }
  assert.match((await run('kept.db', 'cluster', 'info')).stdout, /Seed:\s+7\n/);
});
