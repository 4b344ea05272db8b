import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorBody } from '../../../src/apiserver/validation/index.js';
import { FieldPath } from '../../../src/apiserver/validation/field-path.js';
import { duplicate, forbidden, invalid, notSupported, required, tooLong } from '../../../src/apiserver/validation/field-error.js';
import { GoJson, GoMap } from '../../../src/apiserver/validation/go-format.js';
import { goQuote } from '../../../src/common/go-strings.js';

// ErrorBody as apimachinery renders it: strings with %q, ints with %v, the rest as JSON.
const p = FieldPath.root('spec');

test('required, with and without detail', () => {
  assert.equal(errorBody(required(p)), 'Required value');
  assert.equal(errorBody(required(p, 'name or generateName is required')), 'Required value: name or generateName is required');
});

test('invalid renders strings quoted, numbers plain, maps as sorted JSON', () => {
  assert.equal(errorBody(invalid(p, -1, 'must be greater than or equal to 0')), 'Invalid value: -1: must be greater than or equal to 0');
  assert.equal(errorBody(invalid(p, 'x"y', 'bad')), 'Invalid value: "x\\"y": bad');
  assert.equal(
    errorBody(invalid(p, new GoMap({ z: '1', 'app.kubernetes.io/name': 'other' }), 'm')),
    'Invalid value: {"app.kubernetes.io/name":"other","z":"1"}: m',
  );
  assert.equal(errorBody(invalid(p, new GoMap(undefined), 'm')), 'Invalid value: null: m');
  assert.equal(errorBody(invalid(p, new GoJson('25%x'), 'm')), 'Invalid value: "25%x": m');
  // Go's encoding/json escapes HTML characters.
  assert.equal(errorBody(invalid(p, new GoJson('<a&b>'), 'm')), 'Invalid value: "\\u003ca\\u0026b\\u003e": m');
});

test('unsupported lists supported values quoted', () => {
  assert.equal(
    errorBody(notSupported(p, 'Sometimes', ['Always', 'OnFailure', 'Never'])),
    'Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
  );
});

test('forbidden, duplicate, too long', () => {
  assert.equal(errorBody(forbidden(p, 'may not be specified')), 'Forbidden: may not be specified');
  assert.equal(errorBody(duplicate(p, 'x')), 'Duplicate value: "x"');
  assert.equal(errorBody(tooLong(p, 262144)), 'Too long: may not be more than 262144 bytes');
});

test('goQuote follows strconv.Quote', () => {
  assert.equal(goQuote('a\tb\u0001ü'), '"a\\tb\\x01ü"');
  assert.equal(goQuote('\u00a0'), '"\\u00a0"');
});

test('field paths: children, indexes and keys', () => {
  assert.equal(FieldPath.root('spec').child('containers').index(0).child('ports').index(1).child('name').toString(), 'spec.containers[0].ports[1].name');
  assert.equal(FieldPath.root('data').key('a b').toString(), 'data[a b]');
});
