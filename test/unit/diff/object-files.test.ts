/**
 * What goes into the LIVE/MERGED files: names, managedFields, Secret masking (diff.go Masker),
 * and KUBECTL_EXTERNAL_DIFF's word filter.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCES } from '../../../src/apiserver/resources.js';
import type { JsonObject } from '../../../src/common/json.js';
import { diffFileName } from '../../../src/kubectl/cmd/diff/object-file-name.js';
import { diffFileTexts } from '../../../src/kubectl/cmd/diff/diff-files.js';
import { isMaskedKind, maskSecretData } from '../../../src/kubectl/cmd/diff/secret-mask.js';
import { externalDiffCommand } from '../../../src/kubectl/cmd/diff/external-diff.js';

const info = (kind: string) => {
  const i = RESOURCES.find((r) => r.kind === kind);
  if (!i) throw new Error(kind);
  return i;
};

test('file names: group.version.Kind.namespace.name, no group for core, empty namespace when cluster-scoped', () => {
  assert.equal(diffFileName(info('Deployment'), 'default', 'hello'), 'apps.v1.Deployment.default.hello');
  assert.equal(diffFileName(info('Service'), 'default', 'hello'), 'v1.Service.default.hello');
  assert.equal(diffFileName(info('Namespace'), undefined, 'prod'), 'v1.Namespace..prod');
});

test('managedFields are dropped unless asked for; an absent live object is an empty file', () => {
  const merged: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', managedFields: [{ manager: 'kubectl' }] } };
  assert.deepEqual(diffFileTexts(undefined, merged, false), { live: '', merged: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n' });
  assert.match(diffFileTexts(merged, merged, true).live, /managedFields:\n {2}- manager: kubectl\n/);
});

test('Secret data: *** everywhere, (before)/(after) where a key changed, new keys masked', () => {
  const live: JsonObject = { apiVersion: 'v1', kind: 'Secret', data: { a: 'YQ==', b: 'Yg==', gone: 'Zw==' } };
  const merged: JsonObject = { apiVersion: 'v1', kind: 'Secret', data: { a: 'YQ==', b: 'Yw==', c: 'Yw==' }, stringData: { s: 'plain' } };
  const m = maskSecretData(live, merged);
  assert.deepEqual(m.live?.['data'], { a: '***', b: '*** (before)', gone: '***' });
  assert.deepEqual(m.merged['data'], { a: '***', b: '*** (after)', c: '***' });
  // Only data is masked, and the inputs are left alone.
  assert.deepEqual(m.merged['stringData'], { s: 'plain' });
  assert.deepEqual(live['data'], { a: 'YQ==', b: 'Yg==', gone: 'Zw==' });
});

test('a new Secret: the live side is printed as null (kubectl masks a typed nil)', () => {
  const merged: JsonObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: 'dg==' } };
  const texts = diffFileTexts(undefined, merged, false);
  assert.equal(texts.live, 'null\n');
  assert.equal(texts.merged, "apiVersion: v1\ndata:\n  k: '***'\nkind: Secret\nmetadata:\n  name: s\n");
});

test('only v1 Secrets are masked', () => {
  assert.equal(isMaskedKind({ apiVersion: 'v1', kind: 'Secret' }), true);
  assert.equal(isMaskedKind({ apiVersion: 'v1', kind: 'ConfigMap' }), false);
  assert.equal(isMaskedKind({ apiVersion: 'example.com/v1beta1', kind: 'Secret' }), false);
  const cm: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'v' } };
  assert.match(diffFileTexts(cm, cm, false).merged, /k: v/);
});

test('KUBECTL_EXTERNAL_DIFF: program, then only words of letters, digits, - and =', () => {
  assert.equal(externalDiffCommand({}), undefined);
  assert.equal(externalDiffCommand({ KUBECTL_EXTERNAL_DIFF: '' }), undefined);
  assert.deepEqual(externalDiffCommand({ KUBECTL_EXTERNAL_DIFF: 'colordiff -N -u' }), { program: 'colordiff', args: ['-N', '-u'] });
  assert.deepEqual(externalDiffCommand({ KUBECTL_EXTERNAL_DIFF: 'meld --label "a b" --x=1 /etc' }), { program: 'meld', args: ['--label', '--x=1'] });
  // Split on single spaces: doubled spaces give empty words, which the filter drops.
  assert.deepEqual(externalDiffCommand({ KUBECTL_EXTERNAL_DIFF: 'diff  -u' }), { program: 'diff', args: ['-u'] });
});
