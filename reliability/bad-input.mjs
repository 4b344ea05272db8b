// The bad-input corpus (corpus/cases.txt, inputs in corpus/files/ and generated ones), and the
// cases that need more than one command: builtin-named keys round-tripping, files that are not a
// cluster, a read-only cluster file, a namespace deleted with a pod in it, Events past their TTL.
// Every case runs on its own copy of one small virtual-clock cluster, so a case that writes when it
// should not cannot disturb the next one.
import { copyFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BIN, ROOT, baseEnv, fingerprint, internalLine, internalText, kubectlStyleError, must, param, run, scratch } from './lib.mjs';

const CORPUS = join(ROOT, 'reliability', 'corpus');
const require = createRequire(join(ROOT, 'package.json'));
const Database = require('better-sqlite3');

/** The cases of cases.txt: {line, expect, command}. */
export function readCases() {
  return readFileSync(join(CORPUS, 'cases.txt'), 'utf8')
    .split('\n')
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((c) => c.text !== '' && !c.text.startsWith('#'))
    .map((c) => {
      const m = /^(ok|fail)\s+(.*)$/.exec(c.text);
      if (!m) throw new Error(`cases.txt:${c.line}: expected "ok|fail COMMAND": ${c.text}`);
      return { line: c.line, expect: m[1], command: m[2] };
    });
}

