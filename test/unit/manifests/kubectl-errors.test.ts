import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
/**
 * Manifest reading against recorded kubectl 1.33 behaviour (test/golden/yaml/manifest-errors.json,
 * made by test/golden/yaml/regenerate.mjs): for each bad/odd file, the objects kubectl acted
 * on before failing (`-o name` lines on stdout) and its error line on stderr.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ManifestError, readManifestSourceResults } from '../../../src/kubectl/manifests/index.js';

const repoRoot = REPO_ROOT;
const goldenDir = path.join(repoRoot, 'test/golden/yaml');

interface Recorded {
  file: string;
  validate: boolean;
  argv: string[];
  stdout: string;
  stderr: string;
  exit: number;
}

const { cases } = JSON.parse(fs.readFileSync(path.join(goldenDir, 'manifest-errors.json'), 'utf8')) as {
  cases: Recorded[];
};

/** What `-o name` prints for the core kinds used in these files. */
const nameOf = (o: { [k: string]: unknown }): string =>
  `${String(o['kind']).toLowerCase()}/${String((o['metadata'] as { name?: string } | undefined)?.name)}`;

/**
 * kubectl's output for one source: objects are printed as they are visited; a decode error
 * of one document is reported and the stream goes on; a syntax error stops it.
 */
function replay(file: string, validate: boolean): { stdout: string; stderr: string } {
  let sources;
  try {
    sources = readManifestSourceResults([file], { recursive: false, stdin: () => '', cwd: goldenDir, validate });
  } catch (err) {
    assert.ok(err instanceof ManifestError);
    return { stdout: '', stderr: `error: ${err.message}\n` };
  }
  let stdout = '';
  const errors: string[] = [];
  for (const s of sources) {
    for (const d of s.documents) {
      for (const o of d.objects) stdout += nameOf(o) + '\n';
      if (d.error) errors.push(d.error.message);
    }
    if (s.error) errors.push(s.error.message);
  }
  return { stdout, stderr: errors.map((e) => `error: ${e}\n`).join('') };
}

for (const c of cases) {
  test(`kubectl parity: ${c.argv.slice(1).join(' ')}`, () => {
    const got = replay(c.file, c.validate);
    assert.equal(got.stderr, c.stderr);
    assert.equal(got.stdout, c.stdout);
  });
}
