import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackgroundJobs, backgroundCommand, killedJobs } from '../../../src/tools/replay/background-jobs.js';

// A transcript's `cmd &` runs as a job beside the next commands; `kill %N` stops it.

test('backgroundCommand: a line ending in a lone & is a job; && and no & are not', () => {
  assert.equal(backgroundCommand('kubectl port-forward deployment/hello 8080:8080 &'), 'kubectl port-forward deployment/hello 8080:8080');
  assert.equal(backgroundCommand('kubectl get pods &&'), undefined);
  assert.equal(backgroundCommand('kubectl get pods'), undefined);
  assert.equal(backgroundCommand('kubectl get pods 2>&1'), undefined);
});

test('killedJobs: kill with job specs (and a signal); kill of a PID is not job control', () => {
  assert.deepEqual(killedJobs('kill %1'), { signal: 'SIGTERM', specs: ['%1'] });
  assert.deepEqual(killedJobs('kill -9 %1 %2'), { signal: 9, specs: ['%1', '%2'] });
  assert.deepEqual(killedJobs('kill -s KILL %%'), { signal: 'SIGKILL', specs: ['%%'] });
  assert.deepEqual(killedJobs('kill -SIGINT %1'), { signal: 'SIGINT', specs: ['%1'] });
  assert.equal(killedJobs('kill 1234'), undefined);
  assert.equal(killedJobs('kubectl get pods'), undefined);
});

/** Whether a process has ended (gone, or a zombie nobody reaped yet). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z';
  } catch {
    return true;
  }
}

function withJobs(fn: (jobs: BackgroundJobs, dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-jobs-'));
  const jobs = new BackgroundJobs(dir, process.env, dir);
  try {
    fn(jobs, dir);
  } finally {
    jobs.stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a job: its first lines are the output of the line that started it; later lines go to the next command', () => {
  withJobs((jobs) => {
    const started = jobs.start('echo listening; sleep 1; echo "connection 1"; sleep 30');
    assert.equal(started, 'listening\n');
    // nothing new yet, then the job's second line once it printed it
    assert.equal(jobs.takeOutput(), '');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
    assert.equal(jobs.takeOutput(), 'connection 1\n');
  });
});

test('kill %1 stops the job (and what it started); a job that does not exist is bash\'s error', () => {
  withJobs((jobs, dir) => {
    jobs.start(`sh -c 'echo $$ > ${join(dir, 'pid')}; echo up; exec sleep 30'`);
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    assert.deepEqual(jobs.kill({ signal: 'SIGTERM', specs: ['%1'] }), { output: '', exitCode: 0 });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    assert.ok(ended(pid), `process ${pid} still runs`);
    assert.deepEqual(jobs.kill({ signal: 'SIGTERM', specs: ['%1'] }), { output: 'kill: %1: no such job\n', exitCode: 1 });
  });
});

test('a job that ends at once without a word does not hold the replay up', () => {
  withJobs((jobs) => {
    const t0 = Date.now();
    assert.equal(jobs.start('true'), '');
    assert.ok(Date.now() - t0 < 2_000, `${Date.now() - t0} ms`);
  });
});
