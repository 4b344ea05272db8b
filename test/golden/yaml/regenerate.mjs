#!/usr/bin/env node
// Regenerates expected/*.out by running real kubectl for every case in cases.json.
// Usage: node test/golden/yaml/regenerate.mjs   (then read the diff before committing)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const KUBECTL_DIR = '/usr/lib/google-cloud-sdk/bin';
const { cases } = JSON.parse(fs.readFileSync(path.join(dir, 'cases.json'), 'utf8'));
fs.mkdirSync(path.join(dir, 'expected'), { recursive: true });
for (const c of cases) {
  const [bin, ...args] = c.argv;
  const out = execFileSync(path.join(KUBECTL_DIR, bin), args, { cwd: dir, encoding: 'utf8' });
  fs.writeFileSync(path.join(dir, c.expected), out);
  console.log(`${c.name}: ${out.length} bytes`);
}

// Manifest reading errors: every file in bad/ through `label --local -o name` (no
// validation), plus `create --dry-run=client` (with validation) for the type-meta cases.
// stdout, stderr and the exit code are recorded in manifest-errors.json.
const run = (argv) => {
  const [bin, ...args] = argv;
  try {
    const stdout = execFileSync(path.join(KUBECTL_DIR, bin), args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { stdout, stderr: '', exit: 0 };
  } catch (e) {
    return { stdout: e.stdout, stderr: e.stderr, exit: e.status };
  }
};
const errorCases = [];
for (const f of fs.readdirSync(path.join(dir, 'bad')).sort()) {
  const argv = ['kubectl.1.33', 'label', '--local', '-f', `bad/${f}`, 'a=b', '-o', 'name'];
  errorCases.push({ file: `bad/${f}`, validate: false, argv, ...run(argv) });
}
for (const f of ['none.yaml', 'nokind.json']) {
  const argv = ['kubectl.1.33', 'create', '-f', `bad/${f}`, '--dry-run=client', '-o', 'name'];
  errorCases.push({ file: `bad/${f}`, validate: true, argv, ...run(argv) });
}
errorCases.push({ file: 'missing.yaml', validate: false, argv: ['kubectl.1.33', 'label', '--local', '-f', 'missing.yaml', 'a=b', '-o', 'name'], ...run(['kubectl.1.33', 'label', '--local', '-f', 'missing.yaml', 'a=b', '-o', 'name']) });
fs.writeFileSync(path.join(dir, 'manifest-errors.json'), JSON.stringify({ cases: errorCases }, null, 2) + '\n');
console.log(`manifest-errors.json: ${errorCases.length} cases`);
