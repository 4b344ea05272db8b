#!/usr/bin/env node
// A short, visible rollout drill on a scratch cluster (virtual clock, seed 1), printed as a
// terminal transcript: a rollout, a new version, a tag the registry does not have that gets stuck
// and is rolled back.
// Run with `npm start`; it leaves ~/.kubemu alone.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'kubemu');
const dir = mkdtempSync(join(tmpdir(), 'kubemu-demo-'));
cpSync(join(root, 'examples'), dir, { recursive: true });
const env = { ...process.env, KUBEMU_DB: join(dir, 'cluster.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };

const steps = [
  'kubemu get nodes',
  'kubemu apply -f hello-imagerepository.yaml',
  'kubemu apply -f hello-deploy.yaml',
  'kubemu rollout status deployment/hello',
  'kubemu get deployment,replicaset,pods -l app.kubernetes.io/name=hello',
  "sed -i 's/hello:1.0/hello:1.1/; s/\"hello 1.0\"/\"hello 1.1\"/' hello-deploy.yaml",
  'kubemu apply -f hello-deploy.yaml',
  'kubemu rollout status deployment/hello | tail -3',
  "kubemu describe deployment hello | sed -n '/^Events:/,$p'",
  'kubemu set image deployment/hello hello=ghcr.io/example/hello:1.2',
  'kubemu rollout status deployment/hello --timeout=3m',
  'kubemu get pods -l app.kubernetes.io/name=hello',
  'kubemu rollout undo deployment/hello',
  // On a virtual clock nothing moves until a command waits: let the controllers act on the undo.
  'kubemu rollout status deployment/hello',
  'kubemu rollout history deployment/hello',
  'kubemu get replicaset -l app.kubernetes.io/name=hello',
];

const binDir = join(dir, '.bin');
spawnSync('mkdir', ['-p', binDir]);
spawnSync('ln', ['-s', bin, join(binDir, 'kubemu')]);
env.PATH = `${binDir}:${env.PATH}`;
try {
  for (const cmd of steps) {
    process.stdout.write(`$ ${cmd}\n`);
    // Both streams to our stdout, so warnings and errors appear where a terminal shows them.
    spawnSync('sh', ['-c', cmd], { cwd: dir, env, stdio: ['ignore', 1, 1] });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
