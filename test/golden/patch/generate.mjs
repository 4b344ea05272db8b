// Regenerates cases.json from cases.src.json by running real kubectl offline:
//   node test/golden/patch/generate.mjs [/path/to/kubectl]
// Each case records the exact command; the fixture files live in fixtures/.
// Read the diff of cases.json before committing it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.src.json'), 'utf8'));
const version = execFileSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
const out = [];
for (const c of cases) {
  const patch = JSON.stringify(c.patch);
  const args = ['patch', '--local', '-f', `fixtures/${c.fixture}.json`, '--type', c.type, '-p', patch, '-o', 'json'];
  const cmd = `kubectl ${args.map((a) => (/^[\w./:-]+$/.test(a) ? a : `'${a}'`)).join(' ')}`;
  let result;
  try {
    const stdout = execFileSync(kubectl, args, { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    result = { expected: JSON.parse(stdout) };
  } catch (e) {
    // stderr verbatim: `error: <message>` plus a newline unless the message ends with one.
    result = { stderr: String(e.stderr), exitCode: e.status };
  }
  out.push({ ...c, cmd, ...result });
}
const header = { kubectl: JSON.parse(version).clientVersion.gitVersion, cases: out };
writeFileSync(join(here, 'cases.json'), JSON.stringify(header, null, 1) + '\n');
console.log(`${out.length} cases, ${out.filter((c) => c.stderr !== undefined).length} failing`);
