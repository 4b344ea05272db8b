/** checkErr never shows JS's own wording: a stack overflow that escapes reads as plain words. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { AggregateCliError } from '../../../src/kubectl/util/errors.js';

function overflow(): RangeError {
  const deep = (n: number): number => deep(n + 1) + 1;
  try {
    deep(0);
  } catch (e) {
    assert.ok(e instanceof RangeError);
    return e;
  }
  assert.fail('no overflow');
}

test('a RangeError from a JS stack overflow prints as a clear error: line', () => {
  const { io, output } = bufferIO();
  assert.equal(checkErr(overflow(), io), 1);
  assert.equal(output.stderr, 'error: the input nests too deeply for kubemu to process (it ran out of stack space)\n');
});

test('so does one among several errors', () => {
  const { io, output } = bufferIO();
  checkErr(new AggregateCliError([new Error('error: first'), overflow()]), io);
  assert.equal(output.stderr, 'error: first\nthe input nests too deeply for kubemu to process (it ran out of stack space)\n');
});

test('other RangeErrors keep their message', () => {
  const { io, output } = bufferIO();
  checkErr(new RangeError('Invalid time value'), io);
  assert.equal(output.stderr, 'error: Invalid time value\n');
});
