// Regenerates cases.json from cases.src.json by running real kubectl offline (no kubeconfig,
// no cluster: every case is --local or fails before kubectl would contact a server):
//   node test/golden/label-annotate/generate.mjs [/path/to/kubectl]
// Each case stores the exact command line; fixtures/ is the working directory.
// Read the diff of cases.json before committing it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, 'fixtures');
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.src.json'), 'utf8'));
const home = mkdtempSync(join(tmpdir(), 'kubectl-home-'));
const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' };
const version = JSON.parse(spawnSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8', env }).stdout);

const shellQuote = (a) => (/^[\w./:=,@%+-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
const out = [];
for (const c of cases) {
  const input = c.stdinFile ? readFileSync(c.stdinFile.startsWith('/') ? c.stdinFile : join(fixtures, c.stdinFile)) : '';
  const r = spawnSync(kubectl, c.args, { cwd: fixtures, env, input, encoding: 'utf8' });
  if (/localhost:8080|memcache\.go/.test(r.stderr)) throw new Error(`case "${c.name}" reached for a server:\n${r.stderr}`);
  const cmd = ['kubectl', ...c.args].map(shellQuote).join(' ') + (c.stdinFile ? ` < ${c.stdinFile}` : '');
  out.push({ ...c, cmd, stdout: r.stdout, stderr: r.stderr, exitCode: r.status });
}
writeFileSync(join(here, 'cases.json'), JSON.stringify({ kubectl: version.clientVersion.gitVersion, cases: out }, null, 1) + '\n');
console.log(`${out.length} cases, ${out.filter((c) => c.exitCode !== 0).length} failing`);
