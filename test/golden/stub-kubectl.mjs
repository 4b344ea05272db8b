// Runs the real kubectl against a stand-in API server on 127.0.0.1 (the golden generators' loopback
// server): listens on a free port, points a throwaway kubeconfig at it, runs kubectl with only PATH,
// HOME and KUBECONFIG (plus `env`), then closes the server and removes the kubeconfig.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(kubectl, args, env) {
  return new Promise((resolve) => {
    execFile(kubectl, args, { env, timeout: 20000 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, exitCode: err ? (typeof err.code === 'number' ? err.code : 1) : 0 });
    });
  });
}

/** `server`: an http.Server not listening yet. Returns kubectl's { stdout, stderr, exitCode }. */
export async function kubectlAgainst(server, kubectl, args, { tmpPrefix, env = {} }) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  const home = mkdtempSync(join(tmpdir(), tmpPrefix));
  try {
    writeFileSync(
      join(home, 'config'),
      [
        'apiVersion: v1',
        'kind: Config',
        `clusters: [{name: stub, cluster: {server: "http://127.0.0.1:${port}"}}]`,
        'contexts: [{name: stub, context: {cluster: stub, user: stub, namespace: default}}]',
        'current-context: stub',
        'users: [{name: stub, user: {}}]',
        '',
      ].join('\n'),
    );
    return await run(kubectl, args, { PATH: process.env.PATH ?? '', HOME: home, KUBECONFIG: join(home, 'config'), ...env });
  } finally {
    server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
