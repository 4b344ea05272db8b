import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_IMAGE_BEHAVIOR, type ImageBehavior } from '../../../src/apiserver/defaults/imagerepository.js';
import { appAnswer, containerForPort, substitute } from '../../../src/kubectl/cmd/port-forward/app-response.js';
import { pod } from './fixtures.js';

// The fixture's container started at 19:00:01; startSeconds 3 → it listens from 19:00:04.
const started = Date.parse('2026-10-26T19:00:01Z');
const behavior = (o: Partial<ImageBehavior> = {}) => () => ({
  ...DEFAULT_IMAGE_BEHAVIOR,
  httpHeaders: { 'X-App-Version': '{{version}}' },
  body: 'hello from {{pod}}\n',
  ...o,
});

test('GET / answers 200 with the image headers and body, {{pod}} and {{version}} filled in', () => {
  const a = appAnswer(pod('hello-85854d9fd8-lnnbv'), 8080, '/', started + 10_000, behavior());
  assert.equal(a.kind, 'response');
  if (a.kind !== 'response') return;
  assert.equal(a.status, 200);
  assert.equal(a.headers['X-App-Version'], '1.1');
  assert.equal(a.headers['Date'], 'Mon, 26 Oct 2026 19:00:11 GMT');
  assert.equal(a.body, 'hello from hello-85854d9fd8-lnnbv\n');
});

test('before startSeconds, and on a port no container declares, the connection is refused', () => {
  assert.deepEqual(appAnswer(pod('p'), 8080, '/', started + 2_000, behavior()), { kind: 'refused' });
  assert.deepEqual(appAnswer(pod('p'), 9999, '/', started + 10_000, behavior()), { kind: 'refused' });
});

test('/healthz and /readyz answer as the probes see the app', () => {
  const status = (path: string, ms: number, o: Partial<ImageBehavior>) => {
    const a = appAnswer(pod('p'), 8080, path, started + ms, behavior(o));
    return a.kind === 'response' ? a.status : a.kind;
  };
  assert.equal(status('/healthz', 5_000, {}), 200);
  assert.equal(status('/readyz?verbose', 5_000, {}), 200);
  assert.equal(status('/readyz', 5_000, { neverReady: true }), 503);
  assert.equal(status('/healthz', 5_000, { neverReady: true }), 200);
  assert.equal(status('/healthz', 61_000, { unhealthyAfterSeconds: 60 }), 500);
  assert.equal(status('/healthz', 59_000, { unhealthyAfterSeconds: 60 }), 200);
});

test('a container that declares no ports serves any port; with ports declared, only those', () => {
  const p = pod('p');
  (p['spec'] as { containers: Record<string, unknown>[] }).containers[0]!['ports'] = [];
  assert.equal(containerForPort(p, 1234)?.['name'], 'hello');
  assert.equal(containerForPort(pod('q'), 1234), undefined);
});

test('substitute fills both placeholders, spaces inside the braces allowed', () => {
  assert.equal(substitute('{{pod}}@{{ version }} {{other}}', { pod: 'a', version: '1.0' }), 'a@1.0 {{other}}');
});
