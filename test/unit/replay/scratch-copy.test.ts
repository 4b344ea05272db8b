import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyWorkdir } from '../../../src/tools/replay/run-transcript.js';

test('a work directory holding the scratch directory (a transcript in /tmp) copies only what the commands name', () => {
  const base = mkdtempSync(join(tmpdir(), 'kubemu-copy-test-'));
  try {
    writeFileSync(join(base, 'x.txt'), '$ kubectl apply -f deploy.yaml\n');
    writeFileSync(join(base, 'deploy.yaml'), 'kind: Deployment\n');
    writeFileSync(join(base, 'other.yaml'), 'kind: Service\n');
    mkdirSync(join(base, 'manifests'));
    writeFileSync(join(base, 'manifests', 'a.yaml'), 'a\n');
    const root = join(base, 'kubemu-replay-abc');
    mkdirSync(root);
    copyWorkdir(base, join(root, 'work'), root, ['kubectl apply -f deploy.yaml', 'cat ./manifests/a.yaml']);
    assert.deepEqual(readdirSync(join(root, 'work')).sort(), ['deploy.yaml', 'manifests']);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('any other work directory is copied whole', () => {
  const base = mkdtempSync(join(tmpdir(), 'kubemu-copy-test-'));
  try {
    const work = join(base, 'art');
    mkdirSync(work);
    writeFileSync(join(work, 'a.yaml'), 'a\n');
    writeFileSync(join(work, 'b.yaml'), 'b\n');
    const root = join(base, 'scratch');
    mkdirSync(root);
    copyWorkdir(work, join(root, 'work'), root, []);
    assert.deepEqual(readdirSync(join(root, 'work')).sort(), ['a.yaml', 'b.yaml']);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('makeScratch on the system tmpdir itself (kubemu replay /tmp/x.txt) does not copy the scratch into itself', async () => {
  const { makeScratch, removeScratch } = await import('../../../src/tools/replay/run-transcript.js');
  const name = `kubemu-copy-test-${process.pid}.yaml`;
  writeFileSync(join(tmpdir(), name), 'kind: Deployment\n');
  try {
    const s = makeScratch({ seed: 1, workdir: tmpdir(), pause: '5s', commands: [`kubectl apply -f ${name}`] });
    try {
      assert.deepEqual(readdirSync(s.env['KUBEMU_REPLAY_WORKDIR']!), [name]);
    } finally {
      removeScratch(s);
    }
  } finally {
    rmSync(join(tmpdir(), name), { force: true });
  }
});
