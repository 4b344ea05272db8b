#!/bin/sh
# Regenerates usage-errors.json from the real kubectl 1.33 (offline: these errors come before any request).
cd "$(dirname "$0")" && python3 - <<'PY'
import json, subprocess
K = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33'
cases = json.load(open('usage-errors.json'))
for c in cases:
    r = subprocess.run([K, 'port-forward'] + c['args'], capture_output=True, text=True, env={'PATH': '/usr/bin:/bin', 'HOME': '/tmp/pf-nohome', 'KUBECONFIG': '/dev/null'})
    c.update(stdout=r.stdout, stderr=r.stderr, exit=r.returncode)
json.dump(cases, open('usage-errors.json', 'w'), indent=2)
PY
