// Issue 11's rows for simulated time that costs only what changes, through bin/kubemu on a cluster
// file as users run it (called from bench/run.mjs; runs alone too: node bench/steady-state.mjs):
//   - 4 healthy pods (the article's Deployment), `cluster advance 7d`: target <= 0.5 s;
//   - wall clock, 4 pods, the next command (`get pods`) after ~24 days idle: target <= 1 s;
//   - 40 pods, 16 of them in CrashLoopBackOff (a stuck rollout scaled to 32), `cluster advance 96h`:
//     target <= 10 s.
// Each figure is the median of BENCH_STEADY_RUNS runs (default 3), each on a fresh copy of a
// prepared cluster file, with the spread, the target, and simulated seconds per wall second.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'kubemu');
const example = (f) => join(root, 'examples', f);
const runs = Number(process.env['BENCH_STEADY_RUNS'] ?? 3);
const Database = createRequire(import.meta.url)(join(root, 'node_modules', 'better-sqlite3'));

const DAY_S = 24 * 3600;

function kubemu(db, args, env = {}) {
  const p = spawnSync(process.execPath, [bin, '--db', db, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`kubemu ${args.join(' ')} failed (${p.status}): ${p.stderr}`);
  return p;
}

/** A copy of a cluster file with its WAL, so that every run starts from the same state. */
function copyCluster(from, to) {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(to + suffix, { force: true });
    if (existsSync(from + suffix)) copyFileSync(from + suffix, to + suffix);
  }
}

/**
 * Median and spread of `runs` timings of `command(db)` (ms), each on a fresh copy of `prepared`;
 * a run slower than `onceAboveMs` is not repeated (the figure is then of one run).
 */
function timeOnCopies(prepared, scratch, command, before = () => {}, onceAboveMs = Infinity) {
  const times = [];
  for (let i = 0; i < runs && !(times[0] > onceAboveMs); i++) {
    copyCluster(prepared, scratch);
    before(scratch);
    const t0 = process.hrtime.bigint();
    command(scratch);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1], runs: times.length };
}

function report(label, t, targetS, simulatedS) {
  const s = (ms) => (ms / 1000).toFixed(2);
  const verdict = t.median <= targetS * 1000 ? 'meets' : 'misses';
  const rate = Math.round(simulatedS / (t.median / 1000)).toLocaleString('en-US');
  console.log(
    `${label}: ${s(t.median)} s (${t.runs > 1 ? `median of ${t.runs}, ${s(t.min)}-${s(t.max)} s` : 'one run, too slow to repeat'}), target <= ${targetS} s (${verdict}), ${rate} simulated s per wall s`,
  );
}

/** The article's app on a new cluster file: its ImageRepository and 4-replica Deployment, rolled out. */
function articleCluster(db, clock) {
  kubemu(db, ['cluster', 'create', ...clock]);
  kubemu(db, ['apply', '-f', example('hello-imagerepository.yaml'), '-f', example('hello-deploy.yaml')]);
}

const dir = mkdtempSync(join(tmpdir(), 'kubemu-bench-steady-'));
try {
  // 4 healthy pods, advance 7d.
  const healthy = join(dir, 'healthy.db');
  articleCluster(healthy, ['--clock', 'virtual', '--seed', '1']);
  kubemu(healthy, ['cluster', 'advance', '2m']);
  report(
    '4 healthy pods (article Deployment), cluster advance 168h (7d)',
    timeOnCopies(healthy, join(dir, 'run.db'), (db) => kubemu(db, ['cluster', 'advance', '168h'])),
    0.5,
    7 * DAY_S,
  );

  // Wall clock, 4 pods, the next command after ~24 days idle. The file is a cluster a user left
  // running: rolled out on a wall clock in real time. Moving its clock's real-time base back by
  // 24 days is what 24 days of nobody running a command leave behind: the clock reads 24 days
  // later than the last catch-up, and `get pods` replays them (the same code path, the same
  // catch-up budget, KUBEMU_CATCH_UP_MS).
  const wall = join(dir, 'wall.db');
  articleCluster(wall, ['--clock', 'wall']);
  kubemu(wall, ['rollout', 'status', 'deployment/hello', '--timeout=2m']);
  const idleMs = 24 * DAY_S * 1000;
  const idle = (db) => {
    const d = new Database(db);
    const row = d.prepare("SELECT value FROM meta WHERE name = 'clock_settings'").get();
    const settings = JSON.parse(row.value);
    settings.createdAtRealMs -= idleMs / settings.speed;
    d.prepare("UPDATE meta SET value = ? WHERE name = 'clock_settings'").run(JSON.stringify(settings));
    d.close();
  };
  let warned = '';
  const wallTimes = timeOnCopies(
    wall,
    join(dir, 'run.db'),
    (db) => {
      warned = kubemu(db, ['get', 'pods']).stderr;
    },
    idle,
  );
  report('wall clock, 4 pods, get pods after 24 days idle', wallTimes, 1, 24 * DAY_S);
  if (warned) console.log(`  (it said: ${warned.trim()})`);

  // 40 pods, 16 in CrashLoopBackOff: the Deployment scaled to 32 and rolled out, then a rolling
  // update (25% surge, 25% unavailable) to hello:1.3, which exits at start without
  // FEATURE_X_ENABLED: 24 old pods Running, 16 new ones crash-looping, the rollout stuck.
  const crash = join(dir, 'crash.db');
  articleCluster(crash, ['--clock', 'virtual', '--seed', '1']);
  kubemu(crash, ['scale', 'deployment', 'hello', '--replicas=32']);
  kubemu(crash, ['cluster', 'advance', '2m']);
  kubemu(crash, ['patch', 'deployment', 'hello', '-p', '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}}}']);
  kubemu(crash, ['set', 'image', 'deployment/hello', 'hello=ghcr.io/example/hello:1.3']);
  kubemu(crash, ['cluster', 'advance', '5m']);
  const statuses = kubemu(crash, ['get', 'pods', '--no-headers']).stdout.trim().split('\n').map((l) => l.split(/\s+/)[2]);
  const count = (s) => statuses.filter((x) => x === s).length;
  report(
    `${statuses.length} pods, ${count('CrashLoopBackOff')} in CrashLoopBackOff (stuck rollout scaled to 32), cluster advance 96h`,
    timeOnCopies(crash, join(dir, 'run.db'), (db) => kubemu(db, ['cluster', 'advance', '96h']), undefined, 30_000),
    10,
    96 * 3600,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
