#!/usr/bin/env node
// Regenerates expected/*.json for the custom-columns cases from the real kubectl, which
// lists the objects of objects.json from a loopback stand-in API server:
//   kubectl.1.33 --server=http://127.0.0.1:PORT get <resource> -o custom-columns=<spec> [flags]
//   kubectl.1.33 ... get <resource> -o custom-columns-file=<file> [flags]
// Usage: node test/golden/jsonpath/custom-columns/generate.mjs [kubectl-binary]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeApiserver } from './fake-apiserver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));
const objects = JSON.parse(readFileSync(join(here, 'objects.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'kubemu-cc-'));
mkdirSync(join(here, 'expected'), { recursive: true });

function run(args) {
  return new Promise((resolve) => {
    const p = spawn(kubectl, args, { env: { ...process.env, KUBECONFIG: '/dev/null', HOME: scratch } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ stdout, stderr, exitCode: code }));
  });
}

const server = await startFakeApiserver(objects);
const port = server.address().port;
for (const c of cases) {
  let output = `custom-columns=${c.spec}`;
  if (c.file !== undefined) {
    const f = join(scratch, `${c.name}.txt`);
    writeFileSync(f, c.file);
    output = `custom-columns-file=${f}`;
  }
  const args = [`--server=http://127.0.0.1:${port}`, `--cache-dir=${join(scratch, 'cache')}`, 'get', c.resource, '-o', output, ...(c.flags ?? [])];
  const r = await run(args);
  const shown = ['kubectl', '--server=http://127.0.0.1:PORT', 'get', c.resource, '-o', c.file !== undefined ? 'custom-columns-file=FILE' : output, ...(c.flags ?? [])];
  writeFileSync(join(here, 'expected', `${c.name}.json`), JSON.stringify({ command: shown, ...r }, null, 2) + '\n');
}
server.close();
console.log(`${cases.length} cases written`);
