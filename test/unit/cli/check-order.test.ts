/**
 * Which problem wins when a command has two, and whether the cluster file is opened (created, for
 * a new path) before a bad flag value is reported: kubemu's order as it is, pinned so that moving
 * a check between a verb's Complete, Validate and Run shows up here.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

const dir = mkdtempSync(join(tmpdir(), 'kubemu-check-order-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;

/** Runs the command on a cluster path that does not exist yet; says whether the command made it. */
async function runFresh(...args: string[]): Promise<{ code: number; stderr: string; opened: boolean }> {
  const db = join(dir, `c${n++}.db`);
  const { io, output } = bufferIO({ cwd: dir, env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', '--db', db, ...args], io);
  return { code, stderr: output.stderr, opened: existsSync(db) };
}

const parseBool = (flag: string, v: string) => `invalid argument "${v}" for "--${flag}" flag: strconv.ParseBool: parsing "${v}": invalid syntax`;
const parseInt = (flag: string, v: string) => `invalid argument "${v}" for "--${flag}" flag: strconv.ParseInt: parsing "${v}": invalid syntax`;
const hint = (path: string) => `See 'kubectl ${path} --help' for usage.\n`;

test('the first problem wins, in each command', async () => {
  const cases: [string[], string, boolean][] = [
    // rollout: the subcommand's own flags, then Validate, then -R (read when the builder runs, before the cluster opens)
    [['rollout', 'status', 'deploy/web', '--watch=bad', '--revision=x'], `error: ${parseBool('watch', 'bad')}\n`, false],
    [['rollout', 'status', 'deploy/web', '--revision=x', '--timeout=q'], `error: ${parseInt('revision', 'x')}\n${hint('rollout status')}`, false],
    [['rollout', 'status', '-R=bad'], 'error: required resource not specified\n', false],
    [['rollout', 'status', 'deploy/web', '--revision=-1', '-R=bad'], 'error: revision must be a positive integer: -1\n', false],
    [['rollout', 'status', 'deploy/web', '-R=bad'], `error: ${parseBool('recursive', 'bad')}\n`, false],
    [['rollout', 'history', 'deploy/web', '-o', 'yaml', '--revision=x'], 'error: -o/--output is not emulated by kubemu for rollout commands\n', false],
    [['rollout', 'undo', 'deploy/web', '--to-revision=x', '--dry-run=bad'], `error: ${parseInt('to-revision', 'x')}\n${hint('rollout undo')}`, false],
    [['rollout', 'undo', '--dry-run=bad'], 'error: Invalid dry-run value (bad). Must be "none", "server", or "client".\n', false],
    [['rollout', 'pause', '-k', 'dir', '-R=bad'], 'error: -k/--kustomize is not emulated by kubemu\n', false],
    // label / annotate / patch / set: the flag values in their declared order, then the verb's checks
    [['label', 'pods', 'a=b', '--dry-run=bad', '--all=q'], `error: ${parseBool('all', 'q')}\n${hint('label')}`, false],
    [['annotate', 'pods', 'a=b', '--overwrite=x', '-R=y'], `error: ${parseBool('recursive', 'y')}\n${hint('annotate')}`, false],
    [['patch', 'deploy/web', '-p', '{}', '--subresource=status', '--local=x'], `error: ${parseBool('local', 'x')}\n${hint('patch')}`, false],
    [['patch', 'deploy/web', '-p', '{}', '--subresource=status'], 'error: --subresource is not emulated by kubemu\n', false],
    [['set', 'env', 'deploy/web', 'A=1', '--overwrite=bad', '--dry-run=bad'], `error: ${parseBool('overwrite', 'bad')}\n${hint('set env')}`, false],
    [['set', 'env', 'deploy/web', '--keys', 'a', '--resolve'], 'error: when specifying --keys, a configmap or secret must be provided with --from\n', false],
    [['set', 'image', 'deploy/web', '--all=q', '--local=y'], `error: ${parseBool('local', 'y')}\n${hint('set image')}`, false],
    // wait: --for, then --timeout, then the resources
    [['wait', 'deploy/web', '--for=bad', '--timeout=q'], 'error: unrecognized condition: "bad"\n', false],
    [['wait', '--for=delete'], "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n", false],
    [['wait', '--timeout=q'], 'error: unrecognized condition: ""\n', false],
    [['wait', '--for=delete', '--timeout=q'], `error: invalid argument "q" for "--timeout" flag: time: invalid duration "q"\n${hint('wait')}`, false],
    // port-forward: the arguments' count, then --pod-running-timeout
    [['port-forward', '--pod-running-timeout=q'], "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n", false],
    [['port-forward', 'deploy/web', '80', '--pod-running-timeout=0s'], "error: --pod-running-timeout must be higher than zero\nSee 'kubectl port-forward -h' for help and examples\n", false],
    // etcdctl: -w and --rev before the cluster opens, --limit after
    [['etcdctl', 'get', '/', '-w', 'json', '--rev', 'x'], 'error: unsupported output format "json" (kubemu emulates "simple")\n', false],
    [['etcdctl', 'get', '/', '--rev', 'x', '--limit', 'y'], `error: ${parseInt('rev', 'x')}\n`, false],
    [['etcdctl', 'get', '/', '--limit', 'y'], `error: ${parseInt('limit', 'y')}\n`, true],
    [['etcdctl', 'watch', '/', '--rev', 'x'], `error: ${parseInt('rev', 'x')}\n`, false],
    // replay: --pause, then --seed, then the file
    [['replay', 'nope.md', '--pause=x', '--seed=y'], 'error: time: invalid duration "x"\n', false],
    [['replay', 'nope.md', '--seed=y'], 'error: invalid argument "y" for "--seed" flag\n', false],
    [['replay', 'nope.md'], 'error: the path "nope.md" does not exist\n', false],
    // cluster create: the settings before the file
    [['cluster', 'create', '--clock', 'bogus', '--seed', 'x'], 'error: invalid clock mode "bogus": must be "wall" or "virtual"\n', false],
  ];
  for (const [args, stderr, opened] of cases) {
    const r = await runFresh(...args);
    assert.equal(r.stderr, stderr, args.join(' '));
    assert.equal(r.code, 1, args.join(' '));
    assert.equal(r.opened, opened, `${args.join(' ')}: cluster file opened`);
  }
});
