import { REPO_ROOT } from '../../repo-root.js';
/**
 * Byte-for-byte comparison with real kubectl 1.33: every case of test/golden/create/cases.json
 * was run through kubectl (see generate.mjs there) with test/golden/create/inputs as the working
 * directory; we run the same command line through kubemu's entry point in-process and compare
 * stdout, stderr and the exit code. Client dry runs never open the cluster.
 *
 * Cases that recorded a POST (kubectl talking to a stand-in server) run against a fresh
 * emulated cluster instead: the output must match, and each object kubemu stored must carry
 * the same last-applied annotation kubectl sent, in the same namespace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

const goldenDir = join(REPO_ROOT, 'test/golden/create');
const inputs = join(goldenDir, 'inputs');
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

interface Case {
  name: string;
  args: string[];
  env?: Record<string, string>;
  server?: boolean;
  normalize?: 'container-suffix';
}
interface Recorded {
  stdout: string;
  stderr: string;
  exitCode: number;
  requests?: { method: string; path: string; body: { kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> } } }[];
}

const cases = JSON.parse(readFileSync(join(goldenDir, 'cases.json'), 'utf8')) as Case[];

/** kubectl's rand.String(5) suffix of a sanitized container name differs from run to run. */
function normalize(c: Case, s: string): string {
  return c.normalize === 'container-suffix' ? s.replace(/x-y-z-[bcdfghjklmnpqrstvwxz2456789]{5}/g, 'x-y-z-<rand>') : s;
}

async function kubemu(args: string[], env: Record<string, string>) {
  const { io, output } = bufferIO({ cwd: inputs, env: { PATH: '/usr/bin:/bin', ...env } });
  const exitCode = await main(['node', 'kubectl', ...args], io);
  return { ...output, exitCode };
}

for (const c of cases) {
  test(`create golden: ${c.name} (kubectl ${c.args.join(' ')})`, async () => {
    const expected = JSON.parse(readFileSync(join(goldenDir, 'expected', `${c.name}.json`), 'utf8')) as Recorded;
    const dir = mkdtempSync(join(tmpdir(), 'kubemu-create-'));
    try {
      const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1', ...(c.env ?? {}) };
      const actual = await kubemu(c.args, env);
      assert.equal(normalize(c, actual.stderr), normalize(c, expected.stderr), 'stderr');
      assert.equal(normalize(c, actual.stdout), normalize(c, expected.stdout), 'stdout');
      assert.equal(actual.exitCode, expected.exitCode, 'exit code');
      for (const req of expected.requests ?? []) {
        const m = /^\/api(?:s\/[^/]+)?\/v1\/namespaces\/([^/]+)\/([^/]+)$/.exec(req.path);
        assert.ok(m, `unexpected POST path ${req.path}`);
        const got = await kubemu(['get', m[2]!, req.body.metadata.name, '-n', m[1]!, '-o', 'json'], env);
        assert.equal(got.exitCode, 0, got.stderr);
        const stored = JSON.parse(got.stdout) as { metadata: { namespace?: string; annotations?: Record<string, string> } };
        assert.equal(stored.metadata.namespace, m[1]);
        assert.equal(stored.metadata.annotations?.[LAST_APPLIED], req.body.metadata.annotations?.[LAST_APPLIED], `${req.path} annotation`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
