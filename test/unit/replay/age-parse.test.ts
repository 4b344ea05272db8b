import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ageInterval, formatAdvance, humanAge } from '../../../src/tools/replay/age-parse.js';

test('ageInterval: each HumanDuration form stands for the durations that print so', () => {
  const cases: [string, [number, number] | undefined][] = [
    ['0s', [0, 1]],
    ['47s', [47, 48]],
    ['119s', [119, 120]],
    ['2m55s', [175, 176]],
    ['5m', [300, 301]], // under 10 minutes a non-zero second would have been printed
    ['9m59s', [599, 600]],
    ['15m', [900, 960]],
    ['179m', [10740, 10800]],
    ['3h5m', [11100, 11160]],
    ['3h', [10800, 10860]],
    ['24h', [86400, 90000]],
    ['2d5h', [190800, 194400]],
    ['2d', [172800, 176400]],
    ['30d', [2592000, 2678400]],
    ['2y5d', [63504000, 63590400]],
    ['9y', [283824000, 315360000]],
  ];
  for (const [text, want] of cases) {
    const got = ageInterval(text);
    assert.deepEqual(got === undefined ? undefined : [got.lo, got.hi], want, text);
  }
});

test('ageInterval: what HumanDuration never prints is not an age', () => {
  for (const text of ['', '<invalid>', '<unknown>', '120s', '1m', '1m30s', '2m0s', '12m5s', '2h', '2h30m', '9h5m', '1d', '2m55', 'Running', '4/4']) {
    assert.equal(ageInterval(text), undefined, text);
  }
});

test('humanAge and formatAdvance: the explanations read as kubectl ages', () => {
  assert.equal(humanAge(63.4), '63s');
  assert.equal(humanAge(175.9), '2m55s');
  assert.equal(humanAge(300), '5m');
  assert.equal(humanAge(7200 + 95), '121m');
  assert.equal(humanAge(3 * 3600 + 300), '3h5m');
  assert.equal(formatAdvance(52.995), '+52.995s');
  assert.equal(formatAdvance(112), '+112s');
  assert.equal(formatAdvance(125), '+2m5s');
});