/** Inputs too big or too deep to keep in the repository. */
function generate(dir) {
  mkdirSync(dir, { recursive: true });
  // the "billion laughs": 9 levels of 9 aliases each, 9^9 strings if expanded
  const bomb = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: bomb}', 'x:', '  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= 9; i++) bomb.push(`  a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  bomb.push('data: {a: b}');
  writeFileSync(join(dir, 'alias-bomb.yaml'), bomb.join('\n') + '\n');
  const deepJson = (n) => '{"x":'.repeat(n) + '1' + '}'.repeat(n);
  writeFileSync(join(dir, 'deep-20000.json'), `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{"a":"b"},"x":${deepJson(20000)}}\n`);
  writeFileSync(join(dir, 'deep-patch-20000.json'), `{"metadata":{"annotations":{"a":"b"}},"x":${deepJson(20000)}}\n`);
  writeFileSync(join(dir, 'deep-20000.yaml'), `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\ndata: {a: b}\nx: ${'['.repeat(20000)}${']'.repeat(20000)}\n`);
  // 150 levels in block style: deep, but well within what kubectl accepts (it must apply)
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: deep150}', 'data: {a: b}', 'x:'];
  for (let i = 1; i < 150; i++) lines.push(`${'  '.repeat(i)}x${i}:`);
  lines.push(`${'  '.repeat(150)}leaf: 1`);
  writeFileSync(join(dir, 'deep-150.yaml'), lines.join('\n') + '\n');
}

/** The cluster every case starts from, checkpointed so that copying the main file copies it all. */
async function makeBase(dir) {
  const db = join(dir, 'base.db');
  const env = baseEnv({ HOME: dir });
  await must(['cluster', 'create', '--db', db, '--clock', 'virtual', '--seed', '1'], { env });
  await must(['apply', '-f', join(ROOT, 'examples', 'hello-deploy.yaml')], { db, env });
  await must(['create', 'configmap', 'cm1', '--from-literal=a=b'], { db, env });
  await must(['create', 'namespace', 'team'], { db, env });
  await must(['cluster', 'advance', '2m'], { db, env });
  const d = new Database(db);
  d.pragma('wal_checkpoint(TRUNCATE)');
  d.close();
  return db;
}

const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Checks one failed command: non-zero, kubectl's words, no internal text. Returns the problems. */
function refusal(r) {
  const p = [];
  if (r.timedOut) p.push(`still running after ${r.ms} ms (killed)`);
  else if (r.code === 0) p.push('exit 0');
  if (!r.timedOut && r.code !== 0 && !kubectlStyleError(r.stderr)) p.push(`stderr not kubectl-style: ${JSON.stringify(r.stderr.split('\n')[0].slice(0, 160))}`);
  const bad = internalText(r.stdout + r.stderr);
  if (bad.length > 0) p.push(`internal text ${bad.join(', ')}: ${JSON.stringify(internalLine(r.stdout + r.stderr).slice(0, 200))}`);
  return p;
}

function success(r) {
  const p = [];
  if (r.timedOut) p.push(`still running after ${r.ms} ms (killed)`);
  else if (r.code !== 0) p.push(`exit ${r.code ?? r.signal}: ${JSON.stringify(r.stderr.split('\n')[0].slice(0, 200))}`);
  const bad = internalText(r.stdout + r.stderr);
  if (bad.length > 0) p.push(`internal text ${bad.join(', ')}`);
  return p;
}

/** One line of cases.txt on its own copy of the base cluster: the problems found. */
async function runCase(c, { dir, gen, base, baseFp, files, timeoutMs, w }) {
  const db = join(dir, `case-${w}.db`);
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  copyFileSync(base, db);
  const fresh = join(dir, `new-${w}.db`);
  rmSync(fresh, { force: true });
  const env = baseEnv({ HOME: dir, K: `${BIN} --db ${db}`, KUBEMU: BIN, GEN: gen, NEW: fresh });
  const r = await run(c.command, { shell: true, cwd: files, env, timeoutMs });
  const problems = c.expect === 'fail' ? refusal(r) : success(r);
  if (c.expect === 'fail') {
    const fp = fingerprint(db, { readonly: false });
    if (fp.hash !== baseFp.hash) problems.push(`the cluster file changed (revision ${baseFp.revision} -> ${fp.revision})`);
    if (existsSync(fresh)) problems.push('created a cluster file');
  }
  // whatever the case stored, the cluster still answers (a bad object must not wedge it)
  if (!r.timedOut) {
    const after = await run(['get', 'deployments,replicasets,pods,configmaps', '-A'], { db, env, timeoutMs });
    if (after.code !== 0 || internalText(after.stderr).length > 0) problems.push(`then get -A: exit ${after.code ?? after.signal}: ${JSON.stringify(after.stderr.trim().split('\n')[0].slice(0, 160))}`);
  }
  return problems;
}

export async function badInput(tally) {
  const started = Date.now();
  const timeoutMs = param('case-timeout', 15) * 1000;
  const dir = scratch('corpus');
  const gen = join(dir, 'gen');
  generate(gen);
  const base = await makeBase(dir);
  const baseFp = fingerprint(base);
  const files = join(CORPUS, 'files');
  const cases = readCases();
  const only = param('only-case', '');
  const todo = cases.filter((c) => only === '' || c.command.includes(only));
  // a few cases at a time, each worker with its own copy and its own would-be new file
  const workers = Math.max(1, param('jobs', 2));
  let next = 0;
  const results = new Map();
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    while (next < todo.length) {
      const c = todo[next++];
      results.set(c, await runCase(c, { dir, gen, base, baseFp, files, timeoutMs, w }));
    }
  }));
  for (const c of todo) {
    const problems = results.get(c);
    tally.check(`cases.txt:${c.line} ${c.expect} ${c.command}`, problems.length === 0, problems.join('; '));
  }
  let n = todo.length;
  n += await specialCases(tally, { dir, base, timeoutMs });
  if (!process.env.RELIABILITY_KEEP) rmSync(dir, { recursive: true, force: true });
  tally.figures.corpus = `${n} cases (${cases.length} in cases.txt), ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** Cases that take more than one command. Returns how many there were. */
