#!/usr/bin/env node
// kubemu benchmarks (npm run bench). Targets, from issue 3:
//   - a 1,000-replica rolling update in virtual time: wall time well under 2 s;
//   - `kubemu get pods` latency: at most 1.3x a bare `node -e 0`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { rollingUpdateBench } = await import(join(root, 'dist/bench/rolling-update.js'));

const replicas = Number(process.env['BENCH_REPLICAS'] ?? 1000);
const r = rollingUpdateBench(replicas);
console.log(`rolling update of ${replicas} replicas (virtual time ${r.virtualSeconds}s): ${r.wallMs.toFixed(0)} ms wall, ${r.revisions} writes, ${r.steps} instants`);
console.log(`  initial rollout to ${replicas} available: ${r.initialWallMs.toFixed(0)} ms wall`);

/**
 * Median wall time of each command over `runs` runs, the commands taking turns (one run of each per
 * round), so that a slower or faster stretch of the machine weighs on all of them alike.
 */
function timeCommands(commands, env, runs) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((argv, c) => {
      const t0 = process.hrtime.bigint();
      const p = spawnSync(argv[0], argv.slice(1), { env, encoding: 'utf8' });
      const t1 = process.hrtime.bigint();
      if (p.status !== 0) throw new Error(`${argv.join(' ')} failed: ${p.stderr}`);
      times[c].push(Number(t1 - t0) / 1e6);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]);
}

const dir = mkdtempSync(join(tmpdir(), 'kubemu-bench-'));
try {
  const env = { ...process.env, KUBEMU_DB: join(dir, 'cluster.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
  const bin = join(root, 'bin', 'kubemu');
  spawnSync(process.execPath, [bin, 'apply', '-f', join(root, 'examples', 'hello-deploy.yaml')], { env });
  spawnSync(process.execPath, [bin, 'cluster', 'advance', '30s'], { env });
  const runs = Number(process.env['BENCH_RUNS'] ?? 21);
  // The floor a SQLite-backed CLI cannot go under: load better-sqlite3, open the cluster file, one query.
  const floorScript = `const D = require(${JSON.stringify(join(root, 'node_modules', 'better-sqlite3'))}); new D(process.env.KUBEMU_DB).prepare('SELECT count(*) FROM sqlite_master').get();`;
  const [node, floor, get] = timeCommands(
    [
      [process.execPath, '-e', '0'],
      [process.execPath, '-e', floorScript],
      [process.execPath, bin, 'get', 'pods'],
    ],
    env,
    runs,
  );
  console.log(`node -e 0: ${node.toFixed(1)} ms (median of ${runs}, runs taking turns)`);
  console.log(`node opening the cluster file with better-sqlite3 and nothing else: ${floor.toFixed(1)} ms, ${(floor / node).toFixed(2)}x`);
  console.log(`kubemu get pods (4 pods): ${get.toFixed(1)} ms (median of ${runs}), ratio ${(get / node).toFixed(2)}x (target <= 1.3x)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

await import('./steady-state.mjs'); // issue 11: steady state, the idle wall clock, crash loops
(await import(join(root, 'bench', 'large-cluster.mjs'))).largeClusterBench(root);
