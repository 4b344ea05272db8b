#!/usr/bin/env node
// Records how kubectl's label selector parser (apimachinery labels.ParseToRequirements, the
// same parser as labels.Parse) judges each selector of selectors.json, by running
//   kubectl.1.33 set selector --local -f service.yaml <selector> -o jsonpath={.spec.selector}
// `set selector` parses the string offline and reports a parse failure as
//   error: couldn't parse the selector string "<selector>": <apimachinery message>
// Other failures (set-based requirements on a Service) happen after a successful parse.
// Usage: node test/golden/jsonpath/selectors/generate.mjs [kubectl-binary]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const selectors = JSON.parse(readFileSync(join(here, 'selectors.json'), 'utf8'));
const out = selectors.map((selector) => {
  const args = ['set', 'selector', '--local', '-f', 'service.yaml', selector, '-o', 'jsonpath={.spec.selector}'];
  const r = spawnSync(kubectl, args, { cwd: here, encoding: 'utf8' });
  return { command: ['kubectl', ...args], stdout: r.stdout, stderr: r.stderr, exitCode: r.status };
});
writeFileSync(join(here, 'expected.json'), JSON.stringify(out, null, 2) + '\n');
console.log(`${out.length} selectors recorded`);
