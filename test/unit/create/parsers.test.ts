import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEnvFile, type EnvPair } from '../../../src/kubectl/generate/env-file.js';
import { int32Flag, stringSlice } from '../../../src/kubectl/generate/flag-values.js';
import { goPathBase, parseFileSource, parseLiteralSource } from '../../../src/kubectl/generate/source-specs.js';
import { isImageReference } from '../../../src/kubectl/generate/image-reference.js';
import { containerNameForImage } from '../../../src/kubectl/generate/container-name.js';
import { parseServicePort } from '../../../src/kubectl/generate/service-ports.js';
import { UsageError } from '../../../src/kubectl/util/errors.js';

function envPairs(text: string | Buffer, env: NodeJS.ProcessEnv = {}): EnvPair[] {
  const out: EnvPair[] = [];
  parseEnvFile(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), 'f.env', env, (p) => out.push(p));
  return out;
}

test('env files: BOM on line 1 only, CRLF, leading space, comments, values from the environment', () => {
  assert.deepEqual(envPairs('\uFEFF  X=1\r\n  # c\n\nY\nZ= spaced value \n', { Y: 'from env' }), [
    { key: 'X', value: '1' },
    { key: 'Y', value: 'from env' },
    { key: 'Z', value: ' spaced value ' },
  ]);
  assert.throws(() => envPairs('A=1\n\uFEFFB=2\n'), /"\uFEFFB" is not a valid key name/);
  assert.throws(() => envPairs(Buffer.from([0x41, 0x3d, 0xff])), { message: 'env file f.env contains invalid utf8 bytes at line 1: [65 61 255]' });
  assert.throws(() => envPairs('..=x\n'), { message: `".." is not a valid key name: must not be '..'` });
});

test('pflag string slices read each occurrence as a CSV record', () => {
  assert.deepEqual(stringSlice(['a,b', 'c']), ['a', 'b', 'c']);
  assert.deepEqual(stringSlice(['"x,y",z']), ['x,y', 'z']);
  assert.deepEqual(stringSlice(['']), []);
  assert.deepEqual(stringSlice(undefined), []);
});

test('pflag int32 takes ParseInt base 0 and words errors like pflag', () => {
  assert.equal(int32Flag('0x10', '--port', 'create deployment'), 16);
  assert.equal(int32Flag('017', '--port', 'create deployment'), 15);
  assert.equal(int32Flag('-1', '--port', 'create deployment'), -1);
  assert.throws(
    () => int32Flag('2147483648', '-r, --replicas', 'create deployment'),
    (e: unknown) =>
      e instanceof UsageError &&
      e.message === 'invalid argument "2147483648" for "-r, --replicas" flag: strconv.ParseInt: parsing "2147483648": value out of range',
  );
  assert.throws(() => int32Flag('08', '--port', 'x'), /invalid syntax/);
});

test('literal and file sources', () => {
  assert.deepEqual(parseLiteralSource('b=x=y'), { key: 'b', value: 'x=y' });
  assert.deepEqual(parseLiteralSource('k='), { key: 'k', value: '' });
  assert.throws(() => parseLiteralSource('=v'), { message: 'invalid literal source =v, expected key=value' });
  assert.deepEqual(parseFileSource('dir/sub/file.txt'), { key: 'file.txt', path: 'dir/sub/file.txt' });
  assert.deepEqual(parseFileSource('k=/etc/hosts'), { key: 'k', path: '/etc/hosts' });
  assert.equal(goPathBase('a/b/'), 'b');
  assert.equal(goPathBase('/'), '/');
  assert.equal(goPathBase(''), '.');
});

test('image references as distribution/reference matches them', () => {
  for (const ok of ['nginx', 'ghcr.io/example/hello:1.0', 'localhost:5000/a/b_c.d-e:tag', `busybox@sha256:${'a'.repeat(64)}`]) {
    assert.ok(isImageReference(ok), ok);
  }
  for (const bad of ['Foo/BAR', 'nginx:', 'a//b', '-x', `x@sha256:${'a'.repeat(31)}`]) assert.ok(!isImageReference(bad), bad);
});

test('container names from images', () => {
  const suffix = () => 'abcde';
  assert.equal(containerNameForImage('ghcr.io/example/hello:1.0', suffix), 'hello');
  assert.equal(containerNameForImage(`busybox@sha256:${'0'.repeat(64)}`, suffix), 'busybox');
  assert.equal(containerNameForImage('my.reg/x_y.z:1', suffix), 'x-y-z-abcde');
});

test('service port specs', () => {
  assert.deepEqual(parseServicePort('5678:8080'), { name: '5678-8080', protocol: 'TCP', port: 5678, targetPort: 8080 });
  assert.deepEqual(parseServicePort('443:https'), { name: '443-https', protocol: 'TCP', port: 443, targetPort: 'https' });
  assert.throws(() => parseServicePort('80:-1'), { message: 'must be between 1 and 65535, inclusive' });
  assert.throws(() => parseServicePort('80:a--b'), { message: 'must not contain consecutive hyphens' });
});
