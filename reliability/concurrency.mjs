// N processes writing and waiting on one cluster file: each writer scales, sets env and sets the
// image of its own Deployment, and increments a counter on a shared one (read resourceVersion,
// merge patch with it, retry on Conflict); readers run get, rollout status and get -w meanwhile;
// on a virtual clock one more process advances time. At the end the cluster is settled and every
// Deployment must show its last written spec, reached by the controllers (observedGeneration,
// ReplicaSets, pods), the shared counter must count every increment, and the file must be whole.
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Tally, baseEnv, integrity, internalText, must, param, rng, run, scratch, sleep, tornState } from './lib.mjs';

const IMAGE = 'ghcr.io/example/app';

function manifest(name, replicas) {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, annotations: {counter: "0"}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      terminationGracePeriodSeconds: 2
      containers: [{name: c, image: "${IMAGE}:0", env: [{name: ROUND, value: "0"}]}]
`;
}

/** JSON with sorted keys: two views of one object compare equal whatever order each prints. */
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** Everything a settled cluster must show, as a list of problems (empty when it converged). */
export async function convergence(db, env, want, { sharedCount } = {}) {
  const problems = [];
  const get = async (kind) => {
    const r = await run(['get', kind, '-o', 'json'], { db, env });
    if (r.code !== 0) throw new Error(`get ${kind}: ${r.stderr.trim().slice(0, 200)}`);
    return JSON.parse(r.stdout).items;
  };
  let deploys, rss, pods;
  try {
    [deploys, rss, pods] = [await get('deployments'), await get('replicasets'), await get('pods')];
  } catch (e) {
    return [String(e.message)];
  }
  const byName = new Map(deploys.map((d) => [d.metadata.name, d]));
  for (const [name, w] of want) {
    const d = byName.get(name);
    if (d === undefined) {
      problems.push(`${name}: missing`);
      continue;
    }
    const c = d.spec.template.spec.containers[0];
    const round = c.env?.find((e) => e.name === 'ROUND')?.value;
    if (d.spec.replicas !== w.replicas) problems.push(`${name}: spec.replicas ${d.spec.replicas}, last written ${w.replicas}`);
    if (round !== w.round) problems.push(`${name}: env ROUND ${round}, last written ${w.round}`);
    if (c.image !== w.image) problems.push(`${name}: image ${c.image}, last written ${w.image}`);
    const s = d.status ?? {};
    if (s.observedGeneration !== d.metadata.generation) problems.push(`${name}: observedGeneration ${s.observedGeneration}, generation ${d.metadata.generation}`);
    for (const f of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas']) {
      if ((s[f] ?? 0) !== w.replicas) problems.push(`${name}: status.${f} ${s[f] ?? 0}, want ${w.replicas}`);
    }
    const mine = rss.filter((rs) => rs.metadata.ownerReferences?.some((o) => o.uid === d.metadata.uid));
    const current = mine.filter((rs) => JSON.stringify(rs.spec.template.spec.containers[0].env) === JSON.stringify(c.env) && rs.spec.template.spec.containers[0].image === c.image);
    if (current.length !== 1) problems.push(`${name}: ${current.length} ReplicaSets with the current template`);
    for (const rs of mine) {
      const isCurrent = current.includes(rs);
      const wantRs = isCurrent ? w.replicas : 0;
      if (rs.spec.replicas !== wantRs) problems.push(`${name}: ReplicaSet ${rs.metadata.name}${isCurrent ? ' (current)' : ''} spec.replicas ${rs.spec.replicas}, want ${wantRs}`);
      if ((rs.status?.replicas ?? 0) !== wantRs) problems.push(`${name}: ReplicaSet ${rs.metadata.name} status.replicas ${rs.status?.replicas ?? 0}, want ${wantRs}`);
      if (rs.status?.observedGeneration !== rs.metadata.generation) problems.push(`${name}: ReplicaSet ${rs.metadata.name} observedGeneration ${rs.status?.observedGeneration}, generation ${rs.metadata.generation}`);
    }
    const rsUids = new Set(mine.map((rs) => rs.metadata.uid));
    const running = pods.filter((p) => p.metadata.ownerReferences?.some((o) => rsUids.has(o.uid)));
    const live = running.filter((p) => p.metadata.deletionTimestamp === undefined);
    if (live.length !== w.replicas) problems.push(`${name}: ${live.length} pods, want ${w.replicas}`);
    if (running.length !== live.length) problems.push(`${name}: ${running.length - live.length} pods still terminating`);
    for (const p of live) {
      const ready = p.status?.conditions?.find((x) => x.type === 'Ready')?.status === 'True';
      if (p.status?.phase !== 'Running' || !ready) problems.push(`${name}: pod ${p.metadata.name} ${p.status?.phase}${ready ? '' : ' not Ready'}`);
      if (p.spec.containers[0].image !== w.image) problems.push(`${name}: pod ${p.metadata.name} runs ${p.spec.containers[0].image}`);
    }
  }
  if (sharedCount !== undefined) {
    const shared = byName.get('shared');
    const counter = Number(shared?.metadata.annotations?.counter);
    if (counter !== sharedCount) problems.push(`shared: counter ${shared?.metadata.annotations?.counter}, ${sharedCount} increments succeeded (a lost update)`);
  }
  // etcdctl reads the same objects get does (nothing torn between the two views)
  const e = await run(['etcdctl', 'get', '--prefix', '/registry/deployments/default/'], { db, env });
  if (e.code !== 0) problems.push(`etcdctl get: ${e.stderr.trim().slice(0, 200)}`);
  else {
    const lines = e.stdout.split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const name = lines[i].split('/').pop();
      try {
        const v = JSON.parse(lines[i + 1]);
        const d = byName.get(name);
        if (d !== undefined && canon(v.spec) !== canon(d.spec)) problems.push(`${name}: etcdctl's spec differs from get's`);
      } catch {
        problems.push(`etcdctl get: value of ${lines[i]} is not JSON`);
      }
    }
  }
  return problems;
}

/** Writers, readers (and an advancer on a virtual clock) on one file; then settle and check. */
export async function concurrency(tally, { clock, speed }) {
  const label = clock === 'virtual' ? 'virtual' : `wall x${speed}`;
  const started = Date.now();
  const writers = param('processes', 8);
  const rounds = param('rounds', 5);
  const random = rng(param('seed', 1) + (clock === 'virtual' ? 0 : speed));
  const dir = scratch('concurrency');
  const db = join(dir, 'cluster.db');
  const env = baseEnv({ HOME: dir });
  const createArgs = clock === 'virtual' ? ['--clock', 'virtual', '--seed', '1'] : ['--clock', 'wall', '--speed', String(speed)];
  await must(['cluster', 'create', '--db', db, ...createArgs], { env });
  // each writer owns a few Deployments and works on them in turn: what gets lost shows only in a
  // Deployment's last write (a later one heals an earlier loss), so more Deployments, more chances
  const perWriter = param('deployments', 5);
  const owned = Array.from({ length: writers }, (_, i) => Array.from({ length: perWriter }, (_, j) => `w${i}-${j}`));
  const names = owned.flat();
  writeFileSync(join(dir, 'deploys.yaml'), [...names, 'shared'].map((n) => manifest(n, 1)).join('---\n'));
  await must(['apply', '-f', join(dir, 'deploys.yaml')], { db, env });

  const want = new Map(names.map((n) => [n, { replicas: 1, round: '0', image: `${IMAGE}:0` }]));
  let writes = 0;
  let conflicts = 0;
  let sharedCount = 0;
  const errors = [];
  const note = (what, r) => {
    const bad = internalText(r.stdout + r.stderr);
    if (r.code !== 0 || bad.length > 0) errors.push(`${what}: exit ${r.code ?? r.signal}${bad.length ? ` (${bad.join(', ')})` : ''}: ${(r.stderr || r.stdout).trim().split('\n')[0].slice(0, 200)}`);
    return r.code === 0;
  };
  const k = (args, opts) => run(args, { db, env, timeoutMs: 120_000, ...opts });
  // writers' processes, for the staller below
  const live = new Set();
  const kw = async (args) => {
    let child;
    const r = run(args, { db, env, timeoutMs: 120_000, onSpawn: (c) => { child = c; live.add(c); } });
    const done = await r;
    live.delete(child);
    return done;
  };

  const writer = async (mine, i) => {
    for (let round = 1; round <= rounds; round++) {
      const name = mine[(round - 1) % mine.length];
      const replicas = random.int(0, 3);
      if (note(`scale ${name}`, await kw(['scale', `deployment/${name}`, `--replicas=${replicas}`]))) {
        want.get(name).replicas = replicas;
        writes++;
      }
      if (note(`set env ${name}`, await kw(['set', 'env', `deployment/${name}`, `ROUND=${round}`]))) {
        want.get(name).round = String(round);
        writes++;
      }
      if (random.next() < 0.5 && note(`set image ${name}`, await kw(['set', 'image', `deployment/${name}`, `c=${IMAGE}:${round}`]))) {
        want.get(name).image = `${IMAGE}:${round}`;
        writes++;
      }
      if (i % 2 === 0) {
        // read-modify-write with the resourceVersion: a Conflict means someone else got there first
        for (let attempt = 0; attempt < 50; attempt++) {
          const g = await kw(['get', 'deployment', 'shared', '-o', 'jsonpath={.metadata.resourceVersion} {.metadata.annotations.counter}']);
          if (!note('get shared', g)) break;
          const [rv, counter] = g.stdout.split(' ');
          const patch = JSON.stringify({ metadata: { resourceVersion: rv, annotations: { counter: String(Number(counter) + 1) } } });
          const p = await kw(['patch', 'deployment', 'shared', '--type', 'merge', '-p', patch]);
          if (p.code === 0) {
            sharedCount++;
            writes++;
            break;
          }
          if (/\(Conflict\)/.test(p.stderr)) {
            conflicts++;
            continue;
          }
          note('patch shared', p);
          break;
        }
      }
    }
  };
  let done = false;
  let reads = 0;
  let maxGetMs = 0;
  const reader = async (j) => {
    while (!done) {
      const which = (reads + j) % 3;
      reads++;
      if (which === 0) {
        const r = await k(['get', 'deployments', '-o', 'json']);
        maxGetMs = Math.max(maxGetMs, r.ms);
        if (note('get deployments -o json', r)) {
          try {
            JSON.parse(r.stdout);
          } catch {
            errors.push('get deployments -o json: not JSON');
          }
        }
      } else if (which === 1) {
        const r = await k(['rollout', 'status', `deployment/${random.pick(names)}`, '--timeout=5s']);
        // a rollout that has not finished in 5 s is not an error of the emulator
        if (!(r.code === 1 && /timed out|exceeded/.test(r.stderr))) note('rollout status', r);
      } else {
        note('get -w', await k(['get', 'deployments', '-w', '--request-timeout=2s']));
      }
    }
  };
  const advancer = async () => {
    while (!done) {
      note('cluster advance', await k(['cluster', 'advance', `${random.int(1, 4)}s`]));
      await sleep(50);
    }
  };
  // a loaded machine preempts processes: stop a writer for a moment (SIGSTOP, then SIGCONT), so
  // that it commits with a timestamp read well before other processes' later writes
  const staller = async () => {
    while (!done) {
      await sleep(random.int(100, 400));
      const victims = [...live];
      if (victims.length === 0) continue;
      const c = random.pick(victims);
      try {
        c.kill('SIGSTOP');
        stalls++;
        await sleep(random.int(100, 1000));
      } finally {
        try { c.kill('SIGCONT'); } catch { /* gone */ }
      }
    }
  };
  let stalls = 0;
  const readers = [0, 1, 2].map(reader);
  if (param('stalls', 1) !== 0) readers.push(staller());
  if (clock === 'virtual') readers.push(advancer());
  await Promise.all(owned.map(writer));
  done = true;
  await Promise.all(readers);
  const settleStart = Date.now();

  // settle: on a virtual clock let ten minutes pass; on a wall clock wait until it converges
  let problems = [];
  let boundS;
  if (clock === 'virtual') {
    note('cluster advance (settle)', await k(['cluster', 'advance', '10m']));
    problems = await convergence(db, env, want, { sharedCount });
  } else {
    // a healthy cluster settles these small rollouts (at most 3 replicas, pods ready in seconds)
    // within 2 minutes of cluster time; one that needs longer was woken by an unrelated event
    boundS = Math.max(6, param('settle-cluster-seconds', 120) / speed);
    const deadline = Date.now() + boundS * 1000;
    do {
      await sleep(1000);
      problems = await convergence(db, env, want, { sharedCount });
    } while (problems.length > 0 && Date.now() < deadline);
  }
  tally.check(`${label}: every command of ${writers} writers (${names.length} Deployments) and 3 readers exited cleanly`, errors.length === 0, `${errors.length} errors, e.g. ${errors.slice(0, 5).join(' | ')}`);
  tally.check(`${label}: the settled cluster matches every last write (spec, ReplicaSets, pods, observedGeneration, shared counter, etcdctl)`, problems.length === 0, `${problems.length} problems${boundS !== undefined ? ` after ${boundS} s of settling` : ''}: ${problems.slice(0, 8).join('; ')}`);
  // a read should not queue behind writers for long (the file's lock is for writes)
  const maxReadMs = param('max-read-ms', 10000);
  tally.check(`${label}: the slowest get took under ${maxReadMs} ms`, maxGetMs < maxReadMs, `${maxGetMs} ms`);
  const torn = tornState(db);
  tally.check(`${label}: kv and the revision log agree (no torn state)`, torn.length === 0, torn.slice(0, 5).join('; '));
  const ok = integrity(db);
  tally.check(`${label}: PRAGMA integrity_check`, ok === 'ok', ok);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const settled = ((Date.now() - settleStart) / 1000).toFixed(1);
  tally.figures[`concurrency ${label}`] = `${writes} writes (${sharedCount} shared increments, ${conflicts} Conflicts retried), ${reads} reads (slowest get ${maxGetMs} ms), ${stalls} writers stopped a moment, ${secs} s (settling ${settled} s)`;
  if (!process.env.RELIABILITY_KEEP) rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = new Tally('concurrency');
  for (const m of [{ clock: 'wall', speed: 5 }, { clock: 'wall', speed: 20 }, { clock: 'virtual' }]) {
    await concurrency(t, m);
  }
  for (const [k, v] of Object.entries(t.figures)) console.log(`${k}: ${v}`);
  console.log(`${t.passed} passed, ${t.failed} failed`);
  process.exit(t.failed > 0 ? 1 : 0);
}
