import { REPO_ROOT } from '../../repo-root.js';
/**
 * Byte-for-byte comparison with real kubectl 1.33 `autoscale`: every case of
 * test/golden/autoscale/cases.json was run through kubectl against a stand-in server holding the
 * golden's objects (see generate.mjs there); kubemu runs the same command line against a fresh
 * cluster holding the same objects and must print the same stdout and stderr, with the same exit code.
 * A case whose kubectl POSTed an HPA must leave kubemu with the HPA of that name, carrying the same
 * last-applied annotation (`--save-config`), or none stored for `?dryRun=All`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

interface Golden {
  objects: Record<string, { apiVersion: string; kind: string; metadata: { name: string }; spec: unknown }[]>;
  results: {
    name: string;
    args: string[];
    stdout: string;
    stderr: string;
    exitCode: number;
    requests?: { path: string; query: string; metadata: { name: string; annotations?: Record<string, string> } }[];
  }[];
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/autoscale/cases.json'), 'utf8')) as Golden;

async function kubemu(args: string[], cwd: string, env: Record<string, string>) {
  const { io, output } = bufferIO({ cwd, env: { PATH: '/usr/bin:/bin', ...env } });
  const exitCode = await main(['node', 'kubectl', ...args], io);
  return { ...output, exitCode };
}

for (const c of golden.results) {
  test(`autoscale golden: ${c.name} (kubectl ${c.args.join(' ')})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubemu-autoscale-'));
    try {
      const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
      const docs = Object.values(golden.objects)
        .flat()
        .map((o) => JSON.stringify({ apiVersion: o.apiVersion, kind: o.kind, metadata: { name: o.metadata.name }, spec: o.spec }));
      writeFileSync(join(dir, 'objects.yaml'), docs.join('\n---\n') + '\n');
      const setup = await kubemu(['create', '-f', 'objects.yaml'], dir, env);
      assert.equal(setup.exitCode, 0, setup.stderr);
      const actual = await kubemu(c.args, dir, env);
      assert.equal(actual.stderr, c.stderr, 'stderr');
      assert.equal(actual.stdout, c.stdout, 'stdout');
      assert.equal(actual.exitCode, c.exitCode, 'exit code');
      for (const req of c.requests ?? []) {
        if (req.query.includes('dryRun=All')) {
          const names = await kubemu(['get', 'hpa', '-o', 'name'], dir, env);
          assert.equal(names.stdout, '', 'a server dry run stores nothing');
          continue;
        }
        const got = await kubemu(['get', 'hpa', req.metadata.name, '-o', 'json'], dir, env);
        assert.equal(got.exitCode, 0, got.stderr);
        const stored = JSON.parse(got.stdout) as { metadata: { annotations?: Record<string, string> } };
        const key = 'kubectl.kubernetes.io/last-applied-configuration';
        assert.equal(stored.metadata.annotations?.[key], req.metadata.annotations?.[key], 'last-applied annotation');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
