/**
 * Where a verb reads a bad flag value decides which error wins and whether the cluster file is
 * opened (created, when missing) first. pflag would refuse every bad value before anything
 * else; some of kubemu's verbs read theirs later, and their typed options (cmd/util/late-flag.ts)
 * keep that order: these cases pin it.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

const dir = mkdtempSync(join(tmpdir(), 'kubemu-flag-order-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const parseBool = (flag: string, v: string) => `error: invalid argument "${v}" for "--${flag}" flag: strconv.ParseBool: parsing "${v}": invalid syntax\n`;

/** [arguments, exit code, stderr, whether the (missing) cluster file was opened] */
const cases: [string[], number, string, boolean][] = [
  // read before the cluster opens
  [['get', 'pods', '--allow-missing-template-keys=y'], 1, parseBool('allow-missing-template-keys', 'y'), false],
  [['delete', 'pods', 'p1', '--wait=x'], 1, parseBool('wait', 'x'), false],
  [['logs', 'p1', '--since=x'], 1, 'error: invalid argument "x" for "--since" flag: time: invalid duration "x"\nSee \'kubectl logs --help\' for usage.\n', false],
  // read once the cluster is open
  [['describe', 'pods', '--show-events=x'], 1, parseBool('show-events', 'x'), true],
  [['api-resources', '--namespaced=x'], 1, parseBool('namespaced', 'x'), true],
  [['get', 'pods', '--show-labels=y'], 1, parseBool('show-labels', 'y'), true],
  [['get', 'pods', '--show-kind=z', '--show-labels=y'], 1, parseBool('show-labels', 'y'), true],
  // read only when printing a table: a missing object's error comes first
  [['get', 'pods/nope', '-o', 'yaml', '--show-labels=y'], 1, 'Error from server (NotFound): pods "nope" not found\n', true],
  // read only when the pod goes to the server
  [['run', 'x', '--image', 'nginx', '--save-config=x', '--dry-run=client', '-o', 'name'], 0, '', false],
];

test('a bad flag value is reported where the verb reads it', async () => {
  let n = 0;
  for (const [args, code, stderr, opened] of cases) {
    const db = join(dir, `c${n++}.db`);
    const { io, output } = bufferIO({ cwd: dir, env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
    const got = await main(['node', 'kubectl', '--db', db, ...args], io);
    assert.deepEqual([got, output.stderr, existsSync(db)], [code, stderr, opened], args.join(' '));
  }
});
