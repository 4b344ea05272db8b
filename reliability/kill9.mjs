// kill -9 during drills: rounds of three drills at once (apply, scale, scale up to tens of pods,
// set image, rollout status, delete --cascade, get -w, cluster advance), each on its own
// Deployment, and a SIGKILL to one of them at a random moment (seeded). After every kill: PRAGMA
// integrity_check, kv and the log agree, every killed write took effect whole or not at all,
// commands still work, and once settled the controllers have brought every Deployment, its
// ReplicaSets and pods to its spec (a Deployment being deleted must be gone, with its pods).
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Tally, baseEnv, integrity, internalText, killGroup, must, param, rng, run, scratch, sleep, tornState } from './lib.mjs';
import { convergence } from './concurrency.mjs';

const IMAGE = 'ghcr.io/example/drill';
const DEPLOYS = ['d0', 'd1', 'd2', 'd3', 'd4'];

function manifest(name, replicas, tag) {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, labels: {app: ${name}}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      terminationGracePeriodSeconds: 3
      containers: [{name: c, image: "${IMAGE}:${tag}", env: [{name: ROUND, value: "0"}]}]
`;
}

/** The state of each drill Deployment as the cluster has it: absent, or its replicas and image. */
async function specs(db, env) {
  const r = await run(['get', 'deployments', '-o', 'json'], { db, env });
  if (r.code !== 0) throw new Error(`get deployments: ${r.stderr.trim().slice(0, 200)}`);
  const items = JSON.parse(r.stdout).items;
  return new Map(DEPLOYS.map((n) => {
    const d = items.find((x) => x.metadata.name === n);
    // a Deployment being deleted (a killed foreground delete leaves one) is on its way to absent
    if (d === undefined) return [n, 'absent'];
    if (d.metadata.deletionTimestamp !== undefined) return [n, 'deleting'];
    return [n, `${d.spec.replicas} ${d.spec.template.spec.containers[0].image}`];
  }));
}

export async function kill9(tally, { clock, speed, kills }) {
  const label = clock === 'virtual' ? 'virtual' : `wall x${speed}`;
  const started = Date.now();
  const random = rng(param('seed', 1) * 7 + (clock === 'virtual' ? 1 : 2));
  const dir = scratch('kill9');
  const db = join(dir, 'cluster.db');
  const env = baseEnv({ HOME: dir });
  const createArgs = clock === 'virtual' ? ['--clock', 'virtual', '--seed', '1'] : ['--clock', 'wall', '--speed', String(speed)];
  await must(['cluster', 'create', '--db', db, ...createArgs], { env });
  const file = (name, replicas, tag) => {
    const f = join(dir, `${name}.yaml`);
    writeFileSync(f, manifest(name, replicas, tag));
    return f;
  };
  for (const n of DEPLOYS) await must(['apply', '-f', file(n, 2, 0)], { db, env });
  let state = await specs(db, env);
  let killed = 0;
  let missed = 0;
  let slowest = 0;
  let slowestDrill = { ms: 0, what: '' };
  let writes = 0;
  const killedWhat = {};

  for (let round = 1; round <= kills; round++) {
    // three drills on three different Deployments; each says what its Deployment may look like after
    const targets = [...DEPLOYS].sort(() => random.next() - 0.5).slice(0, 3);
    const possible = new Map([...state].map(([n, s]) => [n, new Set(s === 'deleting' ? ['deleting', 'absent'] : [s])]));
    const drills = targets.map((name) => {
      const cur = state.get(name);
      const kinds = cur === 'absent' ? ['apply'] : cur === 'deleting' ? ['get -w'] : ['apply', 'scale', 'scale up', 'set image', 'rollout status', 'delete', 'get -w', clock === 'virtual' ? 'advance' : 'get -w'];
      const kind = random.pick(kinds);
      const replicas = random.int(0, 3);
      const tag = random.int(1, 9);
      const image = cur === 'absent' ? undefined : cur.split(' ')[1];
      const may = (s) => possible.get(name).add(s);
      switch (kind) {
        case 'apply':
          may(`${replicas} ${IMAGE}:${tag}`);
          return { kind, args: ['apply', '-f', file(name, replicas, tag)] };
        case 'scale':
          may(`${replicas} ${image}`);
          return { kind, args: ['scale', `deployment/${name}`, `--replicas=${replicas}`] };
        case 'scale up': {
          // tens of pods created in one control-plane pass: a long write to be killed in
          const many = random.int(20, 40);
          may(`${many} ${image}`);
          return { kind, args: ['scale', `deployment/${name}`, `--replicas=${many}`] };
        }
        case 'set image':
          may(`${cur.split(' ')[0]} ${IMAGE}:${tag}`);
          return { kind, args: ['set', 'image', `deployment/${name}`, `c=${IMAGE}:${tag}`] };
        case 'rollout status':
          return { kind, args: ['rollout', 'status', `deployment/${name}`, '--timeout=10s'] };
        case 'delete':
          may('absent');
          may('deleting');
          return { kind, args: ['delete', 'deployment', name, `--cascade=${random.pick(['background', 'foreground'])}`] };
        case 'advance':
          return { kind, args: ['cluster', 'advance', `${random.int(1, 20)}s`] };
        default:
          return { kind, args: ['get', 'deployments', '-w', '--request-timeout=3s'] };
      }
    });
    const delay = random.int(5, 300);
    const pick = random.next();
    const children = [];
    const runs = drills.map((d, i) => run(d.args, { db, env, timeoutMs: 120_000, onSpawn: (c) => { children[i] = c; } }));
    await sleep(delay);
    // the victim is one of the drills still running at that moment
    const running = children.map((c, i) => (c !== undefined && c.exitCode === null && c.signalCode === null ? i : -1)).filter((i) => i >= 0);
    const victim = running.length > 0 ? running[Math.floor(pick * running.length)] : -1;
    if (victim >= 0) killGroup(children[victim]);
    const results = await Promise.all(runs);
    const alive = victim >= 0 && results[victim].signal === 'SIGKILL';
    if (alive) {
      killed++;
      killedWhat[drills[victim].kind] = (killedWhat[drills[victim].kind] ?? 0) + 1;
    } else missed++;
    results.forEach((r, i) => {
      if (r.ms > slowestDrill.ms) slowestDrill = { ms: r.ms, what: drills[i].args.join(' ') };
    });
    const problems = [];
    results.forEach((r, i) => {
      if (i === victim && r.signal === 'SIGKILL') return;
      const d = drills[i];
      const bad = internalText(r.stdout + r.stderr);
      const tolerated = (d.kind === 'rollout status' && r.code === 1 && /timed out|exceeded|not found/.test(r.stderr)) ||
        (d.kind === 'delete' && /NotFound/.test(r.stderr)) || (r.code !== 0 && /\(Conflict\)/.test(r.stderr));
      if ((r.code !== 0 && !tolerated) || bad.length > 0) problems.push(`${d.args.join(' ')}: exit ${r.code ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n')[0].slice(0, 160)}`);
      else if (r.code === 0 && ['apply', 'scale', 'scale up', 'set image', 'delete'].includes(d.kind)) writes++;
    });
    const what = alive ? `kill ${round} (${drills[victim].kind} after ${delay} ms)` : `round ${round} (all drills done before ${delay} ms, no kill)`;

    const ok = integrity(db);
    if (ok !== 'ok') problems.push(`integrity_check: ${ok}`);
    problems.push(...tornState(db));
    // commands still work: a read, etcdctl, and a write
    for (const args of [['get', 'all'], ['etcdctl', 'get', '--prefix', '--keys-only', '/registry/']]) {
      const r = await run(args, { db, env, timeoutMs: 60_000 });
      if (r.code !== 0 || internalText(r.stderr).length > 0) problems.push(`then ${args.join(' ')}: exit ${r.code}: ${r.stderr.trim().slice(0, 160)}`);
    }
    try {
      state = await specs(db, env);
      for (const [n, s] of state) {
        if (!possible.get(n).has(s)) problems.push(`${n} is "${s}", neither its state before nor a write's (${[...possible.get(n)].join(' | ')}): a torn write`);
      }
    } catch (e) {
      problems.push(String(e.message));
    }
    tally.check(`${label}: ${what}: file whole, commands work, writes whole or absent`, problems.length === 0, problems.slice(0, 6).join('; '));

    // settle and converge: every present Deployment at its spec, nothing left of the deleted ones
    const gone = (s) => s === 'absent' || s === 'deleting';
    const want = new Map([...state].filter(([, s]) => !gone(s)).map(([n, s]) => [n, { replicas: Number(s.split(' ')[0]), round: '0', image: s.split(' ')[1] }]));
    let conv = [];
    // a virtual clock gets five minutes of cluster time, a wall clock two minutes of cluster time
    const settleStart = Date.now();
    const deadline = settleStart + Math.max(6, param('settle-cluster-seconds', 120) / (speed ?? 1)) * 1000;
    let attempts = 0;
    do {
      attempts++;
      if (clock === 'virtual') {
        const r = await run(['cluster', 'advance', '1m'], { db, env, timeoutMs: 60_000 });
        if (r.code !== 0) conv.push(`cluster advance: ${r.stderr.trim().slice(0, 160)}`);
      } else await sleep(1000);
      conv = await convergence(db, env, want);
      const deleted = [...state].filter(([, s]) => gone(s)).map(([n]) => n);
      const left = await run(['get', 'deployments,replicasets,pods', '-o', 'name', '-l', `app in (${deleted.join(',') || 'none'})`], { db, env });
      if (left.code !== 0) conv.push(`get leftovers: ${left.stderr.trim().slice(0, 160)}`);
      else if (left.stdout.trim() !== '') conv.push(`left of deleted Deployments: ${left.stdout.trim().split('\n').join(' ')}`);
    } while (conv.length > 0 && (clock === 'virtual' ? attempts < 5 : Date.now() < deadline));
    const settled = (Date.now() - settleStart) / 1000;
    slowest = Math.max(slowest, settled);
    tally.check(`${label}: ${what}: converges (in ${settled.toFixed(1)} s)`, conv.length === 0, conv.slice(0, 6).join('; '));
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  tally.figures[`kill -9 ${label}`] = `${killed} kills (${Object.entries(killedWhat).map(([k, v]) => `${k} ${v}`).join(', ')}), ${missed} rounds where every drill ended before its kill, ${writes} writes, slowest settling ${slowest.toFixed(1)} s, slowest drill ${slowestDrill.ms} ms (${slowestDrill.what.replace(/\S*\//g, '')}), ${secs} s`;
  if (!process.env.RELIABILITY_KEEP) rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = new Tally('kill9');
  const kills = param('kills', 8);
  await kill9(t, { clock: 'virtual', kills });
  await kill9(t, { clock: 'wall', speed: 10, kills });
  for (const [k, v] of Object.entries(t.figures)) console.log(`${k}: ${v}`);
  console.log(`${t.passed} passed, ${t.failed} failed`);
  process.exit(t.failed > 0 ? 1 : 0);
}
