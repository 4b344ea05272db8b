import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTranscript } from '../../../src/tools/replay/parse-transcript.js';
import { runTranscript } from '../../../src/tools/replay/run-transcript.js';

test('a generated name before `kubemu cluster create` looks for no candidates (it would create the cluster file)', () => {
  const work = mkdtempSync(join(tmpdir(), 'kubemu-elim-test-'));
  try {
    const t = parseTranscript(['$ echo hello-8c9694f75-4nf7n', 'hello-8c9694f75-4nf7n', '$ kubemu cluster create', 'cluster created'].join('\n'), 'txt');
    const results = runTranscript(t.steps, { seed: 1, workdir: work, pause: '0s' });
    const last = results[1]!;
    assert.equal(last.kind, 'ran');
    if (last.kind === 'ran') assert.match(last.output, /^cluster created: ~\/cluster\.db/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
