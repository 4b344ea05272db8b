import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ContainerFs } from '../../../src/controllers/kubelet/exec/fs.js';
import { onlyReads, runCommand } from '../../../src/controllers/kubelet/exec/run.js';
import { parseScript } from '../../../src/controllers/kubelet/exec/shell.js';

/** Runs argv on fs; `code stdout|stderr` for short tables. */
function run(fs: ContainerFs, ...argv: string[]): string {
  const r = runCommand(argv, fs);
  if (r.kind === 'no-program') return `no-program ${r.program}`;
  return `${r.exitCode} ${r.stdout}|${r.stderr}`;
}

const sh = (fs: ContainerFs, script: string) => run(fs, 'sh', '-c', script);

test('programs: busybox output, messages and exit codes', () => {
  const fs = ContainerFs.fromImage([['/usr/share/nginx/html/index.html', '<h1>hi</h1>\n']]);
  const cases: [argv: string[], expected: string][] = [
    [['cat', '/usr/share/nginx/html/index.html'], '0 <h1>hi</h1>\n|'],
    [['cat', '/tmp/ready'], "1 |cat: can't open '/tmp/ready': No such file or directory\n"],
    [['cat', '/tmp'], '1 |cat: read error: Is a directory\n'],
    [['/bin/cat', '/dev/null'], '0 |'],
    [['test', '-f', '/tmp/ready'], '1 |'],
    [['test', '-d', '/tmp'], '0 |'],
    [['test', '-e', '/usr/share/nginx'], '0 |'],
    [['[', '-f', '/usr/share/nginx/html/index.html', ']'], '0 |'],
    [['[', '-f', '/x'], '2 |[: missing ]\n'],
    [['ls', '/tmp/ready'], '1 |ls: /tmp/ready: No such file or directory\n'],
    [['ls', '/usr/share/nginx/html'], '0 index.html\n|'],
    [['ls', '/usr/share/nginx/html/index.html'], '0 /usr/share/nginx/html/index.html\n|'],
    [['ls', '-l', '/'], "1 |ls: unrecognized option '-l'\nkubemu: ls is emulated as: ls [-1aA] [PATH]...\n"],
    [['rm', '/tmp/ready'], "1 |rm: can't remove '/tmp/ready': No such file or directory\n"],
    [['rm', '-f', '/tmp/ready'], '0 |'],
    [['rm', '/tmp'], "1 |rm: '/tmp' is a directory\n"],
    [['mkdir', '/tmp'], "1 |mkdir: can't create directory '/tmp': File exists\n"],
    [['mkdir', '/a/b'], "1 |mkdir: can't create directory '/a/b': No such file or directory\n"],
    [['touch', '/nodir/x'], '1 |touch: /nodir/x: No such file or directory\n'],
    [['echo', '-n', 'a', 'b'], '0 a b|'],
    [['false'], '1 |'],
    [['curl', 'localhost'], 'no-program curl'],
    [['/opt/app/bin/cat', 'x'], 'no-program /opt/app/bin/cat'],
  ];
  for (const [argv, expected] of cases) assert.equal(run(fs, ...argv), expected, argv.join(' '));
  assert.equal(fs.changed, false, 'nothing above wrote');
});

test('files: touch, mkdir -p, rm -r and ls see each other; a removed file leaves its directory', () => {
  const fs = ContainerFs.fromImage([['/usr/share/nginx/html/index.html', 'x']]);
  assert.equal(run(fs, 'touch', '/tmp/ready'), '0 |');
  assert.equal(fs.changed, true);
  assert.equal(run(fs, 'test', '-f', '/tmp/ready'), '0 |');
  assert.equal(run(fs, 'cat', '/tmp/ready'), '0 |');
  assert.equal(run(fs, 'mkdir', '-p', '/data/a/b'), '0 |');
  assert.equal(run(fs, 'ls', '/data', '/tmp/ready'), '0 /tmp/ready\n\n/data:\na\n|');
  assert.equal(run(fs, 'rm', '/usr/share/nginx/html/index.html'), '0 |');
  assert.equal(run(fs, 'test', '-d', '/usr/share/nginx/html'), '0 |');
  assert.equal(run(fs, 'ls', '/usr/share/nginx/html'), '0 |');
  assert.equal(run(fs, 'rm', '-rf', '/data'), '0 |');
  assert.equal(run(fs, 'test', '-e', '/data/a'), '1 |');
  assert.equal(run(fs, 'touch', '/tmp/ready/x'), '1 |touch: /tmp/ready/x: Not a directory\n');
  // What is kept is plain JSON and reads back as the same files.
  const again = new ContainerFs(JSON.parse(JSON.stringify(fs.state())) as ReturnType<ContainerFs['state']>);
  assert.equal(run(again, 'ls', '/tmp'), '0 ready\n|');
  assert.equal(run(again, 'ls', '/usr/share/nginx'), '0 html\n|');
});

