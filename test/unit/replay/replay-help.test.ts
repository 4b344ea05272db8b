import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

// Issue 9, defect 10: a transcript's `awk '{system(...)}'`, sed's `e`, redirections and
// `PATH=... kubectl` run, so `replay --help` must not leave the impression of a sandbox.
test('replay --help says a transcript is a shell script run with the user\'s rights, not confined', async () => {
  const { io, output } = bufferIO({ env: {} });
  const code = await main(['node', 'kubemu', 'replay', '--help'], io);
  assert.equal(code, 0);
  const help = output.stdout.replace(/\s+/g, ' ');
  assert.match(help, /A transcript is a shell script\./);
  assert.match(help, /runs through sh -c with your user's rights/);
  assert.match(help, /nothing confines it/);
  assert.match(help, /a redirection can write to any path/);
  assert.match(help, /not a sandbox/);
});
