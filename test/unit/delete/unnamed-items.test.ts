/**
 * delete -f of items kubectl reads no name from (none, or not a string inside a List): client-go
 * refuses the request itself (`resource name may not be empty`, named after the file as
 * AddSourceToErr does), the other items are still deleted. A lone object whose name is not a
 * string fails to decode first, as for every -f command.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

async function kubectl(dir: string, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { KUBEMU_DB: join(dir, 'c.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
  const { io, output } = bufferIO({ cwd: dir, env });
  const code = await main(['node', 'kubectl', ...args], io);
  return { ...output, code };
}

test('delete -f: an item without a string name is refused client-side, the others are deleted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-delete-unnamed-'));
  try {
    assert.equal((await kubectl(dir, 'create', 'configmap', 'keep')).code, 0);
    writeFileSync(
      join(dir, 'list.yaml'),
      [
        'apiVersion: v1',
        'kind: List',
        'items:',
        '- {apiVersion: v1, kind: ConfigMap, metadata: {name: 5}}',
        '- {apiVersion: v1, kind: ConfigMap, metadata: {name: keep}}',
        '',
      ].join('\n'),
    );
    assert.deepEqual(await kubectl(dir, 'delete', '-f', 'list.yaml'), {
      stdout: 'configmap "keep" deleted from default namespace\n',
      stderr: 'error: error when deleting "list.yaml": resource name may not be empty\n',
      code: 1,
    });

    writeFileSync(join(dir, 'unnamed.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: x-}\n');
    assert.deepEqual(await kubectl(dir, 'delete', '-f', 'unnamed.yaml', '--ignore-not-found'), {
      stdout: '',
      stderr: 'error: error when deleting "unnamed.yaml": resource name may not be empty\n',
      code: 1,
    });

    writeFileSync(join(dir, 'five.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: 5}\n');
    assert.deepEqual(await kubectl(dir, 'delete', '-f', 'five.yaml'), {
      stdout: '',
      stderr:
        'error: unable to decode "five.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string\n',
      code: 1,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