test('sh -c: &&, ||, ;, newlines, !, exit, quotes and redirections, with their statuses', () => {
  const fs = ContainerFs.fromImage([]);
  const cases: [script: string, expected: string][] = [
    ['touch /tmp/ready && echo ok', '0 ok\n|'],
    ['test -f /tmp/nope && echo yes', '1 |'],
    ['test -f /tmp/nope || echo no', '0 no\n|'],
    ['cat /tmp/nope; echo after', "0 after\n|cat: can't open '/tmp/nope': No such file or directory\n"],
    ['test -f /tmp/nope || exit 3; echo unreachable', '3 |'],
    ['false\necho next', '0 next\n|'],
    ['! test -f /tmp/ready', '1 |'],
    ["echo 'a  b' \"c d\" e\\ f", '0 a  b c d e f\n|'],
    ['echo hello > /tmp/x; echo more >> /tmp/x; cat /tmp/x', '0 hello\nmore\n|'],
    ['cat /tmp/nope >/dev/null 2>&1', '1 |'],
    ['cat /tmp/nope 2>/tmp/err; cat /tmp/err', "0 cat: can't open '/tmp/nope': No such file or directory\n|"],
    ['echo x > /nodir/f', '2 |sh: can\'t create /nodir/f: nonexistent directory\n'],
    ['# a comment\ntrue', '0 |'],
    ['exit', '0 |'],
    ['false; exit', '1 |'],
    ['&& true', '2 |sh: syntax error: unexpected "&&"\n'],
    ['true &&', '2 |sh: syntax error: unexpected end of file\n'],
    ["echo 'open", '2 |sh: syntax error: unterminated quoted string\n'],
  ];
  for (const [script, expected] of cases) assert.equal(sh(fs, script), expected, script);
  assert.match(sh(fs, 'ls / | true'), /^2 \|sh: kubemu does not emulate pipes \(\|\): /);
  assert.match(sh(fs, 'echo $HOME'), /^2 \|sh: kubemu does not emulate expansions \(\$\)/);
  assert.match(sh(fs, 'if true; then echo; fi'), /^2 \|sh: kubemu does not emulate "if"/);
  const notFound = sh(fs, 'wget -q localhost && echo ok');
  assert.match(notFound, /^127 \|sh: wget: not found\nkubemu: "wget" is not emulated: exec runs cat, echo/);
  assert.equal(run(fs, 'sh'), '0 |', 'sh alone reads an empty stdin');
});

test('parse: what joins what, and the redirections in order', () => {
  const parsed = parseScript('a x && b || c; d >/dev/null 2>&1');
  assert.ok('script' in parsed);
  assert.deepEqual(
    parsed.script.map((s) => `${s.op} ${s.cmd.words.join(' ')}`),
    ['; a x', '&& b', '|| c', '; d'],
  );
  assert.deepEqual(parsed.script[3]!.cmd.redirects, [
    { fd: 1, to: { file: '/dev/null', append: false } },
    { fd: 2, to: { dupOf: 1 } },
  ]);
});

test('onlyReads: which exec probes are answered from the files', () => {
  const yes = [['cat', '/tmp/ready'], ['test', '-f', '/tmp/ready'], ['ls', '/tmp/ready'], ['/bin/sh', '-c', 'test -f /tmp/ready && cat /tmp/ready >/dev/null 2>&1']];
  const no = [['touch', '/tmp/x'], ['pg_isready'], ['sh', '-c', 'echo x > /tmp/y'], ['sh', '-c', 'curl -f localhost'], ['sh', '-c', 'ls | wc -l'], ['sh']];
  for (const argv of yes) assert.equal(onlyReads(argv), true, argv.join(' '));
  for (const argv of no) assert.equal(onlyReads(argv), false, argv.join(' '));
});
