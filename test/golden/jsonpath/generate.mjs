#!/usr/bin/env node
// Regenerates test/golden/jsonpath/expected/*.json from the real kubectl.
//
// Each case of cases.json is run as
//   kubectl.1.33 patch --local -f inputs/<input> -p '{}' --type merge -o <format>=<template> [flags]
// An empty merge patch leaves the object as it is, and `patch --local` hands the printer
// the unstructured object, the same shape `kubectl get` prints. Usage (from the repo root):
//   node test/golden/jsonpath/generate.mjs [kubectl-binary]
// Read every changed file before committing it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));
mkdirSync(join(here, 'expected'), { recursive: true });
for (const c of cases) {
  const format = c.format ?? 'jsonpath';
  const args = ['patch', '--local', '-f', join('inputs', c.input), '-p', '{}', '--type', 'merge', '-o', `${format}=${c.template}`, ...(c.flags ?? [])];
  const r = spawnSync(kubectl, args, { cwd: here, encoding: 'utf8' });
  const out = { command: ['kubectl', ...args], stdout: r.stdout, stderr: r.stderr, exitCode: r.status };
  writeFileSync(join(here, 'expected', `${c.name}.json`), JSON.stringify(out, null, 2) + '\n');
}
console.log(`${cases.length} cases written`);
