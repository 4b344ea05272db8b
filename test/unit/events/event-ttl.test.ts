import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

function cli(db: string) {
  return async (args: string[], stdin?: string): Promise<string> => {
    const { io, output } = bufferIO({ env: {}, ...(stdin === undefined ? {} : { stdin }) });
    const code = await main(['node', 'kubectl', '--db', db, ...args], io);
    assert.equal(output.stderr, '', args.join(' '));
    assert.equal(code, 0, args.join(' '));
    return output.stdout;
  };
}

const lines = (s: string) => s.split('\n').filter((l) => l !== '');

test('Events expire an hour of cluster time after their last write (on the next whole minute, as a reused lease), each as a DELETE in the log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-ttl-'));
  try {
    const k = cli(join(dir, 'cluster.db'));
    await k(['cluster', 'create', '--clock', 'virtual', '--seed', '1']);
    // Events of two minutes: the Deployment's (written from 19:00:00.001 on: the controllers react
    // a moment after the write) expire at 20:01, the scale's (from 19:01:00.001 on) at 20:02.
    await k(['create', 'deployment', 'web', '--image=nginx']);
    await k(['cluster', 'advance', '1m']); // 19:01:00.020
    const first = lines(await k(['get', 'events', '-o', 'name']));
    assert.ok(first.length >= 5, first.join());
    await k(['scale', 'deployment', 'web', '--replicas=2']);
    await k(['cluster', 'advance', '30s']);
    const events = lines(await k(['get', 'events', '-o', 'name']));
    assert.ok(events.length > first.length, events.join());

    await k(['cluster', 'advance', '59m29s']); // 20:00:59, a second before the first ones go
    assert.deepEqual(lines(await k(['get', 'events', '-o', 'name'])), events);
    // The log from here on, from the revision of a write made now
    // (the compactor keeps five minutes and more of the log, not the hour since the events were written)
    const before = Number(await k(['create', 'configmap', 'marker', '-o', 'jsonpath={.metadata.resourceVersion}']));
    await k(['cluster', 'advance', '2s']); // 20:01:01: those written in 19:00 are gone, the others go at 20:02
    const left = lines(await k(['get', 'events', '-o', 'name']));
    assert.ok(left.length > 0 && left.length < events.length, `${left.length} of ${events.length}`);
    assert.ok(left.every((e) => !first.includes(e)), left.join());
    await k(['cluster', 'advance', '58s']); // 20:01:59
    assert.deepEqual(lines(await k(['get', 'events', '-o', 'name'])), left);
    await k(['cluster', 'advance', '1s']); // 20:02:00
    assert.deepEqual(lines(await k(['get', 'events', '-o', 'name'])), []);

    const log = await k(['etcdctl', 'watch', '--prefix', '/registry/events/', '--rev', String(before + 1)]);
    assert.equal(log.split('\n').filter((l) => l === 'DELETE').length, events.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a write to an Event renews it: it lives an hour after the last one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-ttl-'));
  try {
    const k = cli(join(dir, 'cluster.db'));
    await k(['cluster', 'create', '--clock', 'virtual', '--seed', '1']);
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'hand-made', namespace: 'default' },
      involvedObject: { kind: 'Namespace', name: 'default', apiVersion: 'v1' },
      reason: 'Test',
      message: 'made by hand',
      type: 'Normal',
    };
    await k(['create', '-f', '-'], JSON.stringify(event));
    await k(['cluster', 'advance', '30m']);
    await k(['label', 'event', 'hand-made', 'renewed=yes']);
    await k(['cluster', 'advance', '31m']); // an hour after creation, 31 minutes after the label
    assert.equal(await k(['get', 'event', 'hand-made', '-o', 'name']), 'event/hand-made\n');
    await k(['cluster', 'advance', '30m']); // 61 minutes after the label (its lease ran to the next minute)
    assert.equal(await k(['get', 'events', '-o', 'name']), '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