async function specialCases(tally, { dir, base, timeoutMs }) {
  const env = baseEnv({ HOME: dir });
  const copy = (name) => {
    const db = join(dir, name);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    copyFileSync(base, db);
    return db;
  };
  const k = (db, args, opts = {}) => run(args, { db, env, timeoutMs, cwd: join(CORPUS, 'files'), ...opts });
  let n = 0;
  const check = (name, problems) => {
    n++;
    tally.check(name, problems.length === 0, problems.join('; '));
  };

  // keys named after Object.prototype members are data like any other: they round-trip
  {
    const db = copy('keys.db');
    const p = [];
    let r = await k(db, ['apply', '-f', 'builtin-keys.yaml']);
    p.push(...success(r));
    r = await k(db, ['get', 'cm', 'builtin-keys', '-o', 'json']);
    try {
      const o = JSON.parse(r.stdout);
      // JSON.parse makes `__proto__` an own key, as a decoded manifest has it
      const wantData = JSON.parse('{"__proto__":"one","constructor":"two","toString":"three","hasOwnProperty":"four","valueOf":"five"}');
      const got = Object.entries(o.data ?? {}).sort();
      const exp = Object.entries(wantData).sort();
      if (JSON.stringify(got) !== JSON.stringify(exp)) p.push(`data ${JSON.stringify(got)}`);
      const labels = Object.entries(o.metadata?.labels ?? {}).sort();
      if (JSON.stringify(labels) !== JSON.stringify([['constructor', 'a'], ['hasOwnProperty', 'c'], ['toString', 'b'], ['valueOf', 'd']])) p.push(`labels ${JSON.stringify(labels)}`);
    } catch {
      p.push(`get -o json: ${JSON.stringify((r.stderr || r.stdout).slice(0, 200))}`);
    }
    r = await k(db, ['apply', '-f', 'builtin-keys.yaml']);
    if (r.stdout.trim() !== 'configmap/builtin-keys unchanged') p.push(`second apply: ${JSON.stringify((r.stdout + r.stderr).trim().slice(0, 200))}`);
    r = await k(db, ['get', 'cm', '-l', 'constructor=a,toString=b', '-o', 'name']);
    if (r.stdout.trim() !== 'configmap/builtin-keys') p.push(`-l constructor=a: ${JSON.stringify((r.stdout + r.stderr).trim().slice(0, 200))}`);
    r = await k(db, ['patch', 'cm', 'builtin-keys', '--type', 'merge', '-p', '{"data":{"__proto__":"z","constructor":null}}']);
    p.push(...success(r));
    r = await k(db, ['get', 'cm', 'builtin-keys', '-o', 'jsonpath={.data.__proto__}|{.data.toString}|{.data.constructor}']);
    if (r.stdout !== 'z|three|') p.push(`after patch: ${JSON.stringify((r.stdout + r.stderr).slice(0, 200))}`);
    check('builtin-named keys (__proto__, constructor, toString, ...) round-trip through apply, get, -l, patch', p);
  }

  // a file that is not a cluster is refused and left as it was
  for (const [name, make] of [
    ['notes.db (an SQLite file of something else)', (f) => {
      const d = new Database(f);
      d.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('buy milk');");
      d.close();
    }],
    ['a text file', (f) => writeFileSync(f, 'these are my notes\n')],
    ['a truncated cluster file', (f) => writeFileSync(f, readFileSync(base).subarray(0, 12288))],
    ['a cluster file with garbage in its pages', (f) => {
      const b = Buffer.from(readFileSync(base));
      for (let i = 4096; i < b.length; i += 997) b[i] = (b[i] + 77) & 0xff;
      writeFileSync(f, b);
    }],
  ]) {
    const f = join(dir, 'other.db');
    for (const x of [f, `${f}-wal`, `${f}-shm`]) rmSync(x, { force: true });
    make(f);
    const before = sha(f);
    const p = [];
    for (const args of [['get', 'pods'], ['apply', '-f', join(ROOT, 'examples', 'hello-deploy.yaml')], ['cluster', 'info']]) {
      const r = await k(f, args);
      const q = refusal(r);
      if (q.length > 0) p.push(`${args[0]}: ${q.join(', ')}`);
    }
    if (sha(f) !== before) p.push('the file changed');
    if (existsSync(`${f}-wal`) && statSync(`${f}-wal`).size > 0) p.push('a -wal file was written');
    check(`--db on ${name}: refused in kubectl's words, file untouched`, p);
  }

  // a read-only cluster file can be read; a write is refused in kubectl's words
  {
    const rodir = join(dir, 'ro');
    mkdirSync(rodir, { recursive: true });
    const db = join(rodir, 'cluster.db');
    copyFileSync(base, db);
    chmodSync(db, 0o444);
    chmodSync(rodir, 0o555);
    chmodSync(dir, 0o755);
    // root writes through file modes: run as nobody then
    const uid = process.getuid?.() === 0 ? 65534 : undefined;
    const roEnv = baseEnv({ HOME: rodir });
    const before = sha(db);
    const p = [];
    let r = await run(['get', 'deploy', 'hello', '-o', 'name'], { db, env: roEnv, timeoutMs, uid });
    if (r.code !== 0 || r.stdout.trim() !== 'deployment.apps/hello') p.push(`get: exit ${r.code}: ${JSON.stringify((r.stderr || r.stdout).trim().slice(0, 200))}`);
    r = await run(['get', 'pods'], { db, env: roEnv, timeoutMs, uid });
    if (r.code !== 0) p.push(`get pods: exit ${r.code}: ${JSON.stringify(r.stderr.trim().slice(0, 200))}`);
    r = await run(['scale', 'deploy', 'hello', '--replicas=2'], { db, env: roEnv, timeoutMs, uid });
    const q = refusal(r);
    if (q.length > 0) p.push(`scale: ${q.join(', ')}`);
    if (sha(db) !== before) p.push('the file changed');
    check(`a read-only cluster file${uid !== undefined ? ' (as nobody)' : ''}: get works, scale refused in kubectl's words`, p);
    chmodSync(rodir, 0o755);
  }

  // deleting a namespace with a pod in it finishes; later commands work
  {
    const db = copy('ns.db');
    const p = [];
    const steps = [
      ['create', 'namespace', 'doomed'],
      ['-n', 'doomed', 'run', 'p', '--image=nginx'],
      ['-n', 'doomed', 'create', 'deployment', 'd', '--image=nginx', '--replicas=2'],
      ['cluster', 'advance', '30s'],
      ['delete', 'namespace', 'doomed', '--timeout=5m'],
    ];
    for (const args of steps) {
      const r = await k(db, args);
      const q = success(r);
      if (q.length > 0) p.push(`${args.join(' ')}: ${q.join(', ')}`);
    }
    let r = await k(db, ['get', 'namespace', 'doomed']);
    if (!/NotFound/.test(r.stderr)) p.push(`get namespace doomed after delete: ${JSON.stringify((r.stdout + r.stderr).trim().slice(0, 200))}`);
    for (const args of [['get', 'pods', '-A'], ['create', 'namespace', 'doomed'], ['-n', 'doomed', 'run', 'p', '--image=nginx'], ['cluster', 'advance', '30s'], ['-n', 'doomed', 'get', 'pod', 'p', '-o', 'jsonpath={.status.phase}']]) {
      r = await k(db, args);
      const q = success(r);
      if (q.length > 0) p.push(`then ${args.join(' ')}: ${q.join(', ')}`);
    }
    if (r.stdout !== 'Running') p.push(`the new pod is ${JSON.stringify(r.stdout)}`);
    check('a namespace deleted with a pod and a Deployment in it goes away; later commands work', p);
  }

  // Events live an hour (kube-apiserver's --event-ttl): two hours on, the first ones are gone
  {
    const db = copy('ttl.db');
    const p = [];
    const now = Date.parse((await k(db, ['cluster', 'info'])).stdout.match(/Time:\s+(\S+)/)?.[1] ?? '');
    let r = await k(db, ['cluster', 'advance', '2h']);
    p.push(...success(r));
    r = await k(db, ['get', 'events', '-A', '-o', 'json']);
    try {
      const old = JSON.parse(r.stdout).items.filter((e) => Date.parse(e.lastTimestamp ?? e.eventTime ?? e.metadata.creationTimestamp) <= now);
      if (old.length > 0) p.push(`${old.length} events from before the advance still there (e.g. ${old[0].metadata.namespace}/${old[0].metadata.name})`);
    } catch {
      p.push(`get events: ${JSON.stringify((r.stderr || r.stdout).slice(0, 200))}`);
    }
    check('Events older than the 1 h TTL are gone', p);
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { Tally } = await import('./lib.mjs');
  const t = new Tally('corpus');
  await badInput(t);
  console.log(`corpus: ${t.figures.corpus}`);
  console.log(`${t.passed} passed, ${t.failed} failed`);
  process.exit(t.failed > 0 ? 1 : 0);
}
