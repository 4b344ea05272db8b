// `npm run reliability`: the three parts of the reliability suite against bin/kubemu, each on
// its own scratch cluster files; a line per failed check, the figures, then `N passed, N failed`
// (exit 1 on any failure). Not part of `npm test`: it takes minutes and real time.
//
//   node reliability/run.mjs [--only corpus|concurrency|kill9] [--processes 8] [--deployments 5] [--rounds 5]
//        [--kills 8] [--seed 1] [--case-timeout 15] [--jobs 2] [--max-read-ms 10000]
// Every flag can also be given as RELIABILITY_<NAME> (RELIABILITY_ROUNDS=2); RELIABILITY_VERBOSE=1
// prints the passing checks too, RELIABILITY_KEEP=1 keeps the scratch files, --stalls 0 turns off
// stopping writers for a moment (SIGSTOP/SIGCONT) during the concurrency part.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, Tally, param } from './lib.mjs';
import { badInput } from './bad-input.mjs';
import { concurrency } from './concurrency.mjs';
import { kill9 } from './kill9.mjs';

if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) {
  console.error('error: kubemu is not built: run `npm run build` first');
  process.exit(1);
}

const only = param('only', '');
const parts = [];
const started = Date.now();
const want = (name) => only === '' || only.split(',').includes(name);
const seed = param('seed', 1);
console.log(`reliability: seed ${seed}, ${param('processes', 8)} writers, ${param('rounds', 5)} rounds, ${param('kills', 8)} kills`);

if (want('corpus')) {
  const t = new Tally('corpus');
  console.log('bad-input corpus...');
  await badInput(t);
  parts.push(t);
}
if (want('concurrency')) {
  const t = new Tally('concurrency');
  for (const m of [{ clock: 'wall', speed: 5 }, { clock: 'wall', speed: 20 }, { clock: 'virtual' }]) {
    console.log(`concurrency, ${m.clock === 'wall' ? `wall x${m.speed}` : 'virtual'}...`);
    await concurrency(t, m);
  }
  parts.push(t);
}
if (want('kill9')) {
  const t = new Tally('kill9');
  const kills = param('kills', 8);
  console.log('kill -9, virtual...');
  await kill9(t, { clock: 'virtual', kills });
  console.log('kill -9, wall x10...');
  await kill9(t, { clock: 'wall', speed: 10, kills: Math.max(1, Math.ceil(kills / 2)) });
  parts.push(t);
}

console.log('');
for (const t of parts) {
  console.log(`${t.part}: ${t.passed} passed, ${t.failed} failed`);
  for (const [k, v] of Object.entries(t.figures)) console.log(`  ${k}: ${v}`);
}
const passed = parts.reduce((n, t) => n + t.passed, 0);
const failed = parts.reduce((n, t) => n + t.failed, 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
