import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo, waitUntil } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { type PortForwardEnv, runPortForward } from '../../../src/kubectl/cmd/port-forward/run-port-forward.js';
import type { PortForwarder } from '../../../src/kubectl/cmd/port-forward/forwarder.js';
import { CliError } from '../../../src/kubectl/util/errors.js';

const PODS = findByKind('v1', 'Pod')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;
const IMAGE_REPOSITORIES = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

/** A virtual cluster with the article's registry and a 2-replica hello at 1.1, rolled out. */
function cluster(): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'hello' },
    spec: {
      repository: 'ghcr.io/example/hello',
      behavior: { startSeconds: 3, httpHeaders: { 'X-App-Version': '{{version}}' }, body: 'hello from {{pod}}\n' },
      tags: { '1.0': {}, '1.1': {} },
    },
  } as KubeObject);
  const labels = { 'app.kubernetes.io/name': 'hello' };
  c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', namespace: 'default' },
    spec: {
      replicas: 2,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.1', ports: [{ name: 'http', containerPort: 8080 }] }] },
      },
    },
  } as KubeObject);
  advanceTo(c, c.clock.now() + 30_000);
  return c;
}

function env(c: Cluster, out: string[], err: string[], onReady: (pf: PortForwarder) => void, stops: (() => void)[]): PortForwardEnv {
  return {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    namespace: 'default',
    api: () => c.api,
    settle: () => undefined,
    nowMs: () => c.clock.now(),
    waitUntil: (done, ms) => waitUntil(c, { deadlineMs: c.clock.now() + ms, done }),
    onStopSignal: (stop) => {
      stops.push(stop);
      return () => undefined;
    },
    pollMs: 20,
    onReady,
  };
}

/** GET over loopback only. */
function get(port: number, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('port-forward deployment/hello :http serves the pod app on 127.0.0.1 until stopped', async () => {
  const c = cluster();
  const out: string[] = [];
  const err: string[] = [];
  const stops: (() => void)[] = [];
  let pf: PortForwarder | undefined;
  const running = runPortForward(
    { args: ['deployment/hello', ':http'], addresses: ['127.0.0.1'], podRunningTimeoutMs: 60_000 },
    env(c, out, err, (p) => (pf = p), stops),
  );
  while (!pf) await new Promise((r) => setTimeout(r, 5));
  const port = pf.ports[0]!.local;
  assert.ok(port > 0);
  assert.deepEqual(out, [`Forwarding from 127.0.0.1:${port} -> 8080\n`]);
  const res = await get(port, '/');
  assert.equal(res.status, 200);
  assert.equal(res.headers['x-app-version'], '1.1');
  const pods = c.api.list(PODS, 'default').map((p) => p.metadata.name);
  const m = /^hello from (\S+)\n$/.exec(res.body);
  assert.ok(m && pods.includes(m[1]), res.body);
  assert.equal((await get(port, '/readyz')).status, 200);
  assert.equal(out[1], `Handling connection for ${port}\n`);
  assert.equal(out.length, 3);
  stops[0]!();
  await running;
  assert.deepEqual(err, []);
  c.close();
});

test('the forward ends with "lost connection to pod" when the pod goes away', async () => {
  const c = cluster();
  const out: string[] = [];
  const err: string[] = [];
  let pf: PortForwarder | undefined;
  const target = c.api.list(PODS, 'default')[0]!;
  const running = runPortForward(
    { args: [`pod/${target.metadata.name}`, '0:8080'], addresses: ['127.0.0.1'], podRunningTimeoutMs: 60_000 },
    env(c, out, err, (p) => (pf = p), []),
  );
  while (!pf) await new Promise((r) => setTimeout(r, 5));
  c.api.delete(PODS, 'default', target.metadata.name!, { gracePeriodSeconds: 0 });
  advanceTo(c, c.clock.now() + 5_000);
  await assert.rejects(running, (e: unknown) => e instanceof CliError && e.message === 'lost connection to pod');
  c.close();
});

test('kubectl wording: no pod running, unknown named port, missing arguments, port in use', async () => {
  const c = cluster();
  const none = (args: string[]) => runPortForward({ args, addresses: ['127.0.0.1'], podRunningTimeoutMs: 1_000 }, env(c, [], [], () => undefined, []));
  await assert.rejects(none(['deployment/hello']), { message: 'TYPE/NAME and list of ports are required for port-forward' });
  await assert.rejects(none(['deployment/hello', '8080:web']), { message: /^Pod 'hello-[a-z0-9]+-[a-z0-9]{5}' does not have a named port 'web'$/ });
  const pending: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'waiting', namespace: 'default' },
    spec: { containers: [{ name: 'a', image: 'ghcr.io/example/hello:1.1' }] },
  } as KubeObject;
  c.api.create(PODS, 'default', pending);
  await assert.rejects(none(['waiting', '8080']), { message: 'unable to forward port because pod is not running. Current status=Pending' });

  // A second forwarder on the port the first one holds.
  const stops: (() => void)[] = [];
  let pf: PortForwarder | undefined;
  const first = runPortForward({ args: ['deployment/hello', '0:8080'], addresses: ['127.0.0.1'], podRunningTimeoutMs: 1_000 }, env(c, [], [], (p) => (pf = p), stops));
  while (!pf) await new Promise((r) => setTimeout(r, 5));
  const port = pf.ports[0]!.local;
  const err: string[] = [];
  await assert.rejects(
    runPortForward({ args: ['deployment/hello', `${port}:8080`], addresses: ['127.0.0.1'], podRunningTimeoutMs: 1_000 }, env(c, [], err, () => undefined, [])),
    { message: `unable to listen on any of the requested ports: [{${port} 8080}]` },
  );
  assert.deepEqual(err, [
    `Unable to listen on port ${port}: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:${port}: bind: address already in use]\n`,
  ]);
  stops[0]!();
  await first;
  c.close();
});
