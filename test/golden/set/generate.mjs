// Regenerates cases.json from cases.src.json by running real kubectl offline (--local):
//   node test/golden/set/generate.mjs [/path/to/kubectl]
// Each case keeps the exact argv, stdout, stderr and exit code; fixtures live in fixtures/.
// Read the diff of cases.json before committing it.
import { spawnSync, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.src.json'), 'utf8'));
const version = execFileSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
const out = [];
for (const c of cases) {
  const r = spawnSync(kubectl, c.args, { cwd: here, encoding: 'utf8', input: c.stdin ?? '' });
  const cmd = `kubectl ${c.args.map((a) => (/^[\w./:=,-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`;
  out.push({ ...c, cmd, stdout: r.stdout, stderr: r.stderr, exitCode: r.status });
}
const header = { kubectl: JSON.parse(version).clientVersion.gitVersion, cases: out };
writeFileSync(join(here, 'cases.json'), JSON.stringify(header, null, 1) + '\n');
console.log(`${out.length} cases, ${out.filter((c) => c.exitCode !== 0).length} failing`);
