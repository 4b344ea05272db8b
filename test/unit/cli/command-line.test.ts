import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandName } from '../../../src/cli/commands.js';
import { Command } from 'commander';
import { rewritePflagForms } from '../../../src/kubectl/cmd/util/program.js';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

test('the command a line names skips global flags and their values', () => {
  assert.equal(commandName(['get', 'pods']), 'get');
  assert.equal(commandName(['-n', 'kube-system', 'get', 'pods']), 'get');
  assert.equal(commandName(['--db', 'x.db', '--namespace', 'a', 'delete', 'pod', 'x']), 'delete');
  assert.equal(commandName(['--db=x.db', 'apply']), 'apply');
  assert.equal(commandName(['--help']), undefined);
});

test('pflag shorthand with = is read with the command\'s own options', () => {
  const cmd = new Command('get')
    .option('-o, --output <format>')
    .option('-w, --watch [bool]')
    .option('-A, --all-namespaces');
  assert.deepEqual(rewritePflagForms(cmd, ['pods', '-o=yaml', '-w=false', '-A=true', '-w', '--', '-o=x']), [
    'pods',
    '-o',
    'yaml',
    '--watch=false',
    '-A',
    '--watch=true',
    '--',
    '-o=x',
  ]);
  assert.deepEqual(rewritePflagForms(cmd, ['-A=false', '-q=1']), ['-q=1']);
});

test('a bare optional-value flag never swallows the next argument', async () => {
  const { io, output } = bufferIO({ env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const code = await main(['node', 'kubectl', '--db', ':memory:', 'get', '--show-labels', 'ns', 'default'], io);
  assert.equal(output.stderr, '');
  assert.equal(code, 0);
  assert.match(output.stdout, /^NAME +STATUS +AGE +LABELS\ndefault +Active +0s +kubernetes.io\/metadata.name=default\n$/);
});
