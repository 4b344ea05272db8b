/**
 * kubectl diff on a virtual-clock cluster is a function of the simulated world: the same
 * commands with the same seed print the same bytes, temp directory numbers and `---`/`+++`
 * time stamps included; the time stamps are the cluster's time (what `cluster info` prints,
 * to the millisecond); a clash with a directory already in $TMPDIR takes the next number of
 * the same sequence. Run in-process against fresh cluster files (seed 1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { setFileTime } from '../../../src/kubectl/cmd/diff/file-times.js';

interface Run {
  stdout: string;
  stderr: string;
  code: number;
}

/** diff's time stamps are in the process's local time, as GNU diff's: UTC for these tests unless said. */
async function inTz<T>(tz: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env['TZ'];
  process.env['TZ'] = tz;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  }
}

interface Sandbox {
  dir: string;
  tmp: string;
  kubectl(...args: string[]): Promise<Run>;
  kubectlIn(tz: string, ...args: string[]): Promise<Run>;
}

function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-diff-det-'));
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  const kubectlIn = (tz: string, ...args: string[]): Promise<Run> =>
    inTz(tz, async () => {
      const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', TMPDIR: tmp, TZ: tz };
      const { io, output } = bufferIO({ cwd: dir, env });
      const code = await main(['node', 'kubectl', ...args], io);
      return { ...output, code };
    });
  return { dir, tmp, kubectl: (...args) => kubectlIn('UTC', ...args), kubectlIn };
}

const configMap = (name: string, value: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  key: ${value}\n`;

/** A session: apply, advance 30.25 s, change the file, diff; the diff's output (the sandbox shown as <dir>) and cluster info's. */
async function session(): Promise<{ diff: Run; info: string }> {
  const { dir, kubectl } = sandbox();
  try {
    writeFileSync(join(dir, 'cm.yaml'), configMap('settings', 'one'));
    assert.equal((await kubectl('apply', '-f', 'cm.yaml')).code, 0);
    assert.equal((await kubectl('cluster', 'advance', '30250ms')).code, 0);
    writeFileSync(join(dir, 'cm.yaml'), configMap('settings', 'two'));
    const diff = await kubectl('diff', '-f', 'cm.yaml');
    const info = (await kubectl('cluster', 'info')).stdout;
    return { diff: { ...diff, stdout: diff.stdout.split(dir).join('<dir>') }, info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the same commands with the same seed: byte-identical diffs, headers included, stamped with cluster time', async () => {
  const first = await session();
  const second = await session();
  assert.equal(first.diff.code, 1);
  assert.equal(first.diff.stderr, '');
  assert.equal(second.diff.stdout, first.diff.stdout);
  // The headers show cluster time, the same instant for both files (the virtual clock stands
  // still during the command): cluster info's Time, which has whole seconds; the apply's requests
  // took 20 ms of it.
  assert.match(first.info, /^Time: +2026-10-26T19:00:30Z$/m);
  const headers = first.diff.stdout.split('\n').filter((l) => /^(---|\+\+\+) /.test(l));
  assert.equal(headers.length, 2);
  assert.match(headers[0]!, /^--- <dir>\/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.settings\t2026-10-26 19:00:30\.270000000 \+0000$/);
  assert.match(headers[1]!, /^\+\+\+ <dir>\/tmp\/MERGED-\d+\/v1\.ConfigMap\.default\.settings\t2026-10-26 19:00:30\.270000000 \+0000$/);
});

test('the header time is the cluster time to the millisecond, in the process\'s time zone', async () => {
  const { dir, kubectl, kubectlIn } = sandbox();
  const stamps = (r: Run) => [...r.stdout.matchAll(/^(?:---|\+\+\+) \S+\t(.*)$/gm)].map((m) => m[1]!);
  try {
    // Nothing applied: a new cluster's time is its epoch, untouched by requests.
    writeFileSync(join(dir, 'cm.yaml'), configMap('settings', 'one'));
    assert.match((await kubectl('cluster', 'info')).stdout, /^Time: +2026-10-26T19:00:00Z$/m);
    assert.deepEqual(stamps(await kubectl('diff', '-f', 'cm.yaml')), ['2026-10-26 19:00:00.000000000 +0000', '2026-10-26 19:00:00.000000000 +0000']);
    assert.equal((await kubectl('cluster', 'advance', '1001ms')).stdout, 'cluster time: 2026-10-26T19:00:01Z\n');
    assert.deepEqual(stamps(await kubectl('diff', '-f', 'cm.yaml')), ['2026-10-26 19:00:01.001000000 +0000', '2026-10-26 19:00:01.001000000 +0000']);
    // The process's TZ, as diff(1) started by kubectl: the same instant seen from UTC+3.
    assert.deepEqual(stamps(await kubectlIn('Europe/Moscow', 'diff', '-f', 'cm.yaml')), ['2026-10-26 22:00:01.001000000 +0300', '2026-10-26 22:00:01.001000000 +0300']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('temp directory numbers move with the cluster, and a clash takes the next of the same sequence', async () => {
  const names = (r: Run) => [...r.stdout.matchAll(/^diff -u -N \S+\/(LIVE-\d+)\/\S+ \S+\/(MERGED-\d+)\//gm)].flatMap((m) => [m[1]!, m[2]!]);
  const runs = async (): Promise<string[][]> => {
    const { dir, tmp, kubectl } = sandbox();
    try {
      writeFileSync(join(dir, 'cm.yaml'), configMap('settings', 'one'));
      const before = names(await kubectl('diff', '-f', 'cm.yaml'));
      const again = names(await kubectl('diff', '-f', 'cm.yaml'));
      // Another diff's directory (or one left by a killed run) holds the LIVE name.
      mkdirSync(join(tmp, before[0]!));
      const clashed = names(await kubectl('diff', '-f', 'cm.yaml'));
      assert.deepEqual(readdirSync(tmp), [before[0]!]);
      assert.equal((await kubectl('cluster', 'advance', '1ms')).code, 0);
      const later = names(await kubectl('diff', '-f', 'cm.yaml'));
      return [before, again, clashed, later];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const [before, again, clashed, later] = await runs();
  assert.equal(before!.length, 2);
  // Nothing happened in between: the same names.
  assert.deepEqual(again, before);
  // The clash: another LIVE number, the same MERGED one.
  assert.notEqual(clashed![0], before![0]);
  assert.equal(clashed![1], before![1]);
  // A millisecond later: other numbers for both.
  assert.notEqual(later![0], before![0]);
  assert.notEqual(later![1], before![1]);
  // And all of it again from a fresh cluster with the same seed.
  assert.deepEqual(await runs(), [before, again, clashed, later]);
});

test('setFileTime: the file reads back as exactly the milliseconds given', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-file-time-'));
  try {
    const path = join(dir, 'f');
    writeFileSync(path, '');
    // 1793039005.906 as a double is 1793039005.9059999...: utimes(ms / 1000) reads back as .905999000.
    for (const ms of [1793039005906, 1793041230250, 1793041230000, 1793041230001, 4102444799999]) {
      setFileTime(path, ms);
      assert.equal(statSync(path, { bigint: true }).mtimeNs, BigInt(ms) * 1_000_000n, String(ms));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
