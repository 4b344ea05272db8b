import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameJsonText } from '../../../src/controllers/scheduler/same-json-text.js';

test('sameJsonText answers what comparing the JSON texts answers', () => {
  const values: unknown[] = [
    null,
    0,
    -0,
    1,
    NaN,
    Infinity,
    '1',
    '',
    true,
    false,
    [],
    {},
    [1, 2],
    [2, 1],
    [undefined],
    [null],
    { a: 1 },
    { a: 1, b: undefined },
    { b: undefined, a: 1 },
    { a: 1, b: 2 },
    { b: 2, a: 1 },
    { a: { x: [1, { y: 'z' }] } },
    { a: { x: [1, { y: 'z', w: undefined }] } },
    { a: { x: [1, { y: 'y' }] } },
    { u: 'p', nd: 'n1', v: '3', n: 'default', c: [{ r: { cpu: '1' } }] },
    { u: 'p', nd: 'n1', v: '4', n: 'default', c: [{ r: { cpu: '1' } }] },
    { u: 'p', nd: 'n1', v: undefined, n: 'default', c: [{ r: { cpu: '1' } }] },
    { u: 'p', nd: 'n1', n: 'default', c: [{ r: { cpu: '1' } }], v: '3' },
    { u: 'p', nd: 'n1', v: '3', n: 'default', c: [{ r: { cpu: '1' }, p: [{ hostPort: 80, protocol: undefined }] }] },
    { u: 'p', nd: 'n1', v: '3', n: 'default', c: [{ r: { cpu: '1' }, p: [{ hostPort: 80 }] }] },
  ];
  // the top level's member `skip` left out: the text of a copy without it
  const text = (v: unknown, skip?: string): string | undefined =>
    JSON.stringify(skip !== undefined && typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, [skip]: undefined } : v);
  for (const a of values) {
    for (const b of values) {
      for (const skip of [undefined, 'v']) {
        const ta = text(a, skip);
        const tb = text(b, skip);
        assert.equal(sameJsonText(a, b, skip), ta === tb, `${ta} / ${tb} (skip ${skip})`);
      }
    }
  }
});
