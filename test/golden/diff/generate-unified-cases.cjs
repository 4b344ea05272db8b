// Regenerates unified-cases.json: every case's expected text is what GNU diff (diffutils 3.8)
// prints for `diff -u --label old --label new OLD NEW` (the command is stored per case).
// Run: node test/golden/diff/generate-unified-cases.cjs
const { spawnSync } = require('node:child_process');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');

const lines = (n, f = (i) => `line ${i}`) => Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('');
const yaml = (image, gen, cause) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations:\n    deployment.kubernetes.io/revision: "1"\n    kubernetes.io/change-cause: ${cause}\n  generation: ${gen}\n  labels:\n    app.kubernetes.io/name: hello\n  name: hello\n  namespace: default\nspec:\n  replicas: 4\n  template:\n    spec:\n      containers:\n      - image: ${image}\n        imagePullPolicy: IfNotPresent\n        name: hello\n      - image: sidecar\n        imagePullPolicy: IfNotPresent\n        name: side\nstatus: {}\n`;
const cases = [
  ['identical', 'a\nb\n', 'a\nb\n'],
  ['empty to content (a created object)', '', 'a\nb\nc\n'],
  ['content to empty', 'a\nb\nc\n', ''],
  ['one line changed', 'a\nb\nc\n', 'a\nx\nc\n'],
  ['first line changed', lines(10), lines(10).replace('line 1\n', 'first\n')],
  ['last line changed', lines(10), lines(10).replace('line 10\n', 'last\n')],
  ['single line file', 'a\n', 'b\n'],
  ['insert at start', lines(8), 'new\n' + lines(8)],
  ['append at end', lines(8), lines(8) + 'new\n'],
  ['changes 6 unchanged lines apart share a hunk', lines(20), lines(20).replace('line 5\n', 'x\n').replace('line 12\n', 'y\n')],
  ['changes 7 unchanged lines apart are two hunks', lines(20), lines(20).replace('line 5\n', 'x\n').replace('line 13\n', 'y\n')],
  ['three hunks', lines(40), lines(40).replace('line 2\n', 'x\n').replace('line 20\n', '').replace('line 38\n', 'z\nzz\n')],
  ['no newline at end on both sides', 'a\nb', 'a\nc'],
  ['newline added at end', 'a\nb', 'a\nb\n'],
  ['newline removed at end', 'a\nb\n', 'a\nb'],
  ['no newline, change earlier', lines(10) + 'end', lines(10).replace('line 3\n', 'x\n') + 'end'],
  ['insert into a run of equal lines', 'x\na\na\na\ny\n', 'x\na\na\na\na\ny\n'],
  ['delete from a run of equal lines', 'x\na\na\na\ny\n', 'x\na\na\ny\n'],
  ['insert a repeated block', 'a\nb\na\nb\nc\n', 'a\nb\na\nb\na\nb\nc\n'],
  ['the article: change-cause, generation and image', yaml('ghcr.io/example/hello:1.0', 1, 'hello 1.0'), yaml('ghcr.io/example/hello:1.1', 2, 'hello 1.1')],
  ['second container changed (repeated keys around)', yaml('h', 1, 'c'), yaml('h', 1, 'c').replace('image: sidecar', 'image: sidecar:2')],
  ['container removed', yaml('h', 1, 'c'), yaml('h', 1, 'c').replace('      - image: sidecar\n        imagePullPolicy: IfNotPresent\n        name: side\n', '')],
  ['everything replaced', 'a\nb\nc\n', 'x\ny\nz\n'],
  ['empty file to a file without newline', '', 'only'],
];

const dir = mkdtempSync(join(tmpdir(), 'gnu-diff-'));
const out = cases.map(([name, oldText, newText]) => {
  writeFileSync(join(dir, 'old'), oldText);
  writeFileSync(join(dir, 'new'), newText);
  const args = ['-u', '--label', 'old', '--label', 'new', 'old', 'new'];
  const r = spawnSync('diff', args, { cwd: dir, encoding: 'utf8' });
  return { name, cmd: `diff ${args.join(' ')}`, old: oldText, new: newText, status: r.status, expected: r.stdout };
});
rmSync(dir, { recursive: true });
writeFileSync(join(__dirname, 'unified-cases.json'), JSON.stringify({ diff: spawnSync('diff', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0], cases: out }, null, 1) + '\n');
