import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { appFiles, imageFiles } from '../../../src/images/image-files.js';
import { resolveImage } from '../../../src/images/registry.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const IMAGE_REPOSITORIES = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

function repo(spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'web' }, spec: { repository: 'example/web', ...spec } };
}

test('files and appFiles: the repository\'s for every tag, a tag\'s own replacing them, sorted by path', () => {
  const r = repo({ behavior: { files: { '/b': '2', '/a': '1' }, appFiles: { '/tmp/ready': '' } }, tags: { '1': {}, '2': { files: { '/c': '3' } } } });
  const one = resolveImage('example/web:1', [r]).behavior;
  const two = resolveImage('example/web:2', [r]).behavior;
  assert.deepEqual(imageFiles(one), [['/a', '1'], ['/b', '2']]);
  assert.deepEqual(imageFiles(two), [['/c', '3']]);
  assert.deepEqual(appFiles(two), [['/tmp/ready', '']]);
  assert.deepEqual(imageFiles({}), []);
});

test('files are validated: a map of absolute path to string content', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const bad = repo({ behavior: { files: { 'tmp/ready': '', '/x': 1 } }, tags: { '1': { appFiles: 'x' } } });
    assert.throws(
      () => c.api.create(IMAGE_REPOSITORIES, undefined, bad),
      (e: Error) => {
        assert.match(e.message, /spec\.behavior\.files\[\/x\]: Invalid value: 1: must be a string/);
        assert.match(e.message, /spec\.behavior\.files\[tmp\/ready\]: Invalid value: "tmp\/ready": must be an absolute path/);
        assert.match(e.message, /spec\.tags\[1\]\.appFiles: Invalid value: "x": must be a map of absolute path to file content/);
        return true;
      },
    );
  } finally {
    c.close();
  }
});
