import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
/**
 * Replays test/golden/patch/apply/cases.json: real kubectl 1.33 ran `apply` against a
 * stand-in server that returned each case's live object; it recorded what kubectl then
 * sent. computeApply must take the same decision and produce the same request:
 *  - POST: the same object (annotation value byte for byte);
 *  - PATCH: the same Content-Type and the same body bytes (Go's sorted compact JSON);
 *  - nothing sent: `unchanged`.
 * Regenerate with `node test/golden/patch/apply/generate.mjs`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { JsonObject } from '../../../src/common/json.js';
import { computeApply } from '../../../src/kubectl/apply/compute-apply.js';
import { toCompactJson } from '../../../src/common/go-json.js';

interface ApplyCase {
  name: string;
  file: JsonObject;
  live?: JsonObject;
  request: { method: string; contentType: string; body: string } | null;
  stdout: string;
  stderr: string;
}

const golden = JSON.parse(
  readFileSync(join(REPO_ROOT, 'test/golden/patch/apply/cases.json'), 'utf8'),
) as { kubectl: string; results: ApplyCase[] };

const CONTENT_TYPE = { strategic: 'application/strategic-merge-patch+json', merge: 'application/merge-patch+json' };

test('apply golden cases cover create, patch and unchanged', () => {
  const methods = new Set(golden.results.map((c) => c.request?.method ?? 'none'));
  assert.deepEqual([...methods].sort(), ['PATCH', 'POST', 'none']);
});

for (const c of golden.results) {
  test(c.name, () => {
    const action = computeApply(c.live, c.file, 'default');
    const warned = c.stderr.includes('is missing the kubectl.kubernetes.io/last-applied-configuration annotation');
    if (c.request === null) {
      assert.match(c.stdout, / unchanged\n$/);
      assert.deepEqual(action, { action: 'unchanged', missingLastApplied: warned });
    } else if (c.request.method === 'POST') {
      assert.match(c.stdout, / created\n$/);
      assert.equal(action.action, 'create');
      assert.deepStrictEqual(action.action === 'create' && action.object, JSON.parse(c.request.body));
    } else {
      assert.match(c.stdout, / configured\n$/);
      assert.equal(action.action, 'patch');
      if (action.action !== 'patch') return;
      assert.equal(CONTENT_TYPE[action.patchType], c.request.contentType);
      assert.equal(toCompactJson(action.patch), c.request.body);
      assert.equal(action.missingLastApplied, warned);
    }
  });
}
