#!/bin/sh
# Regenerates usage-errors.json from the real kubectl 1.33 (offline: these errors come before any
# request; the kubeconfig names a server nothing listens on, so Complete gets as far as its checks).
cd "$(dirname "$0")" && python3 - <<'PY'
import json, subprocess, tempfile, os
K = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33'
kc = os.path.join(tempfile.mkdtemp(), 'config')
open(kc, 'w').write('apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\nusers: [{name: u, user: {token: unused}}]\ncurrent-context: c\n')
cases = json.load(open('usage-errors.json'))
for c in cases:
    r = subprocess.run([K, 'drain'] + c['args'], capture_output=True, text=True, env={'PATH': '/usr/bin:/bin', 'HOME': '/tmp/drain-nohome', 'KUBECONFIG': kc})
    c.update(cmd=' '.join(['kubectl.1.33', 'drain'] + c['args']), stdout=r.stdout, stderr=r.stderr, exit=r.returncode)
json.dump(cases, open('usage-errors.json', 'w'), indent=2)
open('usage-errors.json', 'a').write('\n')
PY
